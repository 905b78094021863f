import type { Subject } from '@app/contract';
import { Badge, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { de } from '../../../i18n/de';
import { usePageTitle } from '../../../lib/usePageTitle';
import { useSession } from '../../auth';
import {
  subjectsOf,
  subjectsQueryOptions,
  useCreateSubject,
  useDeleteSubject,
  useUpdateSubject,
} from '../queries';

const requiredName = (value: string) => (value.trim() ? null : de.errors.SUBJECT_NAME_REQUIRED);

interface SubjectsViewProps {
  /** How many classes use a subject (the classes are not this feature's: the page passes them in). */
  classCount: (subjectId: string) => number;
}

/** `/subjects`: the teacher's subjects; create, rename, delete (refused while a class uses the subject). */
export function SubjectsView({ classCount }: SubjectsViewProps) {
  usePageTitle(de.titles.subjects);
  return (
    <Stack gap="lg" maw={820}>
      <Stack gap={4}>
        <Title order={1}>{de.titles.subjects}</Title>
        <Text c="dimmed">{de.subjects.intro}</Text>
      </Stack>
      <CreateSubjectForm />
      <SubjectList classCount={classCount} />
    </Stack>
  );
}

function CreateSubjectForm() {
  const create = useCreateSubject();
  const form = useForm({
    mode: 'controlled',
    initialValues: { name: '', description: '' },
    validate: { name: requiredName },
  });

  const submit = form.onSubmit((values) => {
    create.mutate(
      { name: values.name.trim(), description: values.description.trim() },
      { onSuccess: () => form.reset() },
    );
  });

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="new-subject">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h4" id="new-subject">
            {de.subjects.createHeading}
          </Title>
          <Group align="flex-start" grow wrap="wrap">
            <TextInput
              label={de.subjects.name}
              placeholder={de.subjects.namePlaceholder}
              required
              {...form.getInputProps('name')}
            />
            <TextInput
              label={de.subjects.description}
              description={de.common.optional}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              {...form.getInputProps('description')}
            />
          </Group>
          <Group>
            <Button type="submit" loading={create.isPending}>
              {de.subjects.create}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

function SubjectList({ classCount }: SubjectsViewProps) {
  const me = useSession().session?.user?.id;
  // The teacher's own subjects; a colleague's (of a shared class) are not theirs to change.
  const subjects = subjectsOf(useSuspenseQuery(subjectsQueryOptions).data, me);
  const remove = useDeleteSubject();
  const [toDelete, setToDelete] = useState<Subject | null>(null);

  return (
    <Stack gap="sm" component="section" aria-labelledby="subject-list">
      <Title order={2} size="h4" id="subject-list">
        {de.subjects.listHeading}
      </Title>
      {subjects.length === 0 ? (
        <Text c="dimmed">{de.subjects.empty}</Text>
      ) : (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {subjects.map((subject) => (
            <SubjectRow
              key={subject.id}
              subject={subject}
              classCount={classCount(subject.id)}
              onDelete={() => setToDelete(subject)}
            />
          ))}
        </Stack>
      )}

      <ConfirmDialog
        opened={toDelete !== null}
        title={de.subjects.deleteTitle}
        text={toDelete ? de.subjects.deleteText(toDelete.name) : ''}
        confirmLabel={de.subjects.deleteConfirm}
        onCancel={() => setToDelete(null)}
        onConfirm={() => {
          if (toDelete) remove.mutate(toDelete);
          setToDelete(null);
        }}
      />
    </Stack>
  );
}

function SubjectRow({
  subject,
  classCount,
  onDelete,
}: {
  subject: Subject;
  classCount: number;
  onDelete: () => void;
}) {
  const update = useUpdateSubject();
  const [editing, setEditing] = useState(false);
  const form = useForm({
    mode: 'controlled',
    initialValues: { name: subject.name },
    validate: { name: requiredName },
  });

  const startEditing = () => {
    form.setValues({ name: subject.name });
    form.clearErrors();
    setEditing(true);
  };

  const submit = form.onSubmit(({ name }) => {
    const trimmed = name.trim();
    if (trimmed !== subject.name) update.mutate({ subject, changes: { name: trimmed } });
    setEditing(false);
  });

  return (
    <Paper withBorder p="sm" component="li" data-subject-id={subject.id}>
      {editing ? (
        <form onSubmit={submit} noValidate>
          <Group align="flex-end" wrap="wrap">
            <TextInput
              label={de.subjects.newName(subject.name)}
              style={{ flex: 1, minWidth: 200 }}
              autoFocus
              onKeyDown={(event) => {
                if (event.key === 'Escape') setEditing(false);
              }}
              {...form.getInputProps('name')}
            />
            <Button type="submit">{de.common.save}</Button>
            <Button variant="default" onClick={() => setEditing(false)}>
              {de.common.cancel}
            </Button>
          </Group>
        </form>
      ) : (
        <Group justify="space-between" wrap="nowrap">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Group gap="xs">
              <Text fw={600}>{subject.name}</Text>
              <Badge variant="light" color="gray">
                {de.subjects.classCount(classCount)}
              </Badge>
            </Group>
            {subject.description && (
              <Text size="sm" c="dimmed">
                {subject.description}
              </Text>
            )}
          </Stack>
          <Group gap="xs" wrap="nowrap">
            <Button
              size="xs"
              variant="default"
              aria-label={de.subjects.renameLabel(subject.name)}
              onClick={startEditing}
            >
              {de.subjects.rename}
            </Button>
            <Button
              size="xs"
              color="red"
              variant="light"
              aria-label={de.subjects.deleteLabel(subject.name)}
              onClick={onDelete}
            >
              {de.common.delete}
            </Button>
          </Group>
        </Group>
      )}
    </Paper>
  );
}
