import type { ClassStudent } from '@app/contract';
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Menu,
  Paper,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { de } from '../../../i18n/de';
import { useDataExport } from '../../../lib/useDataExport';
import { classStudentsQueryOptions } from '../../classes/queries';
import { downloadStudentExport, useDeleteStudent, useRemoveStudentFromClass } from '../queries';
import { studentName } from '../studentName';

/**
 * The class's students (by last name); removing one takes them out of the class only (PRODUCT.md §4). Each
 * row's menu exports the student's data or deletes the student with everything of theirs (ADR 022). Not
 * `editable` (a colleague's class they may not manage): the names only.
 */
export function ClassStudents({ classId, editable = true }: { classId: string; editable?: boolean }) {
  const t = de.classes.students;
  const r = de.dataRights.student;
  const { data: students } = useSuspenseQuery(classStudentsQueryOptions(classId));
  const remove = useRemoveStudentFromClass();
  const erase = useDeleteStudent();
  const download = useDataExport(downloadStudentExport);
  const [toRemove, setToRemove] = useState<ClassStudent | null>(null);
  const [toDelete, setToDelete] = useState<ClassStudent | null>(null);

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="class-students">
      <Stack gap="sm">
        <Group gap="xs">
          <Title order={2} size="h4" id="class-students">
            {t.heading}
          </Title>
          <Badge variant="light" color="gray">
            {t.count(students.length)}
          </Badge>
        </Group>
        {students.length === 0 ? (
          <Text c="dimmed">{editable ? t.empty : de.sharing.readOnly.noStudents}</Text>
        ) : (
          <Table verticalSpacing="xs" striped aria-labelledby="class-students">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t.name}</Table.Th>
                {editable && (
                  <Table.Th w={1}>
                    <VisuallyHidden>{t.actions}</VisuallyHidden>
                  </Table.Th>
                )}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {students.map((student) => (
                <Table.Tr key={student.user_id} data-student-id={student.user_id}>
                  <Table.Td>{studentName(student)}</Table.Td>
                  {editable && (
                    <Table.Td>
                      <Group gap={4} wrap="nowrap" justify="flex-end">
                        <Button
                          size="xs"
                          color="red"
                          variant="subtle"
                          aria-label={t.removeLabel(studentName(student))}
                          onClick={() => setToRemove(student)}
                        >
                          {t.remove}
                        </Button>
                        {/* hideDetached off: the row's menu stays put while the page scrolls under it. */}
                        <Menu position="bottom-end" withinPortal shadow="md" hideDetached={false}>
                          <Menu.Target>
                            <ActionIcon
                              variant="subtle"
                              color="gray"
                              aria-label={r.more(studentName(student))}
                              loading={download.isPending && download.variables === student.user_id}
                            >
                              <span aria-hidden="true">⋯</span>
                            </ActionIcon>
                          </Menu.Target>
                          <Menu.Dropdown>
                            <Menu.Item onClick={() => download.mutate(student.user_id)}>{r.export}</Menu.Item>
                            <Menu.Item color="red" onClick={() => setToDelete(student)}>
                              {r.delete}
                            </Menu.Item>
                          </Menu.Dropdown>
                        </Menu>
                      </Group>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {download.isPending && (
          <Text size="sm" c="dimmed" role="status">
            {de.dataRights.exportWorking}
          </Text>
        )}
      </Stack>
      <ConfirmDialog
        opened={toRemove !== null}
        title={t.removeTitle}
        text={toRemove ? t.removeText(studentName(toRemove)) : ''}
        confirmLabel={t.removeConfirm}
        onCancel={() => setToRemove(null)}
        onConfirm={() => {
          if (toRemove) remove.mutate({ classId, student: toRemove });
          setToRemove(null);
        }}
      />
      <ConfirmDialog
        opened={toDelete !== null}
        title={r.deleteTitle}
        text={toDelete ? r.deleteText(studentName(toDelete)) : ''}
        confirmLabel={r.deleteConfirm}
        onCancel={() => setToDelete(null)}
        onConfirm={() => {
          if (toDelete) erase.mutate({ classId, student: toDelete });
          setToDelete(null);
        }}
      />
    </Paper>
  );
}
