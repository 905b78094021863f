import type { DisplayStatus, GradeChange, GradingSkillFeedback } from '@app/contract';
import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { de } from '../../../i18n/de';
import { toast, toastApiError } from '../../../lib/toast';
import { downloadGradeChanges, gradeChangesQueryOptions, useAcceptSuggestions } from '../queries';

const h = de.gradeAudit.history;
const a = de.gradeAudit.accept;

const who = (change: GradeChange) =>
  change.actor === 'ai' ? h.ai : change.mine ? h.you : change.teacher_name || h.teacher;

/** The grading page's "Änderungsverlauf" (ADR 026): who changed which score when, and the CSV exports. */
export function GradeChangesPanel({
  submissionId,
  taskId,
  viewUpdatedAt,
  fileName,
  taskTitle,
}: {
  submissionId: string;
  taskId: string;
  /** The grading view's `updated_at`: a newer view (e.g. the AI's suggestions arrived) reloads the list. */
  viewUpdatedAt: string;
  /** Names the downloaded files. */
  fileName: string;
  taskTitle: string;
}) {
  const headingId = useId();
  const { data, isPending, isError } = useQuery(gradeChangesQueryOptions(submissionId, viewUpdatedAt));
  const [busy, setBusy] = useState<'submission' | 'task' | null>(null);

  const download = async (scope: 'submission' | 'task') => {
    setBusy(scope);
    try {
      const name =
        scope === 'submission'
          ? await downloadGradeChanges({ submissionId }, h.csvName(fileName))
          : await downloadGradeChanges({ taskId }, h.csvTaskName(taskTitle));
      toast.success(h.downloaded(name));
    } catch (error) {
      toastApiError(error, h.downloadFailed);
    } finally {
      setBusy(null);
    }
  };

  return (
    <Paper withBorder p="md" component="section" aria-labelledby={headingId} data-testid="grade-changes">
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4" id={headingId}>
            {h.title}
          </Title>
          <Text size="sm" c="dimmed">
            {h.intro}
          </Text>
        </div>
        {isPending ? (
          <Group gap="xs">
            <Loader size="xs" />
            <Text size="sm">{h.loading}</Text>
          </Group>
        ) : isError ? (
          <Alert color="red">{h.loadFailed}</Alert>
        ) : data.changes.length === 0 ? (
          <Text size="sm" c="dimmed">
            {h.empty}
          </Text>
        ) : (
          <Stack component="ol" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
            {data.changes.map((change) => (
              <li key={change.id} data-testid="grade-change">
                <Group gap="xs" wrap="wrap" align="baseline">
                  <Badge
                    variant="light"
                    color={change.actor === 'ai' ? 'violet' : 'blue'}
                    size="sm"
                    tt="none"
                  >
                    {who(change)}
                  </Badge>
                  <Text size="sm" component="time" dateTime={change.at} c="dimmed">
                    {h.at(change.at)}
                  </Text>
                </Group>
                <Text size="sm">
                  <Text span fw={600}>
                    {change.skill_name || h.removedSkill}:
                  </Text>{' '}
                  {/* Said once: only the arrow has a spoken word instead ("2 Punkte auf 3 Punkte"). */}
                  {h.score(change.from_score)} <span aria-hidden="true">→</span>
                  <VisuallyHidden component="span">{h.to}</VisuallyHidden> {h.score(change.to_score)}
                </Text>
              </li>
            ))}
          </Stack>
        )}
        <Group gap="xs" wrap="wrap">
          <Button
            variant="default"
            size="xs"
            loading={busy === 'submission'}
            onClick={() => void download('submission')}
          >
            {h.csv}
          </Button>
          <Button variant="subtle" size="xs" loading={busy === 'task'} onClick={() => void download('task')}>
            {h.csvTask}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

type SuggestionFields = Pick<GradingSkillFeedback, 'ai_score' | 'teacher_edited_at' | 'score'>;

/** Skills whose score is still the AI's pre-selected suggestion, not changed by the teacher. */
export function openSuggestions(
  groups: ReadonlyArray<{ skills: ReadonlyArray<{ feedback: SuggestionFields }> }>,
): number {
  return groups
    .flatMap((g) => g.skills)
    .filter(
      ({ feedback: f }) =>
        f.ai_score !== null && f.ai_score >= 0 && f.teacher_edited_at === null && f.score === f.ai_score,
    ).length;
}

/**
 * "Alle Vorschläge übernehmen" of this submission only (ADR 026): enabled once its files are shown (the
 * server also checks that the view was loaded after the AI's last suggestion), while suggestions are open
 * and the AI is not correcting it; asks before it saves.
 */
export function AcceptSuggestionsButton({
  submissionId,
  taskId,
  displayStatus,
  filesShown,
  open,
}: {
  submissionId: string;
  taskId: string;
  displayStatus: DisplayStatus;
  /** The view with the submission's files is shown (ADR 026). */
  filesShown: boolean;
  /** `openSuggestions` of the view. */
  open: number;
}) {
  const accept = useAcceptSuggestions(submissionId, taskId);
  const [confirm, setConfirm] = useState(false);
  const reason =
    displayStatus === 'in Korrektur' ? a.running : !filesShown ? a.notSeen : open === 0 ? a.nothing : null;
  const hintId = useId();
  return (
    <>
      <Button
        variant="light"
        onClick={() => setConfirm(true)}
        loading={accept.isPending}
        disabled={reason !== null}
        aria-describedby={reason ? hintId : undefined}
        title={reason ?? undefined}
      >
        {a.button}
      </Button>
      {reason ? (
        <VisuallyHidden component="span" id={hintId}>
          {reason}
        </VisuallyHidden>
      ) : null}
      <ConfirmDialog
        opened={confirm}
        title={a.title}
        text={a.text(open)}
        confirmLabel={a.confirm}
        onConfirm={() => {
          setConfirm(false);
          accept.mutate();
        }}
        onCancel={() => setConfirm(false)}
      />
    </>
  );
}
