import { classAccessAllows } from '@app/contract';
import { Container, Group, Stack, Text, Title } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { AnchorLink, ButtonLink } from '../../../components/links';
import { de } from '../../../i18n/de';
import { usePageTitle } from '../../../lib/usePageTitle';
import { useSession } from '../../auth';
import { classesQueryOptions } from '../../classes/queries';
import { useCreateTask } from '../queries';
import { createTaskRequest, newTaskValues, type TaskFormValues } from '../taskValues';
import { TaskForm } from './TaskForm';

interface TaskCreatePageProps {
  /** Document title and heading: 'Neue Aufgabe erstellen' or 'Aufgabe erstellen' (PRODUCT.md §2). */
  title: string;
  /** The class the task is for (preselected; the teacher may pick another). */
  classId?: string;
  /** The new task's id in the local list until the server answers. */
  draftId: string;
}

/**
 * `/classes/{classId}/tasks/new/{id}` and `/createTask`: a new task (as a draft), then its page. The classes to
 * pick from are those the teacher may manage (their own, and colleagues' they manage: co-teaching).
 */
export function TaskCreatePage({ title, classId, draftId }: TaskCreatePageProps) {
  usePageTitle(title);
  const { data: allClasses } = useSuspenseQuery(classesQueryOptions);
  const classes = allClasses.filter((cls) => classAccessAllows(cls.my_role, 'manage'));
  const create = useCreateTask();
  const navigate = useNavigate();
  const { session } = useSession();
  const known = allClasses.find((cls) => cls.id === classId);

  const submit = (values: TaskFormValues) => {
    create.mutate(
      {
        input: createTaskRequest(values),
        tempId: draftId,
        userId: session?.user?.id ?? '',
      },
      {
        onSuccess: (task) => {
          void navigate({
            to: '/classes/$classId/tasks/$taskId',
            params: { classId: task.class_id, taskId: task.id },
            replace: true,
          });
        },
      },
    );
  };

  return (
    <Container size="md" py="md">
      <Stack gap="lg">
        <Stack gap={4}>
          {known ? (
            <AnchorLink to="/classes/$classId" params={{ classId: known.id }} size="sm">
              ← {de.tasks.backToClass(known.name)}
            </AnchorLink>
          ) : (
            <AnchorLink to="/classes" size="sm">
              ← {de.classes.backToClasses}
            </AnchorLink>
          )}
          <Title order={1}>{title}</Title>
          <Text c="dimmed">{de.tasks.createIntro}</Text>
        </Stack>
        {classes.length === 0 ? (
          <Group>
            <Text>{de.tasks.noClasses}</Text>
            <ButtonLink to="/classes" variant="light">
              {de.tasks.toClasses}
            </ButtonLink>
          </Group>
        ) : (
          <TaskForm
            initialValues={newTaskValues(classes, classId)}
            classes={classes}
            submitLabel={de.tasks.create}
            submitting={create.isPending}
            onSubmit={submit}
          />
        )}
      </Stack>
    </Container>
  );
}
