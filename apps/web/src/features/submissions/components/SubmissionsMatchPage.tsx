import { Stack, Title } from '@mantine/core';
import { AnchorLink } from '../../../components/links';
import { de } from '../../../i18n/de';
import { usePageTitle } from '../../../lib/usePageTitle';
import { FileMatcher } from './FileMatcher';

/** `/classes/{classId}/tasks/{taskId}/submissions/match` (default layout). */
export function SubmissionsMatchPage({ classId, taskId }: { classId: string; taskId: string }) {
  usePageTitle(de.titles.submissionsMatch);
  return (
    <Stack gap="md">
      <AnchorLink to="/classes/$classId/tasks/$taskId" params={{ classId, taskId }} size="sm">
        ← {de.submissions.match.back}
      </AnchorLink>
      <Title order={1}>{de.titles.submissionsMatch}</Title>
      <FileMatcher taskId={taskId} />
    </Stack>
  );
}
