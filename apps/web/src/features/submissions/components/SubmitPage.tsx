import { Alert, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { deShell } from '../../../i18n/de.shell';
import { deSubmit } from '../../../i18n/de.submit';
import { ApiError } from '../../../lib/api';
import { usePageTitle } from '../../../lib/usePageTitle';
import { submitPageQueryOptions } from '../submitQueries';
import { SubmitForm } from './submit/SubmitForm';

const t = deSubmit.submit;

/**
 * `/submit/{taskId}`: the public page where students hand in photos and PDFs from their phones, without an
 * account. Each file is its own request, so every file has its own progress bar and can be retried alone;
 * nothing is dropped from the list until it is uploaded or the student removes it. Opened from a printed
 * worksheet's QR code (`printToken`), the student on the worksheet is preselected.
 */
export function SubmitPage({ taskId, printToken }: { taskId: string; printToken?: string }) {
  usePageTitle(deShell.titles.submit);
  const query = useQuery(submitPageQueryOptions(taskId, printToken));

  if (query.isPending) {
    return (
      <Group gap="xs" role="status">
        <Loader size="sm" />
        <Text>{t.loading}</Text>
      </Group>
    );
  }
  if (query.isError) {
    const notFound = query.error instanceof ApiError && query.error.status === 404;
    return (
      <Stack gap="md">
        <Title order={1}>{deShell.titles.submit}</Title>
        <Alert color="red" role="alert">
          {notFound ? t.notFound : t.loadFailed}
        </Alert>
        {!notFound && (
          <div>
            <Button onClick={() => void query.refetch()}>{t.reload}</Button>
          </div>
        )}
      </Stack>
    );
  }
  return <SubmitForm taskId={taskId} page={query.data} />;
}
