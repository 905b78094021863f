import type { FeedbackLinkGroup } from '@app/contract';
import { Alert, Badge, Button, Group, List, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
// The student's page loads its own small strings module, not the whole catalog (ADR 010).
import { deGrading } from '../../../i18n/de.grading';
import { ApiError } from '../../../lib/api';
import { usePageTitle } from '../../../lib/usePageTitle';
import { ContentView } from '../../submissions';
import { feedbackLinkFileUrl, feedbackLinkQueryOptions } from '../feedbackLinkQueries';
import { SubmissionFiles } from './SubmissionFiles';

const StudentSkillProfile = lazy(() => import('./StudentSkillProfile'));

const t = deGrading.feedbackLink;

/**
 * `/feedback/{token}` (student layout, no sign-in; ADR 010): the student's handed-back work with the
 * teacher's scores and texts, read-only.
 */
export function FeedbackLinkPage({ token }: { token: string }) {
  usePageTitle(t.title);
  const query = useQuery(feedbackLinkQueryOptions(token));

  if (query.isPending) {
    return (
      <Group gap="sm" role="status">
        <Loader size="sm" />
        <Text>{t.loading}</Text>
      </Group>
    );
  }
  if (query.isError) {
    const notFound = query.error instanceof ApiError && query.error.status === 404;
    return (
      <Stack gap="md">
        <Title order={1}>{notFound ? t.notFoundTitle : t.title}</Title>
        <Alert color={notFound ? 'yellow' : 'red'} role="alert">
          {notFound ? query.error.message : t.loadFailed}
        </Alert>
        {!notFound && (
          <div>
            <Button onClick={() => void query.refetch()}>{t.retry}</Button>
          </div>
        )}
      </Stack>
    );
  }

  const data = query.data;
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{t.greeting(data.student.first_name)}</Title>
        <Text>{t.intro}</Text>
      </Stack>

      <Paper withBorder p="md" component="section" aria-label={t.task}>
        <Text size="sm" c="dimmed">
          {t.task}
        </Text>
        <Title order={2} size="h3">
          {data.task.title}
        </Title>
        {data.task.description ? <Text mt="xs">{data.task.description}</Text> : null}
        {data.task.data ? <ContentView data={data.task.data} /> : null}
      </Paper>

      <Paper withBorder p="md" data-testid="link-total">
        <Group justify="space-between">
          <Text fw={700}>{t.total}</Text>
          <Text fw={700}>{t.score(data.score, data.max_score)}</Text>
        </Group>
      </Paper>

      {data.groups.map((group) => (
        <GroupFeedback key={group.group_id} group={group} />
      ))}

      <Suspense fallback={null}>
        <StudentSkillProfile token={token} />
      </Suspense>

      <section aria-label={t.files}>
        <Title order={2} size="h3" mb="sm">
          {t.files}
        </Title>
        <SubmissionFiles
          files={data.files}
          urlOf={(fileId) => feedbackLinkFileUrl(token, fileId)}
          altOf={(file) => file.original_name}
          strings={deGrading.page}
          pdfHeight="70vh"
        />
      </section>
    </Stack>
  );
}

function GroupFeedback({ group }: { group: FeedbackLinkGroup }) {
  return (
    <Paper withBorder p="md" component="section" aria-label={group.group_name}>
      <Stack gap="sm">
        <Group justify="space-between" align="baseline">
          <Title order={2} size="h4">
            {group.group_name}
          </Title>
          <Text fw={700}>{t.score(group.score, group.max_score)}</Text>
        </Group>
        {group.group_feedback ? <Text style={{ whiteSpace: 'pre-wrap' }}>{group.group_feedback}</Text> : null}
        {group.skills.map((skill) => (
          <Paper key={skill.skill_id} p="sm" bg="var(--mantine-color-default-hover)">
            <Group justify="space-between" align="baseline" wrap="nowrap">
              <Text fw={600}>{skill.name}</Text>
              <Badge variant="light" color={skill.score < 0 ? 'gray' : 'blue'}>
                {skill.score < 0 ? t.unscored : deGrading.of(skill.score, skill.maxScore)}
              </Badge>
            </Group>
            {skill.level ? (
              <Text size="sm" mt={4}>
                <strong>{t.level}:</strong> {skill.level}
              </Text>
            ) : null}
            {skill.reason ? (
              <Text size="sm" mt={4}>
                <strong>{deGrading.skill.reason}:</strong> {skill.reason}
              </Text>
            ) : null}
            {skill.proof.length > 0 ? (
              <List size="sm" mt={4}>
                {skill.proof.map((quote, i) => (
                  <List.Item key={i}>„{quote}“</List.Item>
                ))}
              </List>
            ) : null}
            {skill.recommendation ? (
              <Text size="sm" mt={4}>
                <strong>{deGrading.skill.recommendation}:</strong> {skill.recommendation}
              </Text>
            ) : null}
          </Paper>
        ))}
      </Stack>
    </Paper>
  );
}
