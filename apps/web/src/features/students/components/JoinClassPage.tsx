import { normalizeJoinToken, type JoinClassResponse } from '@app/contract';
import { Alert, Button, Container, Group, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { AnchorLink, ButtonLink } from '../../../components/links';
import { de } from '../../../i18n/de';
import { usePageTitle } from '../../../lib/usePageTitle';
import { classesQueryOptions, classStudentsQueryOptions, formatJoinToken } from '../../classes/queries';
import { useJoinClass } from '../queries';
import { studentName } from '../studentName';

/**
 * `/joinClass?token=…` (no layout; ADR 006): the teacher puts a student who already has an account — from
 * another of the teacher's classes — into the class whose join code is entered (or came with the link of
 * the class's QR code).
 */
export function JoinClassPage({ token }: { token?: string }) {
  usePageTitle(de.titles.joinClass);
  const t = de.joinClass;
  const { data: classes } = useSuspenseQuery(classesQueryOptions);
  const join = useJoinClass();
  const [joined, setJoined] = useState<JoinClassResponse | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: {
      token: token ? formatJoinToken(normalizeJoinToken(token)) : '',
      fromClass: '',
      student: '',
    },
    validate: {
      token: (value) => (normalizeJoinToken(value) ? null : t.tokenRequired),
      student: (value) => (value ? null : t.studentRequired),
    },
  });
  const fromClass = form.values.fromClass;
  const students = useQuery({ ...classStudentsQueryOptions(fromClass), enabled: fromClass !== '' });
  const target = joined ? classes.find((cls) => cls.id === joined.class_id) : undefined;

  const submit = form.onSubmit((values) => {
    setJoined(null);
    join.mutate(
      { student_user_id: values.student, p_token: normalizeJoinToken(values.token) },
      { onSuccess: (result) => setJoined(result) },
    );
  });

  return (
    <Container size="sm" py="md">
      <Stack gap="lg">
        <Stack gap={4}>
          <AnchorLink to="/classes" size="sm">
            ← {de.classes.backToClasses}
          </AnchorLink>
          <Title order={1}>{de.titles.joinClass}</Title>
          <Text c="dimmed">{t.intro}</Text>
        </Stack>
        {joined && (
          <Alert color="teal" role="status" title={joined.message}>
            {target && (
              <ButtonLink
                to="/classes/$classId"
                params={{ classId: target.id }}
                size="xs"
                variant="light"
                mt="xs"
              >
                {t.toClass} {target.name}
              </ButtonLink>
            )}
          </Alert>
        )}
        {classes.length === 0 ? (
          <Group>
            <Text>{t.noClasses}</Text>
            <ButtonLink to="/classes" variant="light">
              {t.toClasses}
            </ButtonLink>
          </Group>
        ) : (
          <Paper withBorder p="md">
            <form onSubmit={submit} noValidate>
              <Stack gap="sm">
                <TextInput
                  label={t.token}
                  placeholder={t.tokenPlaceholder}
                  required
                  autoComplete="off"
                  autoCapitalize="characters"
                  spellCheck={false}
                  ff="monospace"
                  {...form.getInputProps('token')}
                />
                <Select
                  label={t.fromClass}
                  placeholder={t.fromClassPlaceholder}
                  data={classes.map((cls) => ({ value: cls.id, label: cls.name }))}
                  allowDeselect={false}
                  {...form.getInputProps('fromClass')}
                  onChange={(value) => {
                    form.setFieldValue('fromClass', value ?? '');
                    form.setFieldValue('student', '');
                  }}
                />
                <Select
                  label={t.student}
                  placeholder={t.studentPlaceholder}
                  required
                  disabled={fromClass === '' || !students.data}
                  data={(students.data ?? []).map((student) => ({
                    value: student.user_id,
                    label: studentName(student),
                  }))}
                  nothingFoundMessage={t.noStudents}
                  searchable
                  allowDeselect={false}
                  description={students.data?.length === 0 ? t.noStudents : undefined}
                  {...form.getInputProps('student')}
                  onChange={(value) => form.setFieldValue('student', value ?? '')}
                />
                {students.isError && (
                  <Text size="sm" c="red" role="alert">
                    {de.toasts.students.loadFailed}
                  </Text>
                )}
                <Group>
                  <Button type="submit" loading={join.isPending}>
                    {t.submit}
                  </Button>
                </Group>
              </Stack>
            </form>
          </Paper>
        )}
      </Stack>
    </Container>
  );
}
