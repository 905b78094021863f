import type { SubmissionListEntry } from '@app/contract';
import { Button, Group, Progress, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { de } from '../../../i18n/de';
import { useRealtimeEvents } from '../../../lib/events';
import { toast } from '../../../lib/toast';
import { AiNotConfiguredNotice, useAiEnabled } from '../../ai';
import { correctionPreviewQueryOptions, useRequestCorrections } from '../queries';
import { RubricIncompleteNotice } from './RubricIncompleteNotice';

const t = de.corrections;

/** How far the running corrections are: "12 von 28 korrigiert" over the hand-ins (submissions with files). */
export function correctionProgress(entries: readonly SubmissionListEntry[]) {
  const handedIn = entries.filter((e) => e.files.length > 0);
  const running = handedIn.filter((e) => e.display_status === 'in Korrektur').length;
  const done = handedIn.filter(
    (e) => e.display_status === 'korrigiert' || e.display_status === 'ausgeteilt',
  ).length;
  return { running, done, total: handedIn.length };
}

/**
 * Above the submissions table: "KI-Korrektur für alle" with what it costs, a progress bar while corrections
 * run, live updates through the realtime stream, and a toast when a correction fails. Without an AI
 * provider it explains that instead (manual grading works either way).
 */
export function CorrectionBar({
  taskId,
  entries,
}: {
  taskId: string;
  entries: readonly SubmissionListEntry[];
}) {
  const aiEnabled = useAiEnabled();
  const preview = useQuery({ ...correctionPreviewQueryOptions(taskId), enabled: aiEnabled });
  const request = useRequestCorrections(taskId);

  // Live: a change of a submission of this task refreshes the list and the price preview (lib/events.ts).
  useRealtimeEvents();
  useFailureToasts(entries);

  if (!aiEnabled) return <AiNotConfiguredNotice variant="inline" />;
  const { running, done, total } = correctionProgress(entries);
  const waiting = preview.data?.waiting ?? 0;
  const cost = waiting * (preview.data?.costPerSubmission ?? 0);
  const affordable = preview.data === undefined || preview.data.coinCount >= cost;

  return (
    <Stack gap={6}>
      <Group gap="sm" wrap="wrap" align="center">
        <Button
          size="xs"
          onClick={() => request.mutate({ taskId })}
          loading={request.isPending}
          disabled={waiting === 0 || !affordable}
          aria-label={t.allLabel(waiting, cost)}
        >
          {t.all}
        </Button>
        {preview.data && (
          <Text size="sm" c="dimmed">
            {t.cost(waiting, cost, preview.data.coinCount)}
          </Text>
        )}
      </Group>
      {!affordable && (
        <Text size="sm" c="red">
          {t.notEnough}
        </Text>
      )}
      <RubricIncompleteNotice taskId={taskId} />
      {running > 0 && (
        <Stack gap={2}>
          <Text size="sm" aria-live="polite" data-testid="correction-progress">
            {t.progress(done, total)}
          </Text>
          <Progress value={total === 0 ? 0 : (done / total) * 100} aria-label={t.progressLabel} animated />
        </Stack>
      )}
    </Stack>
  );
}

/** One toast 'Fehler beim Generieren des Feedbacks' for each submission whose correction just failed. */
function useFailureToasts(entries: readonly SubmissionListEntry[]) {
  const seen = useRef(new Map<string, SubmissionListEntry['display_status']>());
  useEffect(() => {
    for (const entry of entries) {
      const before = seen.current.get(entry.id);
      if (before === 'in Korrektur' && entry.display_status === 'error')
        toast.error(de.toasts.corrections.generateFailed);
      seen.current.set(entry.id, entry.display_status);
    }
  }, [entries]);
}
