import { Alert, Badge, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { AnchorLink } from '../components/links';
import { useSession } from '../features/auth';
import {
  ClassDataExport,
  ClassDetailsForm,
  ClassTeachers,
  DeleteClass,
  JoinTokenCard,
  useClassAccess,
} from '../features/classes';
import { classQueryOptions } from '../features/classes/queries';
import { ClassSkillProfile } from '../features/grading';
import { AddStudents, ClassStudents } from '../features/students';
import { subjectsQueryOptions } from '../features/subjects/queries';
import { ClassTasks } from '../features/tasks';
import { de } from '../i18n/de';
import { usePageTitle } from '../lib/usePageTitle';

/**
 * `/classes/{classId}`: the class's tasks, students (add, remove), join code, details and teachers; below
 * them the skill profile. A page of the pages layer: it composes the classes, tasks, students and grading
 * features. A class shared with the teacher shows only what their role may do (`useClassAccess`): 'view' and
 * 'grade' read the class, its students and tasks; 'manage' changes them too (details, students, join code,
 * tasks); only the owner deletes it.
 */
export function ClassPage({ classId }: { classId: string }) {
  usePageTitle(de.titles.class);
  const { data: cls } = useSuspenseQuery(classQueryOptions(classId));
  const { data: subjects } = useSuspenseQuery(subjectsQueryOptions);
  const { session } = useSession();
  const access = useClassAccess(classId);
  const canManage = access.can('manage');
  const subject = subjects.find((entry) => entry.id === cls.subject_id);

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <AnchorLink to="/classes" size="sm">
          ← {de.classes.backToClasses}
        </AnchorLink>
        <Title order={1}>{cls.name}</Title>
        <Group gap={6}>
          <Badge variant="light">{de.classes.gradeBadge(cls.grade)}</Badge>
          <Badge variant="light" color="gray">
            {subject?.name ?? de.classes.unknownSubject}
          </Badge>
          {!access.isOwner && (
            <Badge variant="outline" color="violet" tt="none">
              {de.sharing.sharedBadge(access.role)}
            </Badge>
          )}
        </Group>
        {cls.description && <Text c="dimmed">{cls.description}</Text>}
        {!access.isOwner && (
          <Alert color="violet" variant="light" mt="xs" data-testid="shared-class-notice">
            {de.sharing.readOnly.class[access.role]}
          </Alert>
        )}
      </Stack>
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="lg">
            <ClassTasks classId={classId} editable={canManage} />
            <ClassStudents classId={classId} editable={canManage} />
            {canManage && <AddStudents classId={classId} className={cls.name} />}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="lg">
            {canManage && <JoinTokenCard classId={classId} />}
            <ClassTeachers classId={classId} userId={session?.user?.id ?? ''} />
            {canManage && <ClassDetailsForm classId={classId} />}
            <ClassDataExport classId={classId} />
            {access.isOwner && <DeleteClass classId={classId} />}
          </Stack>
        </Grid.Col>
      </Grid>
      {/* The whole width: a column per skill does not fit the left column on a laptop. */}
      <ClassSkillProfile classId={classId} />
    </Stack>
  );
}
