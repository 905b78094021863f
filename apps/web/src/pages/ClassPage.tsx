import { Badge, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { AnchorLink } from '../components/links';
import { ClassDataExport, ClassDetailsForm, DeleteClass, JoinTokenCard } from '../features/classes';
import { classQueryOptions } from '../features/classes/queries';
import { ClassSkillProfile } from '../features/grading';
import { AddStudents, ClassStudents } from '../features/students';
import { subjectsQueryOptions } from '../features/subjects/queries';
import { ClassTasks } from '../features/tasks';
import { de } from '../i18n/de';
import { usePageTitle } from '../lib/usePageTitle';

/**
 * `/classes/{classId}`: the class's tasks, students (add, remove), join code and details; below them the
 * skill profile. A page of the pages layer: it composes the classes, tasks, students and grading features.
 */
export function ClassPage({ classId }: { classId: string }) {
  usePageTitle(de.titles.class);
  const { data: cls } = useSuspenseQuery(classQueryOptions(classId));
  const { data: subjects } = useSuspenseQuery(subjectsQueryOptions);
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
        </Group>
        {cls.description && <Text c="dimmed">{cls.description}</Text>}
      </Stack>
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="lg">
            <ClassTasks classId={classId} />
            <ClassStudents classId={classId} />
            <AddStudents classId={classId} className={cls.name} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="lg">
            <JoinTokenCard classId={classId} />
            <ClassDetailsForm classId={classId} />
            <ClassDataExport classId={classId} />
            <DeleteClass classId={classId} />
          </Stack>
        </Grid.Col>
      </Grid>
      {/* The whole width: a column per skill does not fit the left column on a laptop. */}
      <ClassSkillProfile classId={classId} />
    </Stack>
  );
}
