import type { SubmissionFile, SubmissionListEntry } from '@app/contract';
import {
  Anchor,
  Badge,
  Button,
  Group,
  Kbd,
  Loader,
  NativeSelect,
  Paper,
  Progress,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { de } from '../../../i18n/de';
import { fileContentUrl, useMatchFile } from '../queries';
import { PageThumbnail } from './PageThumbnail';
import { guessQueue, readingCounts, readingProgress, type Guess } from './stackPages';
import { studentName } from './SubmissionsTable';

const t = de.scans;

/** Why the page is proposed for its student, in sentences (every one true when the page was read). */
function reason(guess: Guess): string {
  return guess.reasons.map((r) => t.because[r](studentName(guess.entry))).join(' ');
}

/**
 * The stack being read in the background: a bar of the pages read so far (the list refreshes through the
 * realtime events and its polling), announced politely to screen readers.
 */
export function ReadingProgress({ pages }: { pages: readonly SubmissionFile[] }) {
  const progress = readingProgress(pages);
  if (!progress) return null;
  const label = t.reading(progress.done, progress.total);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="scan-reading" data-testid="scan-reading">
      <Group gap="sm" wrap="nowrap">
        <Loader size="sm" aria-hidden="true" />
        <Title order={3} size="h4" id="scan-reading">
          {t.readingHeading}
        </Title>
      </Group>
      <Progress value={(100 * progress.done) / progress.total} mt="sm" aria-label={label} animated striped />
      <Text size="sm" mt="xs" role="status">
        {label}
      </Text>
      <Text size="sm" c="dimmed">
        {t.readingHint}
      </Text>
    </Paper>
  );
}

/** What reading the stack's codes found, in one line per outcome that occurred. */
export function ReadingSummary({ pages }: { pages: readonly SubmissionFile[] }) {
  const counts = readingCounts(pages);
  if (counts.qr + counts.foreign + counts.noCode + counts.blank === 0) return null;
  return (
    <Stack gap={4} component="section" aria-labelledby="scan-summary">
      <Title order={3} size="h4" id="scan-summary">
        {t.summaryHeading}
      </Title>
      <Group gap="xs">
        {counts.qr > 0 && (
          <Badge color="teal" variant="light" size="lg" tt="none">
            {t.byCode(counts.qr)}
          </Badge>
        )}
        {counts.foreign > 0 && (
          <Badge color="orange" variant="light" size="lg" tt="none">
            {t.foreign(counts.foreign)}
          </Badge>
        )}
        {counts.noCode > 0 && (
          <Badge color="gray" variant="light" size="lg" tt="none">
            {t.noCode(counts.noCode)}
          </Badge>
        )}
        {counts.blank > 0 && (
          <Badge color="gray" variant="outline" size="lg" tt="none">
            {t.blank(counts.blank)}
          </Badge>
        )}
      </Group>
    </Stack>
  );
}

/**
 * "Zuordnung bestätigen": the pages without a usable code, one at a time with the student their reading
 * guesses, the surest first. One key press decides a page: Enter confirms a sure guess (through the match
 * mutation, so the page leaves the queue at once and the next one is shown), A picks another student, S
 * skips. An unsure guess ("unklar") is never confirmed by Enter: the teacher picks one of its candidates
 * (Enter moves the focus to the first one), since a wrong page on a child's work is worse than none. Skipped
 * pages stay unassigned in the list below. `focusRequest` changes after an upload: the confirm button takes
 * the focus, so the teacher can start pressing Enter.
 */
export function ScanReview({
  taskId,
  pages,
  entries,
  focusRequest,
}: {
  taskId: string;
  pages: readonly SubmissionFile[];
  entries: readonly SubmissionListEntry[];
  focusRequest: number;
}) {
  const match = useMatchFile(taskId);
  const [skipped, setSkipped] = useState<ReadonlySet<string>>(new Set());
  // Confirmed here, not yet moved in the cache (the optimistic move waits for running fetches): already out
  // of the queue, so a second Enter decides the next page, not this one again.
  const [sent, setSent] = useState<ReadonlySet<string>>(new Set());
  const [picking, setPicking] = useState(false);
  const [other, setOther] = useState('');
  const [lastAction, setLastAction] = useState('');
  const confirmRef = useRef<HTMLButtonElement>(null);
  const firstCandidateRef = useRef<HTMLButtonElement>(null);
  const pickRef = useRef<HTMLSelectElement>(null);
  const doneRef = useRef<HTMLDivElement>(null);

  const all = guessQueue(pages, entries).filter((g) => !sent.has(g.file.id));
  const queue = all.filter((g) => !skipped.has(g.file.id));
  const current = queue[0] ?? null;
  const skippedLeft = all.length - queue.length;

  // After an upload the focus goes to the queue; its pages are read in the background, so it may come later.
  const focusedFor = useRef(0);
  const hasCurrent = current !== null;
  useEffect(() => {
    if (focusRequest <= focusedFor.current || !hasCurrent) return;
    (confirmRef.current ?? firstCandidateRef.current)?.focus();
    focusedFor.current = focusRequest;
  }, [focusRequest, hasCurrent]);
  // From a sure page to an unsure one the confirm button goes away: its focus moves to the first candidate.
  const currentSure = current?.sure ?? null;
  useEffect(() => {
    if (currentSure === false && document.activeElement === document.body) firstCandidateRef.current?.focus();
  }, [currentSure, current?.file.id]);
  // The last decision empties the queue: the message that says so stays, and takes the focus (not the body).
  const [decided, setDecided] = useState(false);
  useEffect(() => {
    if (!current && decided) doneRef.current?.focus();
  }, [current, decided]);

  if (all.length === 0 && !decided) return null;

  // The next page replaces this one under the same buttons, which keep the focus.
  const afterDecision = () => {
    setDecided(true);
    setPicking(false);
    setOther('');
  };

  const assignTo = (guess: Guess, entry: SubmissionListEntry) => {
    const id = guess.file.id;
    setSent((set) => new Set(set).add(id));
    const settle = () =>
      setSent((set) => {
        const rest = new Set(set);
        rest.delete(id);
        return rest;
      });
    // Failed: back into the queue (the mutation has restored the cache and shown its toast). The promise, not
    // mutate's callbacks: those fire for the latest call only, and Enter comes fast.
    void match
      .mutateAsync({ submissionId: entry.id, file: guess.file })
      .catch(() => undefined)
      .finally(settle);
    setLastAction(t.announceConfirmed(guess.position, studentName(entry)));
    afterDecision();
  };

  const skip = (guess: Guess) => {
    setSkipped((set) => new Set(set).add(guess.file.id));
    setLastAction(t.announceSkipped(guess.position));
    afterDecision();
  };

  const startPicking = () => {
    setPicking(true);
    requestAnimationFrame(() => pickRef.current?.focus());
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (!current || event.altKey || event.ctrlKey || event.metaKey) return;
    const target = event.target as HTMLElement;
    // Form fields and other buttons keep their own keys (Enter on a button presses that button).
    if (target.closest('select, input, textarea, a')) {
      if (event.key === 'Escape' && picking) {
        setPicking(false);
        confirmRef.current?.focus();
      }
      return;
    }
    const key = event.key.toLowerCase();
    if (key === 'enter' && !target.closest('button')) {
      event.preventDefault();
      if (current.sure) assignTo(current, current.entry);
      else firstCandidateRef.current?.focus();
    } else if (key === t.skipKey.toLowerCase()) {
      event.preventDefault();
      skip(current);
    } else if (key === t.otherKey.toLowerCase()) {
      event.preventDefault();
      startPicking();
    }
  };

  const options = entries.map((e) => ({ value: e.id, label: studentName(e) }));
  const otherEntry = entries.find((e) => e.id === other);
  const live = !current
    ? t.done
    : current.sure
      ? t.announceCurrent(current.position, studentName(current.entry), reason(current))
      : t.announceUnsure(current.position, current.candidates.map(studentName).join(', '));

  return (
    <Paper
      withBorder
      p="md"
      component="section"
      aria-labelledby="scan-queue"
      onKeyDown={onKeyDown}
      data-testid="scan-queue"
    >
      <Title order={3} size="h4" id="scan-queue">
        {t.queueHeading}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t.queueHint}
      </Text>
      <VisuallyHidden aria-live="polite" aria-atomic="true">
        {lastAction ? `${lastAction} ${live}` : live}
      </VisuallyHidden>
      {current ? (
        <Group align="flex-start" gap="lg" wrap="wrap">
          <Stack gap={4} align="center" maw="100%">
            <PageThumbnail
              key={current.file.id}
              file={current.file}
              width={300}
              height={400}
              alt={t.thumbAlt(current.file.original_name)}
            />
            <Anchor
              href={fileContentUrl(current.file.id)}
              target="_blank"
              rel="noopener"
              size="sm"
              aria-label={t.enlargeLabel(current.file.original_name)}
            >
              {t.enlarge}
            </Anchor>
          </Stack>
          <Stack gap="sm" style={{ flex: '1 1 240px', minWidth: 0 }}>
            <Text size="sm" c="dimmed">
              {t.queueLeft(queue.length)} · {t.stackPosition(current.position)}
            </Text>
            {current.sure ? (
              <div>
                <Text size="sm">{t.guess}</Text>
                <Text size="xl" fw={700} data-testid="scan-guess">
                  {studentName(current.entry)}
                </Text>
              </div>
            ) : (
              <div>
                <Badge color="orange" variant="light" size="lg" tt="none">
                  {t.unsure}
                </Badge>
                <Text size="sm" mt={4}>
                  {t.unsureHint}
                </Text>
              </div>
            )}
            {current.reasons.length > 0 && (
              <Text size="sm">
                {current.sure ? '' : `${t.likeliest} ${studentName(current.entry)}: `}
                {reason(current)}
              </Text>
            )}
            <Text size="sm" c="dimmed">
              {t.confidence(Math.round(current.confidence * 100))}
            </Text>
            {/* A sure guess is confirmed with one key; an unsure one offers its candidates instead. */}
            <Group gap="xs" wrap="wrap" data-testid={current.sure ? undefined : 'scan-candidates'}>
              {current.sure ? (
                <Button
                  ref={confirmRef}
                  onClick={() => assignTo(current, current.entry)}
                  rightSection={<Kbd size="xs">{t.confirmKey}</Kbd>}
                >
                  {t.confirm}
                </Button>
              ) : (
                current.candidates.map((candidate, i) => (
                  <Button
                    key={candidate.id}
                    ref={i === 0 ? firstCandidateRef : undefined}
                    variant="default"
                    onClick={() => assignTo(current, candidate)}
                  >
                    {studentName(candidate)}
                  </Button>
                ))
              )}
              <Button
                variant={current.sure ? 'default' : 'subtle'}
                onClick={startPicking}
                aria-expanded={picking}
                rightSection={<Kbd size="xs">{t.otherKey}</Kbd>}
              >
                {t.other}
              </Button>
              <Button
                variant="subtle"
                onClick={() => skip(current)}
                rightSection={<Kbd size="xs">{t.skipKey}</Kbd>}
              >
                {t.skip}
              </Button>
            </Group>
            {picking && (
              <form
                onSubmit={(event) => {
                  event.preventDefault();
                  if (otherEntry) assignTo(current, otherEntry);
                }}
              >
                <Group align="flex-end" gap="xs" wrap="wrap">
                  <NativeSelect
                    ref={pickRef}
                    label={t.other}
                    data={[{ value: '', label: t.pick, disabled: true }, ...options]}
                    value={other}
                    onChange={(event) => setOther(event.currentTarget.value)}
                    miw={200}
                  />
                  <Button type="submit" variant="default" disabled={!otherEntry}>
                    {t.otherAssign}
                  </Button>
                </Group>
              </form>
            )}
          </Stack>
        </Group>
      ) : (
        <Stack gap="xs" ref={doneRef} tabIndex={-1}>
          <Text>{t.done}</Text>
          {skippedLeft > 0 && (
            <>
              <Text size="sm" c="dimmed">
                {t.skippedLeft(skippedLeft)}
              </Text>
              <div>
                <Button variant="default" onClick={() => setSkipped(new Set())}>
                  {t.showSkipped}
                </Button>
              </div>
            </>
          )}
        </Stack>
      )}
    </Paper>
  );
}
