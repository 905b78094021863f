import { Button, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { de } from '../../../i18n/de';
import { toast, toastApiError } from '../../../lib/toast';
import { downloadAccountExport } from '../queries';

/** "Export my data": the whole account as a ZIP, downloaded by the browser. */
export function ExportData() {
  const t = de.account.export;
  const download = useMutation({
    mutationFn: downloadAccountExport,
    onSuccess: () => toast.success(t.done),
    onError: (error) => toastApiError(error, t.failed),
  });
  return (
    <Stack gap="sm" align="flex-start">
      <Text size="sm">{t.text}</Text>
      <Button variant="light" loading={download.isPending} onClick={() => download.mutate()}>
        {t.button}
      </Button>
      {download.isPending && (
        <Text size="sm" c="dimmed" role="status">
          {t.working}
        </Text>
      )}
    </Stack>
  );
}
