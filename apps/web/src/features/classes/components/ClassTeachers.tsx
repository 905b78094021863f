import { CLASS_ROLES, INVALID_EMAIL_MESSAGE, type ClassRole, type ClassTeacher } from '@app/contract';
import {
  Alert,
  Badge,
  Button,
  Group,
  NativeSelect,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { de } from '../../../i18n/de';
import { useRealtimeEvents } from '../../../lib/events';
import { useClassAccess } from '../access';
import {
  classQueryOptions,
  classTeachersQueryOptions,
  useChangeClassTeacherRole,
  useLeaveClass,
  useRemoveClassTeacher,
  useShareClass,
} from '../queries';

const t = de.sharing.teachers;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const roleOptions = CLASS_ROLES.map((role) => ({ value: role, label: de.sharing.roles[role] }));
const isClassRole = (value: string): value is ClassRole => (CLASS_ROLES as readonly string[]).includes(value);
const teacherName = (teacher: ClassTeacher) => teacher.name.trim() || teacher.email || t.unnamed;

/**
 * "Lehrkräfte" on the class page (co-teaching): who has access to the class with which role, "eingeladen"
 * while an invitation waits. The owner and colleagues who manage the class invite by e-mail address, change a
 * colleague's role and remove a colleague or an invitation; everyone else reads the list. A colleague leaves
 * the class here ("Klasse verlassen") and goes on in the class list.
 */
export function ClassTeachers({ classId, userId }: { classId: string; userId: string }) {
  const { data: cls } = useSuspenseQuery(classQueryOptions(classId));
  const teachers = useQuery(classTeachersQueryOptions(classId));
  const access = useClassAccess(classId);
  const canManage = access.can('manage');
  const changeRole = useChangeClassTeacherRole(classId);
  const remove = useRemoveClassTeacher(classId);
  const leave = useLeaveClass();
  const navigate = useNavigate();
  const [toRemove, setToRemove] = useState<ClassTeacher | null>(null);
  const [leaving, setLeaving] = useState(false);
  // Another teacher's invitation, acceptance or leaving refreshes the list (lib/events.ts: class_teachers).
  useRealtimeEvents();

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="class-teachers">
      <Stack gap="sm">
        <Title order={2} size="h4" id="class-teachers">
          {t.heading}
        </Title>
        <Text size="sm" c="dimmed">
          {access.isOwner ? t.intro : t.introShared}
        </Text>
        {teachers.isPending ? (
          <Text size="sm" c="dimmed" role="status">
            {de.common.loading}
          </Text>
        ) : teachers.isError ? (
          <Alert color="red" role="alert">
            {t.loadFailed}
          </Alert>
        ) : (
          <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t.heading}>
            {teachers.data.teachers.map((teacher) => {
              const name = teacherName(teacher);
              const isMe = teacher.user_id === userId;
              const editable = canManage && !isMe && teacher.role !== 'owner';
              const pending = teacher.status === 'pending';
              return (
                <Group
                  key={teacher.user_id}
                  component="li"
                  justify="space-between"
                  align="center"
                  wrap="wrap"
                  gap="xs"
                  py="xs"
                  style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
                  data-teacher-id={teacher.user_id}
                >
                  {/* Name and address take the line; on a phone the role and the button go below them. */}
                  <Stack gap={0} style={{ minWidth: 0, flex: '1 1 12rem' }}>
                    <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                      {name}
                      {isMe && ` (${t.you})`}
                    </Text>
                    {teacher.name.trim() && teacher.email && (
                      <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                        {teacher.email}
                      </Text>
                    )}
                  </Stack>
                  <Group gap="xs" wrap="wrap" align="center">
                    {pending && (
                      <Badge color="yellow" variant="light" tt="none" title={t.pendingHint}>
                        {t.pending}
                      </Badge>
                    )}
                    {editable ? (
                      <NativeSelect
                        size="xs"
                        aria-label={t.roleLabel(name)}
                        data={roleOptions}
                        value={teacher.role}
                        onChange={(event) => {
                          const role = event.currentTarget.value;
                          if (isClassRole(role) && role !== teacher.role)
                            changeRole.mutate({ teacher, role });
                        }}
                      />
                    ) : (
                      <Badge variant="light" tt="none" color={teacher.role === 'owner' ? 'blue' : 'gray'}>
                        {de.sharing.roles[teacher.role]}
                      </Badge>
                    )}
                    {editable && (
                      <Button
                        size="xs"
                        color="red"
                        variant="subtle"
                        aria-label={pending ? t.withdrawLabel(name) : t.removeLabel(name)}
                        onClick={() => setToRemove(teacher)}
                      >
                        {pending ? t.withdraw : t.remove}
                      </Button>
                    )}
                  </Group>
                </Group>
              );
            })}
          </Stack>
        )}
        {canManage && <InviteForm classId={classId} />}
        {!access.isOwner && (
          <Group>
            <Button color="red" variant="light" onClick={() => setLeaving(true)}>
              {de.sharing.leave.button}
            </Button>
          </Group>
        )}
      </Stack>
      <ConfirmDialog
        opened={toRemove !== null}
        title={toRemove?.status === 'pending' ? t.withdrawTitle : t.removeTitle}
        text={
          toRemove
            ? toRemove.status === 'pending'
              ? t.withdrawText(teacherName(toRemove), cls.name)
              : t.removeText(teacherName(toRemove), cls.name)
            : ''
        }
        confirmLabel={toRemove?.status === 'pending' ? t.withdrawConfirm : t.removeConfirm}
        onCancel={() => setToRemove(null)}
        onConfirm={() => {
          if (toRemove) remove.mutate(toRemove);
          setToRemove(null);
        }}
      />
      <ConfirmDialog
        opened={leaving}
        title={de.sharing.leave.title}
        text={de.sharing.leave.text(cls.name)}
        confirmLabel={de.sharing.leave.confirm}
        onCancel={() => setLeaving(false)}
        onConfirm={() => {
          setLeaving(false);
          // As after deleting a class: it leaves the list at once and the teacher goes on working there.
          leave.mutate({ cls, userId });
          void navigate({ to: '/classes' });
        }}
      />
    </Paper>
  );
}

/** "Klasse teilen": a colleague's e-mail address and role ("kann bewerten" unless chosen otherwise). */
function InviteForm({ classId }: { classId: string }) {
  const i = de.sharing.invite;
  const share = useShareClass(classId);
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: '', role: 'grade' as ClassRole },
    validate: { email: (value) => (EMAIL.test(value.trim()) ? null : INVALID_EMAIL_MESSAGE) },
  });

  const submit = form.onSubmit((values) => {
    share.mutate(
      { email: values.email.trim().toLowerCase(), role: values.role },
      // The address stays after a refusal, to be corrected; the role stays for the next colleague.
      { onSuccess: () => form.setFieldValue('email', '') },
    );
  });

  return (
    <form onSubmit={submit} noValidate aria-labelledby="share-class">
      <Stack gap="xs" pt="xs" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
        <Title order={3} size="h5" id="share-class">
          {i.heading}
        </Title>
        <Group align="flex-start" wrap="wrap" gap="xs">
          <TextInput
            type="email"
            label={i.email}
            description={i.emailDescription}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            placeholder={i.emailPlaceholder}
            autoComplete="off"
            required
            style={{ flex: '1 1 14rem', minWidth: 0 }}
            {...form.getInputProps('email')}
          />
          <NativeSelect
            label={i.role}
            data={roleOptions}
            style={{ flex: '1 1 9rem', minWidth: 0 }}
            {...form.getInputProps('role')}
          />
        </Group>
        <Text size="xs" c="dimmed">
          {de.sharing.roles[form.values.role]}: {de.sharing.roleHelp[form.values.role]}
        </Text>
        <Group>
          <Button type="submit" loading={share.isPending}>
            {i.submit}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
