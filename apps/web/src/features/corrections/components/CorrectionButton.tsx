import type { SubmissionListEntry } from '@app/contract';
import { Button, Loader, Tooltip } from '@mantine/core';
import { de } from '../../../i18n/de';
import { useAiEnabled } from '../../ai';
import { useRequestCorrections } from '../queries';

const t = de.corrections;

/**
 * Per row of the submissions table: "KI-Korrektur" for a hand-in that waits, "erneut versuchen" after a
 * failure (also a correction stuck for over 5 minutes, which the list shows as error), a spinner while it
 * runs. Nothing without an AI provider (the bar above the table explains why).
 */
export function CorrectionButton({
  taskId,
  entry,
  name,
  cost,
}: {
  taskId: string;
  entry: SubmissionListEntry;
  name: string;
  cost: number;
}) {
  const aiEnabled = useAiEnabled();
  const request = useRequestCorrections(taskId);
  if (!aiEnabled || entry.files.length === 0) return null;
  if (entry.display_status === 'in Korrektur')
    return <Loader size="xs" aria-label={t.running(1)} role="status" />;
  if (entry.display_status === 'error')
    return (
      <Tooltip label={t.failedHint} multiline w={240}>
        <Button
          size="compact-xs"
          color="red"
          variant="light"
          loading={request.isPending}
          aria-label={t.retryLabel(name)}
          onClick={() => request.mutate({ submissionId: entry.id })}
        >
          {t.retry}
        </Button>
      </Tooltip>
    );
  if (entry.display_status !== 'abgegeben') return null;
  return (
    <Button
      size="compact-xs"
      variant="light"
      loading={request.isPending}
      aria-label={t.oneLabel(name, cost)}
      onClick={() => request.mutate({ submissionId: entry.id })}
    >
      {t.one}
    </Button>
  );
}
