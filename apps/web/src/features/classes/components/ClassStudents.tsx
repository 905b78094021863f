import type { ClassStudent } from '@app/contract';
import { Badge, Button, Group, Paper, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { de } from '../../../i18n/de';
import { studentName } from '../../students';
import { useRemoveStudentFromClass } from '../../students/queries';
import { classStudentsQueryOptions } from '../queries';

/** The class's students (by last name); removing one takes them out of the class only (PRODUCT.md §4). */
export function ClassStudents({ classId }: { classId: string }) {
  const t = de.classes.students;
  const { data: students } = useSuspenseQuery(classStudentsQueryOptions(classId));
  const remove = useRemoveStudentFromClass();
  const [toRemove, setToRemove] = useState<ClassStudent | null>(null);

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
          <Text c="dimmed">{t.empty}</Text>
        ) : (
          <Table verticalSpacing="xs" striped aria-labelledby="class-students">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t.name}</Table.Th>
                <Table.Th w={1}>
                  <VisuallyHidden>{t.actions}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {students.map((student) => (
                <Table.Tr key={student.user_id} data-student-id={student.user_id}>
                  <Table.Td>{studentName(student)}</Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      color="red"
                      variant="subtle"
                      aria-label={t.removeLabel(studentName(student))}
                      onClick={() => setToRemove(student)}
                    >
                      {t.remove}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
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
    </Paper>
  );
}
