import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { de } from '../../../i18n/de';
import { useDataExport } from '../../../lib/useDataExport';
import { classQueryOptions, downloadClassExport, useDeleteClass } from '../queries';

/** "Daten exportieren" (ADR 022): everything of the class as a ZIP, downloaded by the browser. */
export function ClassDataExport({ classId }: { classId: string }) {
  const t = de.dataRights.classCard;
  const download = useDataExport(downloadClassExport);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="class-data">
      <Stack gap="sm" align="flex-start">
        <Title order={2} size="h4" id="class-data">
          {t.heading}
        </Title>
        <Text size="sm" c="dimmed">
          {t.text}
        </Text>
        <Button variant="light" loading={download.isPending} onClick={() => download.mutate(classId)}>
          {t.export}
        </Button>
        {download.isPending && (
          <Text size="sm" c="dimmed" role="status">
            {de.dataRights.exportWorking}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

/** Deleting the class (after a confirmation); the teacher goes on in the class list. */
export function DeleteClass({ classId }: { classId: string }) {
  const { data: cls } = useSuspenseQuery(classQueryOptions(classId));
  const remove = useDeleteClass();
  const navigate = useNavigate();
  const [confirm, setConfirm] = useState(false);

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="delete-class">
      <Stack gap="sm">
        <Title order={2} size="h4" id="delete-class">
          {de.classes.dangerHeading}
        </Title>
        <Text size="sm" c="dimmed">
          {de.classes.dangerText}
        </Text>
        <Group>
          <Button color="red" variant="light" onClick={() => setConfirm(true)}>
            {de.classes.deleteConfirm}
          </Button>
        </Group>
      </Stack>
      <ConfirmDialog
        opened={confirm}
        title={de.classes.deleteTitle}
        text={de.classes.deleteText(cls.name)}
        confirmLabel={de.classes.deleteConfirm}
        onCancel={() => setConfirm(false)}
        onConfirm={() => {
          setConfirm(false);
          // The class leaves the list at once (PRODUCT.md §4); the list is where the teacher goes on working.
          remove.mutate(cls);
          void navigate({ to: '/classes' });
        }}
      />
    </Paper>
  );
}
