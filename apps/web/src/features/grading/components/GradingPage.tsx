import { scoreForDisplay, type FeedbackSheetVersion } from '@app/contract';
import { Alert, Button, Grid, Group, Menu, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { ButtonLink } from '../../../components/links';
import { de } from '../../../i18n/de';
import { toast, toastApiError } from '../../../lib/toast';
import { usePageTitle } from '../../../lib/usePageTitle';
import { useClassAccess } from '../../classes';
import { studentName } from '../../students';
import { SubmissionStatusBadge } from '../../submissions';
import { fileContentUrl, fileThumbnailUrl, submissionsQueryOptions } from '../../submissions/queries';
import {
  downloadFeedbackSheet,
  gradingQueryOptions,
  useDeleteSkillGrading,
  useReleaseSubmission,
  useResetGrading,
  useSetGroupText,
  useSetSkillScore,
  useSetSkillTexts,
} from '../queries';
import { openUnsureCount, reviewOrder, type ShownEvidence } from '../review';
import { AcceptSuggestionsButton, GradeChangesPanel, openSuggestions } from './GradeChanges';
import classes from './grading.module.css';
import { GroupGrading } from './GroupGrading';
import { FeedbackLinkBox, ReleaseAllButton } from './Release';
import { SubmissionFiles } from './SubmissionFiles';

const t = de.grading.page;

/** True when a key press should not steer the page (the teacher is typing). */
function isTyping(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  return Boolean(el && (/^(INPUT|TEXTAREA|SELECT)$/.test(el.tagName) || el.isContentEditable));
}

/**
 * `/classes/{classId}/tasks/{taskId}/submissions/{submissionId}` (no layout; ADR 010): the files beside the
 * rubric, every score saved at once, group texts, sums live, reset, "Austeilen", and the next or previous
 * student of the task by button or keyboard (J/K, Alt+→/Alt+←). A colleague who may only view the class
 * (co-teaching, `useClassAccess`) sees the grading as it is, without anything to change or hand back.
 */
export function GradingPage({
  classId,
  taskId,
  submissionId,
}: {
  classId: string;
  taskId: string;
  submissionId: string;
}) {
  usePageTitle(t.title);
  const canGrade = useClassAccess(classId).can('grade');
  const { data } = useSuspenseQuery(gradingQueryOptions(submissionId));
  const { data: list } = useSuspenseQuery(submissionsQueryOptions(taskId));
  const navigate = useNavigate();
  const setScore = useSetSkillScore(submissionId, taskId);
  const setText = useSetGroupText(submissionId, taskId);
  const removeSkill = useDeleteSkillGrading(submissionId, taskId);
  const setTexts = useSetSkillTexts(submissionId, taskId);
  const reset = useResetGrading(submissionId, taskId);
  const release = useReleaseSubmission(submissionId, taskId);
  const [confirmReset, setConfirmReset] = useState(false);
  const [confirmRelease, setConfirmRelease] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  // The AI evidence marked on the files, per submission (another student's files have other ids).
  const [evidence, setEvidence] = useState<{ of: string; shown: ShownEvidence } | null>(null);
  const shownEvidence = evidence?.of === submissionId ? evidence.shown : null;
  const showEvidence = (shown: ShownEvidence | null) =>
    setEvidence(shown ? { of: submissionId, shown } : null);

  const { submission } = data;
  // Unsure suggestions first (ADR 024); sums do not depend on the order.
  const groups = reviewOrder(data.groups);
  const unsure = openUnsureCount(groups);
  const name = studentName(submission.name);
  const entries = list.data;
  const index = entries.findIndex((e) => e.id === submissionId);
  const previous = index > 0 ? entries[index - 1] : undefined;
  const next = index >= 0 && index < entries.length - 1 ? entries[index + 1] : undefined;
  // The sum follows the cached feedback (scores change at once, before the server answers); the rubric's
  // maximum does not change here, so the server's is used.
  const score = scoreForDisplay(groups.map((g) => ({ skill_feedbacks: g.skills.map((s) => s.feedback) })));
  const total = score ?? 0;
  const max = submission.max_score;
  const anyScored = score !== null;
  // Skills the student would see as "Nicht bewertet" (e.g. the AI was unsure): handing back asks first.
  const unscored = groups.flatMap((g) =>
    g.skills.filter((s) => s.feedback.score < 0).map((s) => s.skill.name),
  );

  const go = (target: (typeof entries)[number] | undefined) => {
    if (!target) return;
    void navigate({
      to: '/classes/$classId/tasks/$taskId/submissions/$submissionId',
      params: { classId, taskId, submissionId: target.id },
    });
  };

  // Latest neighbours for the key handler without re-binding it on every render.
  const neighbours = useRef({ previous, next, go });
  useEffect(() => {
    neighbours.current = { previous, next, go };
  });
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (isTyping(event.target) || event.ctrlKey || event.metaKey) return;
      const { previous: prev, next: nxt, go: goTo } = neighbours.current;
      const forward = (event.key === 'j' && !event.altKey) || (event.altKey && event.key === 'ArrowRight');
      const backward = (event.key === 'k' && !event.altKey) || (event.altKey && event.key === 'ArrowLeft');
      if (forward && nxt) {
        event.preventDefault();
        goTo(nxt);
      } else if (backward && prev) {
        event.preventDefault();
        goTo(prev);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  // A new student: focus the heading so a screen reader starts there (the live region names them).
  useEffect(() => {
    heading.current?.focus({ preventScroll: true });
  }, [submissionId]);

  const params = { classId, taskId };

  return (
    <Stack gap="md">
      <VisuallyHidden aria-live="polite" role="status" data-testid="announce">
        {index >= 0 ? t.announce(index + 1, entries.length, name) : name}
      </VisuallyHidden>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="sm">
          <Title order={1} size="h2" ref={heading} tabIndex={-1}>
            {t.heading(name)}
          </Title>
          <SubmissionStatusBadge
            status={submission.display_status}
            changedSinceRelease={submission.changed_since_release}
          />
          {index >= 0 ? <Text c="dimmed">{t.position(index + 1, entries.length)}</Text> : null}
        </Group>
        <Group gap="xs">
          <Button variant="default" onClick={() => go(previous)} disabled={!previous} aria-label={t.previous}>
            ← {t.previousShort}
          </Button>
          <Button variant="default" onClick={() => go(next)} disabled={!next} aria-label={t.next}>
            {t.nextShort} →
          </Button>
          <ButtonLink variant="default" to="/classes/$classId/tasks/$taskId" params={params}>
            {t.back}
          </ButtonLink>
        </Group>
      </Group>
      <Text size="xs" c="dimmed">
        {t.keyboardHint}
      </Text>

      <Group justify="space-between" wrap="wrap" gap="sm">
        <Text fw={700} size="lg" data-testid="total-score">
          {t.total}: {de.grading.of(total, max)}
        </Text>
        <Group gap="xs">
          <FeedbackSheetButton
            submissionId={submissionId}
            name={name}
            handedBack={submission.status === 'ausgeteilt'}
            changedSinceRelease={submission.changed_since_release}
          />
          {canGrade && (
            <>
              <Button
                variant="default"
                color="red"
                onClick={() => setConfirmReset(true)}
                loading={reset.isPending}
              >
                {de.grading.reset.button}
              </Button>
              <AcceptSuggestionsButton
                submissionId={submissionId}
                taskId={taskId}
                displayStatus={submission.display_status}
                filesShown={submission.files.length > 0}
                open={openSuggestions(groups)}
              />
              <ReleaseAllButton taskId={taskId} entries={entries} />
              <Button
                onClick={() => (unscored.length > 0 ? setConfirmRelease(true) : release.mutate(false))}
                loading={release.isPending}
                disabled={!anyScored}
                title={anyScored ? undefined : de.grading.release.notReady}
              >
                {submission.changed_since_release
                  ? de.grading.release.handBackAgain
                  : submission.feedback_url
                    ? de.grading.release.again
                    : de.grading.release.button}
              </Button>
            </>
          )}
        </Group>
      </Group>
      {canGrade ? null : (
        <Alert color="violet" variant="light" data-testid="read-only-notice">
          {de.sharing.readOnly.grading}
        </Alert>
      )}
      {submission.changed_since_release ? (
        <Alert color="orange" title={de.grading.release.changedTitle}>
          {de.grading.release.changedText}
        </Alert>
      ) : null}
      {submission.feedback_url ? (
        <FeedbackLinkBox url={submission.feedback_url} name={name} taskTitle={data.task.title} />
      ) : null}

      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <section aria-label={t.files} className={classes.files}>
            <SubmissionFiles
              files={submission.files}
              urlOf={fileContentUrl}
              altOf={(file) => t.imageAlt(file.original_name, name)}
              strings={{ ...t, pdfPageHint: de.grading.ai.pdfPageHint }}
              highlight={shownEvidence}
              previewOf={fileThumbnailUrl}
            />
          </section>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Stack gap="md" component="section" aria-label={t.rubric}>
            {groups.length === 0 ? <Alert color="yellow">{t.noRubric}</Alert> : null}
            {unsure > 0 ? (
              <Alert color="orange" data-testid="unsure-summary">
                {de.grading.ai.unsureSummary(unsure)}
              </Alert>
            ) : null}
            {groups.map((group) => (
              <GroupGrading
                key={group.group_id}
                group={group}
                onScore={(skillId, score, prev) => setScore.mutate({ skillId, score, previous: prev })}
                onRemove={(skillId) => removeSkill.mutate(skillId)}
                onTexts={(skillId, body, settled) =>
                  setTexts.mutate({ skillId, body }, { onSettled: settled })
                }
                savingTextsOf={setTexts.isPending ? setTexts.variables.skillId : null}
                onSaveText={(feedback, prev, revert) =>
                  setText.mutate({ groupId: group.group_id, feedback, previous: prev }, { onError: revert })
                }
                savingText={setText.isPending && setText.variables.groupId === group.group_id}
                shownEvidence={shownEvidence?.key ?? null}
                onShowEvidence={showEvidence}
                readOnly={!canGrade}
              />
            ))}
            <GradeChangesPanel
              submissionId={submissionId}
              taskId={taskId}
              viewUpdatedAt={submission.updated_at}
              fileName={name}
              taskTitle={data.task.title}
            />
          </Stack>
        </Grid.Col>
      </Grid>

      <ConfirmDialog
        opened={confirmReset}
        title={de.grading.reset.title}
        text={de.grading.reset.text}
        confirmLabel={de.grading.reset.confirm}
        onConfirm={() => {
          setConfirmReset(false);
          reset.mutate();
        }}
        onCancel={() => setConfirmReset(false)}
      />
      <ConfirmDialog
        opened={confirmRelease}
        title={de.grading.release.unscoredTitle}
        text={de.grading.release.unscoredText(unscored)}
        confirmLabel={de.grading.release.unscoredConfirm}
        color="orange"
        onConfirm={() => {
          setConfirmRelease(false);
          release.mutate(true);
        }}
        onCancel={() => setConfirmRelease(false)}
      />
    </Stack>
  );
}

/**
 * The feedback sheet of this submission as a PDF (PRODUCT.md §4 "PDF-Vorlagen"). Handed back, it prints what
 * the feedback link shows; changed since, the teacher picks that or the current grading (a draft); not handed
 * back, the button says the sheet is a draft.
 */
function FeedbackSheetButton({
  submissionId,
  name,
  handedBack,
  changedSinceRelease,
}: {
  submissionId: string;
  name: string;
  handedBack: boolean;
  changedSinceRelease: boolean;
}) {
  const [busy, setBusy] = useState(false);
  const download = async (version?: FeedbackSheetVersion) => {
    setBusy(true);
    try {
      toast.success(
        de.pdfs.downloaded(await downloadFeedbackSheet(submissionId, `Feedbackbogen ${name}.pdf`, version)),
      );
    } catch (error) {
      toastApiError(error, de.pdfs.feedbackSheetFailed);
    } finally {
      setBusy(false);
    }
  };
  if (handedBack && changedSinceRelease)
    return (
      <Menu position="bottom-end" withinPortal shadow="md">
        <Menu.Target>
          <Button variant="default" loading={busy} rightSection={<span aria-hidden="true">▾</span>}>
            {de.pdfs.feedbackSheet}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>{de.pdfs.feedbackSheetWhich}</Menu.Label>
          <Menu.Item onClick={() => void download()}>{de.pdfs.feedbackSheetReleased}</Menu.Item>
          <Menu.Item onClick={() => void download('current')}>{de.pdfs.feedbackSheetCurrent}</Menu.Item>
        </Menu.Dropdown>
      </Menu>
    );
  return (
    <Button
      variant="default"
      loading={busy}
      onClick={() => void download()}
      title={handedBack ? undefined : de.pdfs.feedbackSheetDraftHint}
    >
      {handedBack ? de.pdfs.feedbackSheet : de.pdfs.feedbackSheetDraft}
    </Button>
  );
}
