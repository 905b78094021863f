import { Badge, Button, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { AnchorLink } from '../../../components/links';
import { de } from '../../../i18n/de';
import { usePageTitle } from '../../../lib/usePageTitle';
import { AddStudents } from '../../students';
import { subjectsQueryOptions } from '../../subjects/queries';
import { ClassTasks } from '../../tasks';
import { classQueryOptions, downloadClassExport, useDeleteClass } from '../queries';
import { useDataExport } from '../../students/queries';
import { ClassDetailsForm } from './ClassDetailsForm';
import { ClassSkillProfile } from './ClassSkillProfile';
import { ClassStudents } from './ClassStudents';
import { JoinTokenCard } from './JoinTokenCard';

/**
 * `/classes/{classId}`: the class's tasks, students (add, remove), join code and details; below them the
 * skill profile.
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

/** "Daten exportieren" (ADR 022): everything of the class as a ZIP, downloaded by the browser. */
function ClassDataExport({ classId }: { classId: string }) {
  const t = de.dataRights.classCard;
  const download = useDataExport(downloadClassExport);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="class-data">
      <Stack gap="sm" align="flex-start">
        <Title order={2} size="h4" id="class-data">
          {t.heading}
        </Title>
        <Text size="sm" c="dimmed">
          {t.text}
        </Text>
        <Button variant="light" loading={download.isPending} onClick={() => download.mutate(classId)}>
          {t.export}
        </Button>
        {download.isPending && (
          <Text size="sm" c="dimmed" role="status">
            {de.dataRights.exportWorking}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

function DeleteClass({ classId }: { classId: string }) {
  const { data: cls } = useSuspenseQuery(classQueryOptions(classId));
  const remove = useDeleteClass();
  const navigate = useNavigate();
  const [confirm, setConfirm] = useState(false);

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="delete-class">
      <Stack gap="sm">
        <Title order={2} size="h4" id="delete-class">
          {de.classes.dangerHeading}
        </Title>
        <Text size="sm" c="dimmed">
          {de.classes.dangerText}
        </Text>
        <Group>
          <Button color="red" variant="light" onClick={() => setConfirm(true)}>
            {de.classes.deleteConfirm}
          </Button>
        </Group>
      </Stack>
      <ConfirmDialog
        opened={confirm}
        title={de.classes.deleteTitle}
        text={de.classes.deleteText(cls.name)}
        confirmLabel={de.classes.deleteConfirm}
        onCancel={() => setConfirm(false)}
        onConfirm={() => {
          setConfirm(false);
          // The class leaves the list at once (PRODUCT.md §4); the list is where the teacher goes on working.
          remove.mutate(cls);
          void navigate({ to: '/classes' });
        }}
      />
    </Paper>
  );
}
