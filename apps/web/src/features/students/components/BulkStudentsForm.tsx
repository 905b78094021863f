import { BULK_STUDENTS_MAX } from '@app/contract';
import { Alert, Button, Group, Stack, Table, Text, Textarea } from '@mantine/core';
import { useMemo, useState } from 'react';
import { de } from '../../../i18n/de';
import { parseStudentNames } from '../parseNames';
import { useCreateStudents } from '../queries';
import type { StudentLogin } from './StudentCredentials';

interface BulkStudentsFormProps {
  classId: string;
  onCreated: (logins: StudentLogin[]) => void;
}

/** A pasted list of names (one per line) → one account each, with a preview of how each line is read. */
export function BulkStudentsForm({ classId, onCreated }: BulkStudentsFormProps) {
  const t = de.students.bulk;
  const [text, setText] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const create = useCreateStudents();
  const parsed = useMemo(() => parseStudentNames(text), [text]);
  const count = parsed.names.length;
  const blocking = count === 0 ? t.noNames : parsed.tooMany ? t.tooMany(BULK_STUDENTS_MAX) : null;

  const submit = () => {
    setSubmitted(true);
    if (blocking) return;
    create.mutate(
      { class_id: classId, names: parsed.names.map((entry) => entry.name) },
      {
        onSuccess: ({ students }) => {
          setText('');
          setSubmitted(false);
          onCreated(students);
        },
      },
    );
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      noValidate
    >
      <Stack gap="sm">
        <Textarea
          label={t.label}
          description={t.description(BULK_STUDENTS_MAX)}
          placeholder={t.placeholder}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          autosize
          minRows={5}
          maxRows={16}
          error={submitted && blocking ? blocking : undefined}
        />
        {count > 0 && (
          <Stack gap={4} aria-live="polite">
            <Text size="sm" fw={500}>
              {t.recognized(count)}
            </Text>
            <Table.ScrollContainer minWidth={320} mah={240}>
              <Table withTableBorder verticalSpacing={4} fz="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t.firstName}</Table.Th>
                    <Table.Th>{t.lastName}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {parsed.names.map((entry) => (
                    <Table.Tr key={entry.name}>
                      <Table.Td>{entry.first_name}</Table.Td>
                      <Table.Td>{entry.last_name || de.common.none}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Stack>
        )}
        {(parsed.duplicates.length > 0 || parsed.invalid.length > 0 || parsed.tooMany) && (
          <Alert color="yellow" variant="light">
            <Stack gap={4}>
              {parsed.duplicates.length > 0 && <Text size="sm">{t.duplicates(parsed.duplicates)}</Text>}
              {parsed.invalid.length > 0 && <Text size="sm">{t.invalid(parsed.invalid)}</Text>}
              {parsed.tooMany && <Text size="sm">{t.tooMany(BULK_STUDENTS_MAX)}</Text>}
            </Stack>
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={create.isPending} disabled={parsed.tooMany}>
            {count === 0 ? t.submitEmpty : t.submit(count)}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
