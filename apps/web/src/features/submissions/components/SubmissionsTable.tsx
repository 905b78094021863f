import {
  DISPLAY_STATUS_COLORS,
  DISPLAY_STATUS_LABELS,
  maxScoreSum,
  type SubmissionListEntry,
} from '@app/contract';
import { ActionIcon, Alert, Anchor, Badge, Group, Loader, Stack, Table, Text, Tooltip } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { ButtonLink } from '../../../components/links';
import { de } from '../../../i18n/de';
import { ApiError } from '../../../lib/api';
import { CorrectionBar, CorrectionButton } from '../../corrections';
import { correctionPreviewQueryOptions } from '../../corrections/queries';
import { useAiEnabled } from '../../ai';
import { rubricQueryOptions } from '../../rubrics/queries';
import {
  fileContentUrl,
  submissionsQueryOptions,
  taskFilesQueryOptions,
  unmatchedFiles,
  useDeleteSubmission,
} from '../queries';

const t = de.submissions.table;

export function studentName(entry: Pick<SubmissionListEntry, 'name'>): string {
  return `${entry.name.first_name} ${entry.name.last_name}`.trim();
}

/**
 * The status badge of PRODUCT.md §4 with the contract's labels and colours; beside it "geändert seit der
 * Rückgabe" when the grading of a handed-back submission changed since (the link still shows the old one).
 */
export function SubmissionStatusBadge({
  status,
  changedSinceRelease = false,
}: {
  status: SubmissionListEntry['display_status'];
  changedSinceRelease?: boolean;
}) {
  const badge = (
    <Badge color={DISPLAY_STATUS_COLORS[status]} variant="light" data-status={status}>
      {DISPLAY_STATUS_LABELS[status]}
    </Badge>
  );
  if (!changedSinceRelease) return badge;
  return (
    <Group gap={4} wrap="wrap" component="span">
      {badge}
      {/* The longest label of the table: two lines in a narrow column rather than a wider table. */}
      <Badge
        color="orange"
        variant="outline"
        data-changed-since-release
        h="auto"
        miw={0}
        py={2}
        styles={{ label: { whiteSpace: 'normal', lineHeight: 1.3 } }}
      >
        {de.grading.release.changedBadge}
      </Badge>
    </Group>
  );
}

/**
 * The mark on a row whose files include one that another student of the task handed in too (the same photo,
 * shared by messenger): the tooltip names them.
 */
function IdenticalFilesBadge({ names }: { names: readonly string[] }) {
  const hint = t.identicalHint(names);
  return (
    <Tooltip label={hint} multiline w={280} withArrow>
      <Badge color="orange" variant="outline" size="sm" tabIndex={0} aria-label={hint}>
        {t.identical}
      </Badge>
    </Tooltip>
  );
}

function hasHandIn(entry: SubmissionListEntry): boolean {
  return entry.files.length > 0 || entry.score !== null || entry.display_status !== 'offen';
}

/**
 * The submissions of a task, one row per student of the class (name, status, files, score), with the AI
 * correction (for all, per row, progress), live-updated through the realtime stream (and by polling `getAll`
 * every 5 s as a fallback). For the task page (`/classes/{classId}/tasks/{taskId}`):
 * `<SubmissionsTable classId={classId} taskId={taskId} />`. A colleague's class (co-teaching): without
 * `canGrade` no matching, uploading or AI corrections, and the grading page opens to be looked at; without
 * `canManage` no deleting of a hand-in.
 */
export function SubmissionsTable({
  classId,
  taskId,
  canGrade = true,
  canManage = true,
}: {
  classId: string;
  taskId: string;
  canGrade?: boolean;
  canManage?: boolean;
}) {
  const list = useQuery(submissionsQueryOptions(taskId));
  const files = useQuery(taskFilesQueryOptions(taskId));
  // The rubric's highest score, so a score reads "9 / 12"; without a rubric only the score.
  const rubric = useQuery(rubricQueryOptions(taskId));
  const maxScore = rubric.data
    ? maxScoreSum(rubric.data.skill_groups.flatMap((group) => group.skills))
    : null;
  const remove = useDeleteSubmission(taskId);
  const [confirming, setConfirming] = useState<SubmissionListEntry | null>(null);
  const aiEnabled = useAiEnabled();
  const preview = useQuery({ ...correctionPreviewQueryOptions(taskId), enabled: aiEnabled && canGrade });
  const unmatched = unmatchedFiles(files.data).length;
  const params = { classId, taskId };

  return (
    <Stack gap="sm">
      <Group gap="xs" wrap="wrap">
        <ButtonLink size="xs" variant="light" to="/classes/$classId/tasks/$taskId/qr" params={params}>
          {t.qr}
        </ButtonLink>
        {canGrade && (
          <>
            <ButtonLink
              size="xs"
              variant="light"
              to="/classes/$classId/tasks/$taskId/submissions/match"
              params={params}
            >
              {t.match}
            </ButtonLink>
            <ButtonLink
              size="xs"
              variant="light"
              to="/classes/$classId/tasks/$taskId/submissions/add"
              params={params}
            >
              {t.add}
            </ButtonLink>
            <ButtonLink
              size="xs"
              variant="light"
              to="/classes/$classId/tasks/$taskId/submissions/verify"
              params={params}
            >
              {t.verify}
            </ButtonLink>
          </>
        )}
      </Group>

      {canGrade && unmatched > 0 && (
        <Alert color="yellow" p="xs">
          <Group gap="xs" justify="space-between">
            <Text size="sm">{t.unmatched(unmatched)}</Text>
            <ButtonLink size="xs" to="/classes/$classId/tasks/$taskId/submissions/match" params={params}>
              {t.match}
            </ButtonLink>
          </Group>
        </Alert>
      )}

      {canGrade && list.data && <CorrectionBar taskId={taskId} entries={list.data.data} />}

      {list.isPending ? (
        <Group gap="xs" role="status">
          <Loader size="sm" />
          <Text size="sm">{de.common.loading}</Text>
        </Group>
      ) : list.isError ? (
        <Alert color="red" role="alert" title={de.toasts.submissions.filesLoadFailed}>
          {list.error instanceof ApiError && list.error.code !== 'INVALID_RESPONSE'
            ? list.error.message
            : null}
        </Alert>
      ) : list.data.data.length === 0 ? (
        <Text c="dimmed">{t.empty}</Text>
      ) : (
        <Table.ScrollContainer minWidth={520}>
          <Table striped verticalSpacing="xs" aria-live="off">
            <Table.Caption>{t.caption}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t.student}</Table.Th>
                <Table.Th scope="col">{t.status}</Table.Th>
                <Table.Th scope="col">{t.files}</Table.Th>
                <Table.Th scope="col">{t.score}</Table.Th>
                <Table.Th scope="col">
                  <span
                    style={{
                      position: 'absolute',
                      width: 1,
                      height: 1,
                      overflow: 'hidden',
                      clip: 'rect(0 0 0 0)',
                    }}
                  >
                    {t.actions}
                  </span>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.data.map((entry, _index, entries) => {
                const name = studentName(entry);
                const sameFiles = entry.identical_files_with.flatMap((id) => {
                  const other = entries.find((e) => e.id === id);
                  return other ? [studentName(other)] : [];
                });
                return (
                  <Table.Tr key={entry.id} data-testid="submission-row" data-student={name}>
                    <Table.Th scope="row" fw={500}>
                      {name}
                    </Table.Th>
                    <Table.Td>
                      <SubmissionStatusBadge
                        status={entry.display_status}
                        changedSinceRelease={entry.changed_since_release}
                      />
                    </Table.Td>
                    <Table.Td>
                      {entry.files.length === 0 ? (
                        <Text size="sm" c="dimmed">
                          {t.noFiles}
                        </Text>
                      ) : (
                        <Group gap={6} wrap="wrap">
                          <Text size="sm">{t.fileCount(entry.files.length)}:</Text>
                          {entry.files.map((file, index) => (
                            <Anchor
                              key={file.id}
                              href={fileContentUrl(file.id)}
                              target="_blank"
                              rel="noopener"
                              size="sm"
                              aria-label={t.openFile(index + 1, file.original_name, name)}
                              title={file.original_name}
                            >
                              {index + 1}
                            </Anchor>
                          ))}
                          {sameFiles.length > 0 && <IdenticalFilesBadge names={sameFiles} />}
                        </Group>
                      )}
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {entry.score === null
                        ? t.noScore
                        : maxScore
                          ? de.grading.of(entry.score, maxScore)
                          : entry.score}
                    </Table.Td>
                    <Table.Td>
                      {/* The actions stack in a narrow column, so the table fits beside the task's details. */}
                      <Group gap={4} wrap="wrap">
                        {canGrade && (
                          <CorrectionButton
                            taskId={taskId}
                            entry={entry}
                            name={name}
                            cost={preview.data?.costPerSubmission ?? 0}
                          />
                        )}
                        {/* The grading page of this student (ADR 010); read-only for a colleague who views. */}
                        <ButtonLink
                          size="compact-xs"
                          variant="light"
                          to="/classes/$classId/tasks/$taskId/submissions/$submissionId"
                          params={{ ...params, submissionId: entry.id }}
                          aria-label={
                            canGrade ? de.grading.table.gradeLabel(name) : de.sharing.readOnly.viewLabel(name)
                          }
                        >
                          {canGrade ? de.grading.table.grade : de.sharing.readOnly.view}
                        </ButtonLink>
                        {canManage && hasHandIn(entry) && (
                          <Tooltip label={t.deleteLabel(name)}>
                            <ActionIcon
                              variant="subtle"
                              color="red"
                              aria-label={t.deleteLabel(name)}
                              onClick={() => setConfirming(entry)}
                            >
                              <span aria-hidden="true">✕</span>
                            </ActionIcon>
                          </Tooltip>
                        )}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}

      <ConfirmDialog
        opened={confirming !== null}
        title={t.deleteTitle}
        text={confirming ? t.deleteText(studentName(confirming)) : ''}
        confirmLabel={t.deleteConfirm}
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          if (confirming) remove.mutate(confirming.id);
          setConfirming(null);
        }}
      />
    </Stack>
  );
}
