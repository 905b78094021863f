import { Alert, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { de } from '../../../i18n/de';
import { rubricQueryOptions } from '../queries';
import classes from './RubricEditor.module.css';

const t = de.rubrics;

/**
 * The rubric of a task read-only, for a colleague who may not manage the class (co-teaching): the skill groups
 * with their skills and for each score its descriptions, laid out as the editor lays them out.
 */
export function RubricView({ taskId }: { taskId: string }) {
  const { data: rubric, isPending, isError } = useQuery(rubricQueryOptions(taskId));
  if (isPending) return <Text c="dimmed">{de.common.loading}</Text>;
  if (isError) return <Alert color="red">{t.loadFailed}</Alert>;
  if (rubric.skill_groups.length === 0) return <Text c="dimmed">{de.sharing.readOnly.noRubric}</Text>;

  return (
    <Stack gap="md">
      {rubric.skill_groups.map((group) => {
        const headingId = `rubric-view-group-${group.id}`;
        return (
          <Paper key={group.id} withBorder p="md" component="section" aria-labelledby={headingId}>
            <Stack gap="sm">
              <Title order={3} size="h5" id={headingId}>
                {t.group.label}: {group.name}
              </Title>
              {group.description && (
                <Text size="sm" c="dimmed">
                  {group.description}
                </Text>
              )}
              {group.skills.length === 0 && (
                <Text size="sm" c="dimmed">
                  {t.group.noSkills}
                </Text>
              )}
              {group.skills.map((skill) => (
                <Paper
                  key={skill.id}
                  withBorder
                  p="sm"
                  bg="var(--mantine-color-default-hover)"
                  component="article"
                  aria-labelledby={`rubric-view-skill-${skill.id}`}
                >
                  <Stack gap="xs">
                    <Title order={4} size="h6" id={`rubric-view-skill-${skill.id}`}>
                      {skill.name}
                    </Title>
                    {skill.description && <Text size="sm">{skill.description}</Text>}
                    <Table
                      withTableBorder
                      withColumnBorders
                      aria-label={t.skill.levels(skill.name)}
                      verticalSpacing={4}
                      className={classes.levels}
                    >
                      <Table.Thead>
                        <Table.Tr>
                          <Table.Th>{t.level.score}</Table.Th>
                          <Table.Th>{t.level.value}</Table.Th>
                        </Table.Tr>
                      </Table.Thead>
                      <Table.Tbody>
                        {Array.from({ length: skill.maxScore + 1 }, (_, score) => {
                          const details = skill.details.filter((d) => d.score === score);
                          return (
                            <Table.Tr key={score}>
                              <Table.Th scope="row" style={{ whiteSpace: 'nowrap' }}>
                                {t.points(score)}
                              </Table.Th>
                              <Table.Td>
                                {details.length === 0 ? (
                                  <Text size="sm" c="dimmed">
                                    {de.common.none}
                                  </Text>
                                ) : (
                                  details.map((detail) => (
                                    <Text
                                      key={detail.skillDetail_id}
                                      size="sm"
                                      style={{ whiteSpace: 'pre-wrap' }}
                                    >
                                      {detail.value}
                                    </Text>
                                  ))
                                )}
                              </Table.Td>
                            </Table.Tr>
                          );
                        })}
                      </Table.Tbody>
                    </Table>
                  </Stack>
                </Paper>
              ))}
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}
