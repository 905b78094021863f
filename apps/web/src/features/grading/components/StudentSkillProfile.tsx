import { Alert, Group, List, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { deSkillProfile as t } from '../../../i18n/de.skillProfile';
import { feedbackLinkSkillProfileQueryOptions } from '../feedbackLinkQueries';
import { SkillTrendMark } from './SkillTrendMark';

const day = (iso: string) => new Date(iso).toLocaleDateString('de-DE');

/**
 * The student's own skill profile on their feedback link page (ADR 025): handed-back tasks of their class.
 * Loaded lazily by the page (ADR 012): a link that shows nothing does not pay for it. The history is a list in
 * its cell, so the table fits a phone without scrolling sideways.
 */
export default function StudentSkillProfile({ token }: { token: string }) {
  const query = useQuery(feedbackLinkSkillProfileQueryOptions(token));
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="skill-profile" data-testid="skill-profile">
      <Stack gap="sm">
        <Title order={2} size="h3" id="skill-profile">
          {t.studentHeading}
        </Title>
        <Text size="sm" c="dimmed">
          {t.studentIntro}
        </Text>
        {query.isPending ? (
          <Group gap="sm" role="status">
            <Loader size="sm" />
          </Group>
        ) : query.isError ? (
          <Alert color="red" role="alert">
            {t.loadFailed}
          </Alert>
        ) : query.data.skills.length === 0 ? (
          <Text c="dimmed">{t.studentEmpty}</Text>
        ) : (
          <Table verticalSpacing="xs" aria-labelledby="skill-profile">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t.skill}</Table.Th>
                <Table.Th>{t.latest}</Table.Th>
                <Table.Th>{t.history}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {query.data.skills.map((skill) => {
                const latest = skill.points[skill.points.length - 1]!;
                return (
                  <Table.Tr key={skill.key} data-skill={skill.name}>
                    <Table.Th scope="row" fw={600}>
                      {skill.name}
                    </Table.Th>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {t.score(latest.score, latest.max_score)} <SkillTrendMark trend={skill.trend} />
                    </Table.Td>
                    <Table.Td>
                      <List size="sm" listStyleType="none" spacing={2}>
                        {skill.points.map((p) => (
                          <List.Item
                            key={p.task_id}
                            title={t.point(p.task_title, day(p.date), p.score, p.max_score)}
                          >
                            {p.task_title}:{' '}
                            <span style={{ whiteSpace: 'nowrap' }}>{t.score(p.score, p.max_score)}</span>
                          </List.Item>
                        ))}
                      </List>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Paper>
  );
}
