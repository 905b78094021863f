import type { Class } from '@app/contract';
import { Button, Group, Paper, Select, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useSuspenseQuery } from '@tanstack/react-query';
import { de } from '../../../i18n/de';
import { subjectsOf, subjectsQueryOptions } from '../../subjects/queries';
import { classQueryOptions, useUpdateClass } from '../queries';

const required = (value: string) => (value.trim() ? null : de.errors.CLASS_FIELDS_MISSING);

/** Name, grade, subject and description of the class; saved locally first, then refetched (PRODUCT.md §4). */
export function ClassDetailsForm({ classId }: { classId: string }) {
  const { data: cls } = useSuspenseQuery(classQueryOptions(classId));
  // The class's subject is one of its owner's (also when a managing colleague edits it).
  const subjects = subjectsOf(useSuspenseQuery(subjectsQueryOptions).data, cls.created_by);
  const update = useUpdateClass();
  const form = useForm({
    mode: 'controlled',
    initialValues: {
      name: cls.name,
      grade: cls.grade,
      subject_id: cls.subject_id,
      description: cls.description,
    },
    validate: { name: required, grade: required, subject_id: required },
  });

  const submit = form.onSubmit((values) => {
    const changes = {
      name: values.name.trim(),
      grade: values.grade.trim(),
      subject_id: values.subject_id,
      description: values.description.trim(),
    };
    const current: Class = cls;
    update.mutate(
      { current, changes },
      {
        // The form shows what is saved: the old values when the server refused.
        onError: () =>
          form.setValues({
            name: current.name,
            grade: current.grade,
            subject_id: current.subject_id,
            description: current.description,
          }),
        onSettled: () => form.resetDirty(),
      },
    );
  });

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="class-details">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h4" id="class-details">
            {de.classes.detailsHeading}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={de.classes.name} required {...form.getInputProps('name')} />
            <TextInput label={de.classes.grade} required {...form.getInputProps('grade')} />
          </SimpleGrid>
          <Select
            label={de.classes.subject}
            data={subjects.map((subject) => ({ value: subject.id, label: subject.name }))}
            required
            allowDeselect={false}
            {...form.getInputProps('subject_id')}
            onChange={(value) => form.setFieldValue('subject_id', value ?? '')}
          />
          <TextInput
            label={de.classes.description}
            description={de.common.optional}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            {...form.getInputProps('description')}
          />
          <Group>
            <Button type="submit" variant="light" disabled={!form.isDirty()}>
              {de.classes.saveDetails}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
