import { Alert, Group, Loader, Paper, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { de } from '../../../i18n/de';
import { SkillTrendMark } from '../../grading';
import { studentName } from '../../students';
import { classSkillProfileQueryOptions } from '../queries';

const day = (iso: string) => new Date(iso).toLocaleDateString('de-DE');

/**
 * The class's skill profile (ADR 025): one row per student, one column per skill of the handed-back tasks;
 * each cell the latest level with its trend, the history as the cell's tooltip.
 */
export function ClassSkillProfile({ classId }: { classId: string }) {
  const t = de.skillProfile;
  const query = useQuery(classSkillProfileQueryOptions(classId));
  const profile = query.data;
  return (
    <Paper
      withBorder
      p="md"
      component="section"
      aria-labelledby="class-skill-profile"
      data-testid="class-skill-profile"
    >
      <Stack gap="sm">
        <Title order={2} size="h4" id="class-skill-profile">
          {t.heading}
        </Title>
        <Text size="sm" c="dimmed">
          {t.classIntro}
        </Text>
        {query.isPending ? (
          <Group role="status">
            <Loader size="sm" />
          </Group>
        ) : query.isError || !profile ? (
          <Alert color="red" role="alert">
            {t.loadFailed}
          </Alert>
        ) : profile.skills.length === 0 ? (
          <Text c="dimmed">{t.empty}</Text>
        ) : (
          <Table.ScrollContainer
            // Its scrolling area is a keyboard stop of its own: the matrix is wider than a phone.
            scrollAreaProps={{
              viewportProps: { tabIndex: 0, role: 'region', 'aria-label': t.scrollArea },
            }}
            minWidth={160 + profile.skills.length * 90}
          >
            <Table verticalSpacing="xs" striped withColumnBorders aria-labelledby="class-skill-profile">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t.student}</Table.Th>
                  {profile.skills.map((skill) => (
                    <Table.Th key={skill.key}>
                      {skill.name}{' '}
                      <Text component="span" size="xs" c="dimmed">
                        (0–{skill.max_score})
                      </Text>
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {profile.students.map((student) => {
                  const name = studentName(student);
                  return (
                    <Table.Tr key={student.student_id} data-student={name}>
                      <Table.Th scope="row" fw={500}>
                        {name}
                      </Table.Th>
                      {profile.skills.map((column) => {
                        const skill = student.skills.find((s) => s.key === column.key);
                        const latest = skill?.points[skill.points.length - 1];
                        if (!skill || !latest)
                          return (
                            <Table.Td key={column.key} c="dimmed">
                              <span aria-hidden="true">–</span>
                              <VisuallyHidden>{t.noScore}</VisuallyHidden>
                            </Table.Td>
                          );
                        return (
                          <Table.Td
                            key={column.key}
                            data-skill={column.name}
                            style={{ whiteSpace: 'nowrap' }}
                            title={skill.points
                              .map((p) => t.point(p.task_title, day(p.date), p.score, p.max_score))
                              .join('\n')}
                          >
                            {t.score(latest.score, latest.max_score)} <SkillTrendMark trend={skill.trend} />
                          </Table.Td>
                        );
                      })}
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}
