import type { Class } from '@app/contract';
import {
  Badge,
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { AnchorLink, ButtonLink } from '../../../components/links';
import { de } from '../../../i18n/de';
import { usePageTitle } from '../../../lib/usePageTitle';
import { useSession } from '../../auth';
import { subjectsOf, subjectsQueryOptions } from '../../subjects/queries';
import { classesQueryOptions, useCreateClass, useDeleteClass } from '../queries';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { ClassInvitations } from './ClassInvitations';

const missing = de.errors.CLASS_FIELDS_MISSING;
const required = (value: string) => (value.trim() ? null : missing);

/**
 * `/classes`: the teacher's classes; create one (subject, grade, name), open or delete one. Invitations to
 * colleagues' classes wait at the top; a class shared with the teacher says so with its role.
 */
export function ClassesPage() {
  usePageTitle(de.titles.classes);
  return (
    <Stack gap="lg" maw={980}>
      <Stack gap={4}>
        <Title order={1}>{de.titles.classes}</Title>
        <Text c="dimmed">{de.classes.intro}</Text>
      </Stack>
      <ClassInvitations />
      <CreateClassForm />
      <ClassList />
    </Stack>
  );
}

function CreateClassForm() {
  const me = useSession().session?.user?.id;
  // A new class gets one of the teacher's own subjects, not a colleague's.
  const subjects = subjectsOf(useSuspenseQuery(subjectsQueryOptions).data, me);
  const create = useCreateClass();
  const form = useForm({
    mode: 'controlled',
    initialValues: { subject_id: '', grade: '', name: '', description: '' },
    validate: { subject_id: required, grade: required, name: required },
  });

  const submit = form.onSubmit((values) => {
    create.mutate(
      {
        subject_id: values.subject_id,
        grade: values.grade.trim(),
        name: values.name.trim(),
        description: values.description.trim(),
      },
      // The subject stays chosen: a teacher often adds several classes of one subject in a row.
      { onSuccess: () => form.setValues({ grade: '', name: '', description: '' }) },
    );
  });

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="new-class">
      <Stack gap="sm">
        <Title order={2} size="h4" id="new-class">
          {de.classes.createHeading}
        </Title>
        {subjects.length === 0 ? (
          <Group>
            <Text>{de.classes.needSubject}</Text>
            <ButtonLink to="/subjects" variant="light">
              {de.classes.toSubjects}
            </ButtonLink>
          </Group>
        ) : (
          <form onSubmit={submit} noValidate>
            <Stack gap="sm">
              <SimpleGrid cols={{ base: 1, sm: 3 }}>
                <Select
                  label={de.classes.subject}
                  placeholder={de.classes.subjectPlaceholder}
                  data={subjects.map((subject) => ({ value: subject.id, label: subject.name }))}
                  required
                  allowDeselect={false}
                  {...form.getInputProps('subject_id')}
                  onChange={(value) => form.setFieldValue('subject_id', value ?? '')}
                />
                <TextInput
                  label={de.classes.grade}
                  placeholder={de.classes.gradePlaceholder}
                  required
                  {...form.getInputProps('grade')}
                />
                <TextInput
                  label={de.classes.name}
                  placeholder={de.classes.namePlaceholder}
                  required
                  {...form.getInputProps('name')}
                />
              </SimpleGrid>
              <TextInput
                label={de.classes.description}
                description={de.common.optional}
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                {...form.getInputProps('description')}
              />
              <Group>
                <Button type="submit" loading={create.isPending}>
                  {de.classes.create}
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Stack>
    </Paper>
  );
}

function ClassList() {
  const { data: classes } = useSuspenseQuery(classesQueryOptions);
  const { data: subjects } = useSuspenseQuery(subjectsQueryOptions);
  const remove = useDeleteClass();
  const [toDelete, setToDelete] = useState<Class | null>(null);
  const subjectName = (id: string) =>
    subjects.find((subject) => subject.id === id)?.name ?? de.classes.unknownSubject;

  return (
    <Stack gap="sm" component="section" aria-labelledby="class-list">
      <Title order={2} size="h4" id="class-list">
        {de.classes.listHeading}
      </Title>
      {classes.length === 0 ? (
        <Text c="dimmed">{de.classes.empty}</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2, lg: 3 }} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {classes.map((cls) => (
            <Paper key={cls.id} withBorder p="md" component="li" data-class-id={cls.id}>
              <Stack gap="xs" h="100%" justify="space-between">
                <Stack gap={4}>
                  <AnchorLink
                    to="/classes/$classId"
                    params={{ classId: cls.id }}
                    fw={700}
                    fz="lg"
                    aria-label={de.classes.openLabel(cls.name)}
                  >
                    {cls.name}
                  </AnchorLink>
                  <Group gap={6}>
                    <Badge variant="light">{de.classes.gradeBadge(cls.grade)}</Badge>
                    <Badge variant="light" color="gray">
                      {subjectName(cls.subject_id)}
                    </Badge>
                    {cls.my_role !== 'owner' && (
                      <Badge variant="outline" color="violet" tt="none" data-shared-role={cls.my_role}>
                        {de.sharing.sharedBadge(cls.my_role)}
                      </Badge>
                    )}
                  </Group>
                  {cls.description && (
                    <Text size="sm" c="dimmed" lineClamp={2}>
                      {cls.description}
                    </Text>
                  )}
                </Stack>
                <Group gap="xs">
                  <ButtonLink size="xs" to="/classes/$classId" params={{ classId: cls.id }} variant="light">
                    {de.classes.open}
                  </ButtonLink>
                  {/* Only the owner deletes a class; a colleague leaves it on its page. */}
                  {cls.my_role === 'owner' && (
                    <Button
                      size="xs"
                      color="red"
                      variant="subtle"
                      aria-label={de.classes.deleteLabel(cls.name)}
                      onClick={() => setToDelete(cls)}
                    >
                      {de.common.delete}
                    </Button>
                  )}
                </Group>
              </Stack>
            </Paper>
          ))}
        </SimpleGrid>
      )}
      <ConfirmDialog
        opened={toDelete !== null}
        title={de.classes.deleteTitle}
        text={toDelete ? de.classes.deleteText(toDelete.name) : ''}
        confirmLabel={de.classes.deleteConfirm}
        onCancel={() => setToDelete(null)}
        onConfirm={() => {
          if (toDelete) remove.mutate(toDelete);
          setToDelete(null);
        }}
      />
    </Stack>
  );
}
