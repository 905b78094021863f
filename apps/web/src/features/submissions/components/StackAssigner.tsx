import type { SubmissionFile } from '@app/contract';
import {
  Anchor,
  Badge,
  Button,
  Group,
  NativeSelect,
  NumberInput,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { de } from '../../../i18n/de';
import {
  fileContentUrl,
  submissionsQueryOptions,
  taskFilesQueryOptions,
  useMatchFile,
  useUnmatchFile,
} from '../queries';
import { PageThumbnail } from './PageThumbnail';
import { ReadingProgress, ReadingSummary, ScanReview } from './ScanReview';
import { stackPages } from './stackPages';
import { studentName } from './SubmissionsTable';

const t = de.submissions.add;

/**
 * Every page of the teacher's stack in order, each with the student it belongs to. Pages whose QR code was
 * read are assigned already; the best guesses for the others wait in ScanReview. A page is assigned with its
 * own select, or many at once: "next N pages → student" takes the first N pages nobody has yet and then
 * selects the next student, so a sorted stack is assigned by pressing Enter once per student.
 * `focusRequest` (changed after an upload) hands the focus to the guess queue.
 */
export function StackAssigner({ taskId, focusRequest = 0 }: { taskId: string; focusRequest?: number }) {
  const { data: files } = useSuspenseQuery(taskFilesQueryOptions(taskId));
  const { data: list } = useSuspenseQuery(submissionsQueryOptions(taskId));
  const match = useMatchFile(taskId);
  const unmatch = useUnmatchFile(taskId);
  const students = list.data;
  const pages = stackPages(files.files);
  const open = pages.filter((p) => p.submission_id === null);

  const [count, setCount] = useState(1);
  const [studentId, setStudentId] = useState<string>(students[0]?.id ?? '');
  const [announcement, setAnnouncement] = useState('');
  const [busy, setBusy] = useState(false);

  const assign = (file: SubmissionFile, submissionId: string) => {
    if (submissionId === '') {
      if (file.submission_id) unmatch.mutate({ submissionId: file.submission_id, file });
    } else if (submissionId !== file.submission_id) {
      match.mutate({ submissionId, file });
    }
  };

  const assignNext = async (event: FormEvent) => {
    event.preventDefault();
    const target = students.find((s) => s.id === studentId);
    if (!target || busy) return;
    const batch = open.slice(0, Math.max(1, count));
    if (batch.length === 0) {
      setAnnouncement(t.nothingLeft);
      return;
    }
    setBusy(true);
    try {
      // One after the other: each optimistic move sees the previous one in the cache.
      for (const file of batch)
        await match.mutateAsync({ submissionId: target.id, file }).catch(() => undefined);
    } finally {
      setBusy(false);
    }
    const from = pages.indexOf(batch[0]!) + 1;
    const to = pages.indexOf(batch[batch.length - 1]!) + 1;
    setAnnouncement(t.assigned(from, to, studentName(target)));
    const next = students[students.indexOf(target) + 1];
    if (next) setStudentId(next.id);
  };

  const options = students.map((s) => ({ value: s.id, label: studentName(s) }));

  return (
    <Stack gap="md">
      <Title order={2}>{t.pagesHeading}</Title>
      {pages.length === 0 ? (
        <Text c="dimmed">{t.pagesEmpty}</Text>
      ) : (
        <>
          <ReadingProgress pages={pages} />
          <ReadingSummary pages={pages} />
          <ScanReview taskId={taskId} pages={pages} entries={students} focusRequest={focusRequest} />
          <Paper withBorder p="md" component="section" aria-labelledby="stack-quick">
            <Title order={3} size="h4" id="stack-quick">
              {t.quickHeading}
            </Title>
            <Text size="sm" c="dimmed" mb="sm">
              {t.quickHint}
            </Text>
            <form onSubmit={(event) => void assignNext(event)}>
              <Group align="flex-end" wrap="wrap">
                <NumberInput
                  label={t.count}
                  min={1}
                  max={Math.max(1, pages.length)}
                  value={count}
                  onChange={(value) => setCount(typeof value === 'number' && value >= 1 ? value : 1)}
                  w={160}
                  allowDecimal={false}
                />
                <NativeSelect
                  label={t.student}
                  data={options}
                  value={studentId}
                  onChange={(event) => setStudentId(event.currentTarget.value)}
                  miw={220}
                />
                <Button type="submit" loading={busy} disabled={open.length === 0 || options.length === 0}>
                  {t.assignNext(count)}
                </Button>
              </Group>
            </form>
            <Text size="sm" role="status" mt="xs">
              {announcement || t.remaining(open.length)}
            </Text>
          </Paper>
          <Stack component="ol" gap="xs" aria-label={t.pagesLabel} p={0} m={0} style={{ listStyle: 'none' }}>
            {pages.map((file, index) => (
              <Paper component="li" key={file.id} withBorder p="xs" data-testid="stack-page">
                {/* On a phone the select goes below the page, not beside it (the name would be cut off). */}
                <Group wrap="wrap" align="center" gap="sm">
                  <Group wrap="nowrap" align="center" gap="sm" style={{ flex: '1 1 240px', minWidth: 0 }}>
                    <Text fw={700} w={32} ta="right" aria-hidden="true">
                      {t.position(index + 1)}
                    </Text>
                    <PageThumbnail
                      file={file}
                      width={72}
                      height={96}
                      alt={t.previewAlt(file.original_name)}
                    />
                    <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
                      <Text size="sm" truncate="end">
                        {file.original_name}
                      </Text>
                      <ReadingNote file={file} />
                      <Anchor
                        href={fileContentUrl(file.id)}
                        target="_blank"
                        rel="noopener"
                        size="xs"
                        aria-label={t.openLabel(file.original_name)}
                      >
                        {t.open}
                      </Anchor>
                    </Stack>
                  </Group>
                  <NativeSelect
                    aria-label={t.studentFor(file.original_name)}
                    data={[{ value: '', label: t.unassigned }, ...options]}
                    value={file.submission_id ?? ''}
                    onChange={(event) => assign(file, event.currentTarget.value)}
                    style={{ flex: '0 1 220px', minWidth: 200 }}
                  />
                </Group>
              </Paper>
            ))}
          </Stack>
        </>
      )}
    </Stack>
  );
}

/** What reading the page found, where it matters: assigned by its code, another task's code, blank. */
function ReadingNote({ file }: { file: SubmissionFile }) {
  const outcome = file.scan?.outcome;
  if (outcome === 'qr' && file.submission_id !== null) {
    return (
      <Badge color="teal" variant="light" tt="none" w="fit-content">
        {de.scans.assignedByCode}
      </Badge>
    );
  }
  if (outcome === 'foreign_code') {
    return (
      <Text size="xs" c="orange.9">
        {de.scans.foreignHint}
      </Text>
    );
  }
  if (outcome === 'blank' && file.submission_id === null) {
    return (
      <Text size="xs" c="dimmed">
        {de.scans.blankHint}
      </Text>
    );
  }
  return null;
}
