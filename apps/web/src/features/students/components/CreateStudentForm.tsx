import {
  NAME_MESSAGES,
  NAME_MIN_LENGTH,
  passwordErrors,
  type Class,
  type CreateStudentRequest,
} from '@app/contract';
import { Button, Group, PasswordInput, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { de } from '../../../i18n/de';
import { generatePassword } from '../password';
import { useCreateStudent } from '../queries';
import type { StudentLogin } from './StudentCredentials';

interface CreateStudentFormProps {
  /** The class the student goes into; with `classes` instead, the teacher picks one. */
  classId?: string;
  classes?: Class[];
  /** With `classes`: the class chosen at first. */
  initialClassId?: string;
  onCreated: (login: StudentLogin, classId: string) => void;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function optionalName(message: string) {
  return (value: string) => (value.trim() === '' || value.trim().length >= NAME_MIN_LENGTH ? null : message);
}

/** One student account with the e-mail address and password the teacher chooses (or generates). */
export function CreateStudentForm({ classId, classes, initialClassId, onCreated }: CreateStudentFormProps) {
  const t = de.students.single;
  const create = useCreateStudent();
  const form = useForm({
    mode: 'controlled',
    initialValues: {
      class_id: classId ?? initialClassId ?? (classes?.length === 1 ? (classes[0]?.id ?? '') : ''),
      first_name: '',
      last_name: '',
      email: '',
      password: generatePassword(),
    },
    validate: {
      class_id: (value) => (value ? null : t.classRequired),
      first_name: optionalName(NAME_MESSAGES.firstNameTooShort),
      last_name: optionalName(NAME_MESSAGES.lastNameTooShort),
      email: (value) => (EMAIL.test(value.trim()) ? null : t.emailInvalid),
      password: (value) => passwordErrors(value)[0] ?? null,
    },
  });

  const submit = form.onSubmit((values) => {
    const input: CreateStudentRequest = {
      class_id: values.class_id,
      email: values.email.trim().toLowerCase(),
      password: values.password,
      ...(values.first_name.trim() ? { first_name: values.first_name.trim() } : {}),
      ...(values.last_name.trim() ? { last_name: values.last_name.trim() } : {}),
    };
    create.mutate(input, {
      onSuccess: ({ user }) => {
        const name = [input.first_name, input.last_name].filter(Boolean).join(' ');
        onCreated({ name: name || user.email, email: user.email, password: input.password }, input.class_id);
        form.setValues({ first_name: '', last_name: '', email: '', password: generatePassword() });
        form.resetDirty();
      },
    });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
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
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t.firstName} autoComplete="off" {...form.getInputProps('first_name')} />
          <TextInput label={t.lastName} autoComplete="off" {...form.getInputProps('last_name')} />
        </SimpleGrid>
        <TextInput
          label={t.email}
          placeholder={t.emailPlaceholder}
          type="email"
          autoComplete="off"
          required
          {...form.getInputProps('email')}
        />
        <Group align="flex-end" wrap="nowrap">
          <PasswordInput
            label={t.password}
            autoComplete="new-password"
            required
            style={{ flex: 1 }}
            visibilityToggleButtonProps={{ 'aria-label': t.showPassword }}
            {...form.getInputProps('password')}
          />
          <Button
            variant="default"
            onClick={() => form.setFieldValue('password', generatePassword())}
            mb={form.errors.password ? 22 : 0}
          >
            {t.generate}
          </Button>
        </Group>
        <Group>
          <Button type="submit" loading={create.isPending}>
            {t.submit}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
