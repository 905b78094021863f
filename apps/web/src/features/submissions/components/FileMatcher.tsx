import type { SubmissionFile, SubmissionListEntry } from '@app/contract';
import {
  Badge,
  Button,
  Group,
  Image,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useId, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import { de } from '../../../i18n/de';
import { fileKind } from '../files';
import {
  fileContentUrl,
  submissionsQueryOptions,
  taskFilesQueryOptions,
  unmatchedFiles,
  useMatchFile,
  useUnmatchFile,
} from '../queries';
import { studentName, SubmissionStatusBadge } from './SubmissionsTable';
import classes from './FileMatcher.module.css';

const t = de.submissions.match;
const DRAG_TYPE = 'application/x-klassenzimmer-file';

interface Assignment {
  file: SubmissionFile;
  submissionId: string;
  student: string;
}

/**
 * Unmatched files on one side, the students of the class on the other. A file is assigned by dragging it
 * onto a name, or by keyboard: Enter/Space on a file selects it and moves to the list of names, ↑/↓ choose a
 * name, Enter assigns, Escape cancels. Every step is announced; the last assignments can be undone.
 */
export function FileMatcher({ taskId }: { taskId: string }) {
  const { data: files } = useSuspenseQuery(taskFilesQueryOptions(taskId));
  const { data: list } = useSuspenseQuery(submissionsQueryOptions(taskId));
  const match = useMatchFile(taskId);
  const unmatch = useUnmatchFile(taskId);
  const [selected, setSelected] = useState<string | null>(null);
  const [active, setActive] = useState(0);
  const [dropTarget, setDropTarget] = useState<string | null>(null);
  const [history, setHistory] = useState<Assignment[]>([]);
  const [announcement, setAnnouncement] = useState('');
  const listboxRef = useRef<HTMLDivElement>(null);
  const fileRefs = useRef(new Map<string, HTMLButtonElement>());
  const baseId = useId();

  const open = unmatchedFiles(files);
  const students = list.data;
  const selectedFile = open.find((f) => f.id === selected) ?? null;

  const assign = (file: SubmissionFile, entry: SubmissionListEntry) => {
    const student = studentName(entry);
    setSelected(null);
    setHistory((h) => [...h, { file, submissionId: entry.id, student }]);
    setAnnouncement(t.announceAssigned(file.original_name, student));
    match.mutate(
      { submissionId: entry.id, file },
      { onError: () => setHistory((h) => h.filter((a) => a.file.id !== file.id)) },
    );
    // Keep the keyboard flow going: the next unmatched file gets the focus.
    const next = open.find((f) => f.id !== file.id);
    if (next) requestAnimationFrame(() => fileRefs.current.get(next.id)?.focus());
  };

  const undo = () => {
    const last = history.at(-1);
    if (!last) return;
    setHistory((h) => h.slice(0, -1));
    setAnnouncement(t.announceUndone(last.file.original_name));
    unmatch.mutate({ submissionId: last.submissionId, file: last.file });
  };

  const selectFile = (file: SubmissionFile) => {
    if (selected === file.id) {
      setSelected(null);
      setAnnouncement(t.announceCancelled);
      return;
    }
    setSelected(file.id);
    setAnnouncement(t.announceSelected(file.original_name));
    listboxRef.current?.focus();
  };

  const onListKey = (event: KeyboardEvent<HTMLDivElement>) => {
    if (students.length === 0) return;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        setActive((i) => Math.min(students.length - 1, i + 1));
        break;
      case 'ArrowUp':
        event.preventDefault();
        setActive((i) => Math.max(0, i - 1));
        break;
      case 'Home':
        event.preventDefault();
        setActive(0);
        break;
      case 'End':
        event.preventDefault();
        setActive(students.length - 1);
        break;
      case 'Enter':
      case ' ': {
        event.preventDefault();
        const entry = students[active];
        if (!selectedFile) {
          setAnnouncement(t.chooseFileFirst);
          return;
        }
        if (entry) assign(selectedFile, entry);
        break;
      }
      case 'Escape':
        if (selectedFile) {
          event.preventDefault();
          fileRefs.current.get(selectedFile.id)?.focus();
          setSelected(null);
          setAnnouncement(t.announceCancelled);
        }
        break;
      default:
        break;
    }
  };

  const onDrop = (event: DragEvent<HTMLElement>, entry: SubmissionListEntry) => {
    event.preventDefault();
    setDropTarget(null);
    const fileId = event.dataTransfer.getData(DRAG_TYPE) || event.dataTransfer.getData('text/plain');
    const file = open.find((f) => f.id === fileId);
    if (file) assign(file, entry);
  };

  const optionId = (index: number) => `${baseId}-student-${index}`;
  const lastAssignment = history.at(-1);

  return (
    <Stack gap="md">
      <div aria-live="polite" aria-atomic="true" className={classes.srOnly}>
        {announcement}
      </div>
      <Text size="sm" c="dimmed" id={`${baseId}-help`}>
        {t.intro}
      </Text>
      {lastAssignment && (
        <Group gap="sm">
          <Text size="sm">
            {t.announceAssigned(lastAssignment.file.original_name, lastAssignment.student)}
          </Text>
          <Button
            size="xs"
            variant="default"
            onClick={undo}
            aria-label={t.undoLabel(lastAssignment.file.original_name, lastAssignment.student)}
          >
            {t.undo}
          </Button>
        </Group>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <Stack gap="sm" component="section" aria-labelledby={`${baseId}-files`}>
          <Title order={2} size="h4" id={`${baseId}-files`}>
            {t.filesHeading} ({open.length})
          </Title>
          {open.length === 0 ? (
            <Text c="dimmed">{t.noFiles}</Text>
          ) : (
            <div className={classes.files} role="list">
              {open.map((file) => (
                <div role="listitem" key={file.id}>
                  <UnstyledButton
                    ref={(node: HTMLButtonElement | null) => {
                      if (node) fileRefs.current.set(file.id, node);
                      else fileRefs.current.delete(file.id);
                    }}
                    className={classes.file}
                    data-selected={selected === file.id || undefined}
                    data-testid="unmatched-file"
                    data-file-name={file.original_name}
                    aria-pressed={selected === file.id}
                    aria-describedby={`${baseId}-help`}
                    draggable
                    onDragStart={(event: DragEvent<HTMLButtonElement>) => {
                      event.dataTransfer.setData(DRAG_TYPE, file.id);
                      event.dataTransfer.setData('text/plain', file.id);
                      event.dataTransfer.effectAllowed = 'move';
                    }}
                    onClick={() => selectFile(file)}
                  >
                    <FileThumb file={file} />
                    <Text size="xs" fw={600} truncate="end" title={file.original_name}>
                      {file.original_name}
                    </Text>
                    {file.uploader_label && (
                      <Text size="xs" c="dimmed" truncate="end">
                        {t.uploadedAs(file.uploader_label)}
                      </Text>
                    )}
                  </UnstyledButton>
                </div>
              ))}
            </div>
          )}
        </Stack>

        <Stack gap="sm" component="section" aria-labelledby={`${baseId}-students`}>
          <Title order={2} size="h4" id={`${baseId}-students`}>
            {t.studentsHeading}
          </Title>
          <div
            ref={listboxRef}
            role="listbox"
            tabIndex={0}
            aria-labelledby={`${baseId}-students`}
            aria-activedescendant={students.length > 0 ? optionId(active) : undefined}
            className={classes.students}
            onKeyDown={onListKey}
          >
            {students.map((entry, index) => {
              const name = studentName(entry);
              return (
                <div
                  key={entry.id}
                  id={optionId(index)}
                  role="option"
                  aria-selected={index === active}
                  data-testid="match-student"
                  data-student={name}
                  data-active={index === active || undefined}
                  data-drop={dropTarget === entry.id || undefined}
                  className={classes.student}
                  onClick={() => {
                    setActive(index);
                    if (selectedFile) assign(selectedFile, entry);
                  }}
                  onDragOver={(event) => {
                    event.preventDefault();
                    event.dataTransfer.dropEffect = 'move';
                    if (dropTarget !== entry.id) setDropTarget(entry.id);
                  }}
                  onDragLeave={() => setDropTarget((d) => (d === entry.id ? null : d))}
                  onDrop={(event) => onDrop(event, entry)}
                >
                  <Group justify="space-between" wrap="nowrap" gap="xs">
                    <Text size="sm" fw={500} truncate="end">
                      {name}
                    </Text>
                    <Group gap={6} wrap="nowrap">
                      <Badge variant="outline" color="gray" size="sm">
                        {t.fileCount(entry.files.length)}
                      </Badge>
                      <SubmissionStatusBadge status={entry.display_status} />
                    </Group>
                  </Group>
                </div>
              );
            })}
          </div>
        </Stack>
      </SimpleGrid>
    </Stack>
  );
}

function FileThumb({ file }: { file: SubmissionFile }) {
  if (fileKind({ type: file.mime, name: file.original_name }) === 'image' && file.mime !== 'image/heic') {
    return (
      <Image
        src={fileContentUrl(file.id)}
        alt={t.previewAlt(file.original_name)}
        h={120}
        fit="cover"
        radius="sm"
        loading="lazy"
        draggable={false}
      />
    );
  }
  return (
    <Paper withBorder radius="sm" h={120} className={classes.pdf}>
      <Text fw={700} c="dimmed">
        {t.pdf}
      </Text>
    </Paper>
  );
}
