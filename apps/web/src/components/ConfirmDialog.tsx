import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { de } from '../i18n/de';

interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  /** Red for destructive actions (default). */
  color?: string;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asks before something that cannot be undone (deleting, rotating a code). */
export function ConfirmDialog({
  opened,
  title,
  text,
  confirmLabel,
  color = 'red',
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Modal opened={opened} onClose={onCancel} title={title} centered>
      <Stack gap="md">
        <Text>{text}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {de.common.cancel}
          </Button>
          <Button color={color} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
