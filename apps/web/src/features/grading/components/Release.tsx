import type { ReleaseFeedbackResponse, SubmissionListEntry } from '@app/contract';
import {
  Anchor,
  Button,
  CopyButton,
  Group,
  List,
  Modal,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { de } from '../../../i18n/de';
import { studentName } from '../../students';
import { useReleaseTask } from '../queries';

const t = de.grading.release;

interface LinkRow {
  name: string;
  url: string;
}

/**
 * Prints the links on a page of their own (to cut into slips for the students): a blank window filled with
 * DOM nodes, so that names are text, never markup.
 */
function printLinks(title: string, rows: LinkRow[]) {
  const w = window.open('', '_blank');
  if (!w) return;
  const doc = w.document;
  doc.title = title;
  const h1 = doc.createElement('h1');
  h1.textContent = title;
  doc.body.append(h1);
  for (const row of rows) {
    const p = doc.createElement('p');
    p.style.cssText = 'font: 14px sans-serif; border-bottom: 1px dashed #999; padding: 12px 0; margin: 0;';
    const strong = doc.createElement('strong');
    strong.textContent = row.name;
    p.append(strong, doc.createElement('br'), doc.createTextNode(row.url));
    doc.body.append(p);
  }
  w.print();
}

function CopyLink({ url }: { url: string }) {
  return (
    <CopyButton value={url}>
      {({ copied, copy }) => (
        <Button
          size="xs"
          variant={copied ? 'filled' : 'light'}
          color={copied ? 'teal' : undefined}
          onClick={copy}
        >
          {copied ? t.copied : t.copy}
        </Button>
      )}
    </CopyButton>
  );
}

/** The student's link of a handed-back submission: to copy, open or print. */
export function FeedbackLinkBox({ url, name, taskTitle }: { url: string; name: string; taskTitle: string }) {
  return (
    <Paper withBorder p="sm" data-testid="feedback-link">
      <Stack gap="xs">
        <TextInput
          label={t.linkLabel}
          description={t.linkHint}
          value={url}
          readOnly
          onFocus={(e) => e.currentTarget.select()}
        />
        <Group gap="xs">
          <CopyLink url={url} />
          <Anchor href={url} target="_blank" rel="noopener noreferrer" size="sm">
            {t.open}
          </Anchor>
          <Button size="xs" variant="subtle" onClick={() => printLinks(taskTitle, [{ name, url }])}>
            {t.print}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/**
 * "Alle korrigierten austeilen": hands back every corrected submission of the task and lists the links, and
 * the students left out because skills of theirs are still unscored.
 */
export function ReleaseAllButton({ taskId, entries }: { taskId: string; entries: SubmissionListEntry[] }) {
  const releaseAll = useReleaseTask(taskId);
  const [result, setResult] = useState<ReleaseFeedbackResponse | null>(null);
  const nameOf = (id: string) => {
    const entry = entries.find((e) => e.id === id);
    return entry ? studentName(entry.name) : '';
  };
  const rows: LinkRow[] = (result?.released ?? []).map((r) => ({
    name: nameOf(r.submission_id),
    url: r.feedback_url,
  }));
  const skipped = result?.skipped ?? [];
  const close = () => setResult(null);

  return (
    <>
      <Button
        variant="light"
        loading={releaseAll.isPending}
        onClick={() => releaseAll.mutate(undefined, { onSuccess: setResult })}
      >
        {t.all}
      </Button>
      <Modal opened={result !== null} onClose={close} title={t.allTitle} size="xl">
        <Stack gap="md">
          <Text>{rows.length === 0 && skipped.length === 0 ? t.allEmpty : t.allIntro(rows.length)}</Text>
          {skipped.length > 0 ? (
            <div data-testid="release-skipped">
              <Text c="orange.8" fw={500}>
                {t.skippedIntro(skipped.length)}
              </Text>
              <List size="sm">
                {skipped.map((s) => (
                  <List.Item key={s.submission_id}>
                    <strong>{nameOf(s.submission_id)}</strong> – {t.skippedSkills(s.unscored_skills)}
                  </List.Item>
                ))}
              </List>
            </div>
          ) : null}
          {rows.length > 0 ? (
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t.student}</Table.Th>
                  <Table.Th>{t.link}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => (
                  <Table.Tr key={row.url}>
                    <Table.Td>{row.name}</Table.Td>
                    <Table.Td style={{ wordBreak: 'break-all' }}>{row.url}</Table.Td>
                    <Table.Td>
                      <CopyLink url={row.url} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          ) : null}
          <Group justify="flex-end">
            {rows.length > 0 ? (
              <Button variant="light" onClick={() => printLinks(t.allTitle, rows)}>
                {t.print}
              </Button>
            ) : null}
            <Button onClick={close}>{t.close}</Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
