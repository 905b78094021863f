import { Anchor, Button, Group, Image, Paper, Stack, Text, Title } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ButtonLink } from '../../../components/links';
import { de } from '../../../i18n/de';
import { usePageTitle } from '../../../lib/usePageTitle';
import { fileKind } from '../files';
import { fileContentUrl, submissionsQueryOptions } from '../queries';
import { studentName, SubmissionStatusBadge } from './SubmissionsTable';

const t = de.submissions.verify;

/**
 * `/classes/{classId}/tasks/{taskId}/submissions/verify` (no layout, full screen): one student at a time with
 * their files large, ← and → (or the buttons) step through the class.
 */
export function SubmissionsVerifyPage({ classId, taskId }: { classId: string; taskId: string }) {
  usePageTitle(de.titles.submissionsVerify);
  const { data } = useSuspenseQuery(submissionsQueryOptions(taskId));
  const entries = data.data;
  const [index, setIndex] = useState(0);
  const heading = useRef<HTMLHeadingElement>(null);
  const current = entries[Math.min(index, entries.length - 1)];

  const go = (delta: number) => {
    setIndex((i) => Math.max(0, Math.min(entries.length - 1, i + delta)));
  };

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target && /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName)) return;
      if (event.key === 'ArrowRight') {
        event.preventDefault();
        setIndex((i) => Math.min(entries.length - 1, i + 1));
      } else if (event.key === 'ArrowLeft') {
        event.preventDefault();
        setIndex((i) => Math.max(0, i - 1));
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [entries.length]);

  useEffect(() => {
    heading.current?.focus({ preventScroll: true });
  }, [index]);

  const close = (
    <ButtonLink variant="default" to="/classes/$classId/tasks/$taskId" params={{ classId, taskId }}>
      {t.close}
    </ButtonLink>
  );

  if (!current) {
    return (
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={1}>{de.titles.submissionsVerify}</Title>
          {close}
        </Group>
        <Text c="dimmed">{t.empty}</Text>
      </Stack>
    );
  }

  const name = studentName(current);
  const position = Math.min(index, entries.length - 1);

  return (
    <Stack gap="md" mih="100vh">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="sm">
          <Title order={1} size="h2" ref={heading} tabIndex={-1} aria-live="polite">
            {name}
          </Title>
          <SubmissionStatusBadge status={current.display_status} />
          <Text c="dimmed">{t.position(position + 1, entries.length)}</Text>
        </Group>
        <Group gap="xs">
          <Button variant="default" onClick={() => go(-1)} disabled={position === 0} aria-label={t.previous}>
            ← {t.previousShort}
          </Button>
          <Button onClick={() => go(1)} disabled={position >= entries.length - 1} aria-label={t.next}>
            {t.nextShort} →
          </Button>
          {/* Grade the student on screen (ADR 010). */}
          <ButtonLink
            variant="light"
            to="/classes/$classId/tasks/$taskId/submissions/$submissionId"
            params={{ classId, taskId, submissionId: current.id }}
            aria-label={de.grading.table.gradeLabel(name)}
          >
            {de.grading.table.grade}
          </ButtonLink>
          {close}
        </Group>
      </Group>
      <Text size="xs" c="dimmed">
        {t.keyboardHint}
      </Text>
      {current.files.length === 0 ? (
        <Text c="dimmed">{t.noFiles}</Text>
      ) : (
        <Stack gap="lg">
          {current.files.map((file) =>
            fileKind({ type: file.mime, name: file.original_name }) === 'pdf' ? (
              <Paper key={file.id} withBorder>
                <iframe
                  src={fileContentUrl(file.id)}
                  title={t.pdfTitle(file.original_name)}
                  style={{ width: '100%', height: '85vh', border: 0, display: 'block' }}
                />
                <Anchor href={fileContentUrl(file.id)} target="_blank" rel="noopener" size="sm" p="xs">
                  {t.openPdf}
                </Anchor>
              </Paper>
            ) : (
              <Image
                key={file.id}
                src={fileContentUrl(file.id)}
                alt={`${file.original_name} – ${name}`}
                fit="contain"
                mah="90vh"
                radius="sm"
              />
            ),
          )}
        </Stack>
      )}
    </Stack>
  );
}
