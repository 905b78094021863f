import type { Class } from '@app/contract';
import { Button, Checkbox, Group, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useId, useState } from 'react';
import { de } from '../../../i18n/de';
import { DATE_TIME_INPUT_PLACEHOLDER, fromGermanInputValue } from '../../../lib/dates';
import { isTaskDataTooLarge } from '../../editor';
import { LazyTaskEditor } from '../../editor/lazy';
import type { TaskFormValues } from '../taskValues';

interface TaskFormProps {
  initialValues: TaskFormValues;
  /** With classes the teacher picks the task's class; without, the class stays as it is. */
  classes?: Class[];
  submitLabel: string;
  submitting: boolean;
  onSubmit: (values: TaskFormValues) => void;
  onCancel?: () => void;
}

/** Title, class, due date, feedback template and the content (rich text with formulas) of a task. */
export function TaskForm({
  initialValues,
  classes,
  submitLabel,
  submitting,
  onSubmit,
  onCancel,
}: TaskFormProps) {
  const t = de.tasks;
  const contentLabelId = useId();
  const contentErrorId = useId();
  const [contentError, setContentError] = useState<string | null>(null);
  const form = useForm<TaskFormValues>({
    mode: 'controlled',
    initialValues,
    validate: {
      title: (value) => (value.trim() ? null : de.errors.TASK_TITLE_REQUIRED),
      class_id: (value) => (value ? null : t.classRequired),
      due: (value) => (!value.trim() || fromGermanInputValue(value) ? null : t.dueDateInvalid),
    },
  });

  const submit = form.onSubmit((values) => {
    if (isTaskDataTooLarge(values.data)) {
      setContentError(t.contentTooLarge);
      return;
    }
    onSubmit({ ...values, title: values.title.trim() });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label={t.title}
          placeholder={t.titlePlaceholder}
          required
          {...form.getInputProps('title')}
        />
        <SimpleGrid cols={{ base: 1, sm: classes ? 2 : 1 }}>
          {classes && (
            <Select
              label={t.class}
              placeholder={t.classPlaceholder}
              data={classes.map((cls) => ({ value: cls.id, label: cls.name }))}
              required
              allowDeselect={false}
              {...form.getInputProps('class_id')}
              onChange={(value) => form.setFieldValue('class_id', value ?? '')}
            />
          )}
          <TextInput
            label={t.dueDate}
            placeholder={DATE_TIME_INPUT_PLACEHOLDER}
            autoComplete="off"
            description={t.dueDateDescription}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            {...form.getInputProps('due')}
          />
        </SimpleGrid>
        {form.values.due && (
          <Checkbox
            label={t.allowLate}
            {...form.getInputProps('allow_late_submissions', { type: 'checkbox' })}
          />
        )}
        <Stack gap={4}>
          <Text id={contentLabelId} size="sm" fw={500}>
            {t.content}
          </Text>
          <Text size="xs" c="dimmed">
            {de.editor.hint}
          </Text>
          <LazyTaskEditor
            initialContent={initialValues.data}
            onChange={(data) => {
              form.setFieldValue('data', data);
              if (contentError) setContentError(null);
            }}
            labelId={contentLabelId}
            describedBy={contentError ? contentErrorId : undefined}
            invalid={contentError !== null}
          />
          {contentError && (
            <Text id={contentErrorId} size="sm" c="red" role="alert">
              {contentError}
            </Text>
          )}
        </Stack>
        <Textarea
          label={t.feedbackTemplate}
          description={t.feedbackTemplateDescription}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          autosize
          minRows={2}
          maxRows={8}
          {...form.getInputProps('feedback_template')}
        />
        <Group>
          <Button type="submit" loading={submitting}>
            {submitLabel}
          </Button>
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              {t.cancelEdit}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
