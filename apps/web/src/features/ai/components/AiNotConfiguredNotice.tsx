import { Alert, Text } from '@mantine/core';
import { de } from '../../../i18n/de';
import { useAiEnabled } from '../useAiEnabled';

interface AiNotConfiguredNoticeProps {
  /** `inline`: one short line (beside a disabled button); `alert` (default): a box with the full text. */
  variant?: 'alert' | 'inline';
}

/**
 * Explains why AI buttons are off when the server has no AI provider (ARCHITECTURE.md §7: AI_PROVIDER=none).
 * Renders nothing when AI is available.
 */
export function AiNotConfiguredNotice({ variant = 'alert' }: AiNotConfiguredNoticeProps) {
  const enabled = useAiEnabled();
  if (enabled) return null;
  if (variant === 'inline')
    return (
      <Text size="sm" c="dimmed" title={de.errors.AI_NOT_CONFIGURED}>
        {de.notifications.ai.notConfiguredShort}
      </Text>
    );
  return (
    <Alert color="gray" variant="light" title={de.notifications.ai.notConfiguredTitle} role="note">
      {de.errors.AI_NOT_CONFIGURED}
    </Alert>
  );
}
