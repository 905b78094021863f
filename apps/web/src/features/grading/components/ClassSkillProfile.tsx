import type { ClassSkillProfileResponse } from '@app/contract';
import {
  Alert,
  Group,
  Loader,
  Paper,
  Stack,
  Switch,
  Table,
  Text,
  Title,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { de } from '../../../i18n/de';
import { studentName } from '../../students';
import { classSkillProfileQueryOptions } from '../queries';
import { SkillTrendMark } from './SkillTrendMark';

const day = (iso: string) => new Date(iso).toLocaleDateString('de-DE');

type ProfileStudent = ClassSkillProfileResponse['students'][number];
/** 'name', or the key of the skill whose latest level orders the rows. */
interface Sort {
  by: string;
  dir: 'asc' | 'desc';
}

const latestOf = (student: ProfileStudent, key: string) => {
  const points = student.skills.find((s) => s.key === key)?.points ?? [];
  return points[points.length - 1];
};
const scored = (student: ProfileStudent) => student.skills.some((s) => s.points.length > 0);

/** Rows in the chosen order; by a skill, students without a level there come last either way. */
function sorted(students: readonly ProfileStudent[], sort: Sort): ProfileStudent[] {
  const sign = sort.dir === 'asc' ? 1 : -1;
  const byName = (a: ProfileStudent, b: ProfileStudent) =>
    a.last_name.localeCompare(b.last_name, 'de') || a.first_name.localeCompare(b.first_name, 'de');
  return [...students].sort((a, b) => {
    if (sort.by === 'name') return sign * byName(a, b);
    const share = (s: ProfileStudent) => {
      const latest = latestOf(s, sort.by);
      return latest ? latest.score / Math.max(1, latest.max_score) : null;
    };
    const [x, y] = [share(a), share(b)];
    if (x === null || y === null) return (x === null ? 1 : 0) - (y === null ? 1 : 0) || byName(a, b);
    return sign * (x - y) || byName(a, b);
  });
}

/**
 * The class's skill profile (ADR 025): one row per student, one column per skill of the handed-back tasks;
 * each cell the latest level with its trend, the history as the cell's tooltip. Sorted by name or by a
 * skill (its header); students without any level are left out unless asked for, then one compact row each.
 */
export function ClassSkillProfile({ classId }: { classId: string }) {
  const t = de.skillProfile;
  const query = useQuery(classSkillProfileQueryOptions(classId));
  const profile = query.data;
  const [sort, setSort] = useState<Sort>({ by: 'name', dir: 'asc' });
  const [onlyScored, setOnlyScored] = useState(true);
  const unscored = profile ? profile.students.filter((s) => !scored(s)).length : 0;
  const rows = profile ? sorted(onlyScored ? profile.students.filter(scored) : profile.students, sort) : [];

  // A skill sorts the weakest first (who needs help); a second click turns the order round.
  const sortBy = (by: string) =>
    setSort((now) => (now.by === by ? { by, dir: now.dir === 'asc' ? 'desc' : 'asc' } : { by, dir: 'asc' }));
  const header = (by: string, label: ReactNode, name: string) => {
    const active = sort.by === by;
    return (
      <Table.Th
        key={by}
        aria-sort={active ? (sort.dir === 'asc' ? 'ascending' : 'descending') : undefined}
        data-sort-key={by}
      >
        <UnstyledButton
          onClick={() => sortBy(by)}
          title={t.sortBy(name)}
          fz="sm"
          fw={700}
          style={{ textAlign: 'left' }}
        >
          {label}
          <Text component="span" aria-hidden="true" c={active ? undefined : 'dimmed'} ml={4}>
            {active ? (sort.dir === 'asc' ? '▲' : '▼') : '↕'}
          </Text>
        </UnstyledButton>
      </Table.Th>
    );
  };

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
          <>
            {unscored > 0 && (
              <Group gap="sm" wrap="wrap">
                <Switch
                  label={t.onlyScored}
                  checked={onlyScored}
                  onChange={(event) => setOnlyScored(event.currentTarget.checked)}
                />
                <Text size="sm" c="dimmed" data-testid="unscored-count">
                  {onlyScored ? t.hiddenUnscored(unscored) : t.unscoredCount(unscored)}
                </Text>
              </Group>
            )}
            <Table.ScrollContainer
              // Its scrolling area is a keyboard stop of its own: the matrix is wider than a phone.
              scrollAreaProps={{
                viewportProps: { tabIndex: 0, role: 'region', 'aria-label': t.scrollArea },
              }}
              minWidth={180 + profile.skills.length * 110}
            >
              <Table verticalSpacing="xs" striped withColumnBorders aria-labelledby="class-skill-profile">
                <Table.Thead>
                  <Table.Tr>
                    {header('name', t.student, t.student)}
                    {profile.skills.map((skill) =>
                      header(
                        skill.key,
                        <>
                          {skill.name}{' '}
                          <Text component="span" size="xs" c="dimmed">
                            (0–{skill.max_score})
                          </Text>
                        </>,
                        skill.name,
                      ),
                    )}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((student) => {
                    const name = studentName(student);
                    return (
                      <Table.Tr key={student.student_id} data-student={name}>
                        <Table.Th scope="row" fw={500} style={{ whiteSpace: 'nowrap' }}>
                          {name}
                        </Table.Th>
                        {!scored(student) ? (
                          // One compact cell instead of a dash under every skill.
                          <Table.Td colSpan={profile.skills.length} c="dimmed" data-unscored>
                            {t.noScoreYet}
                          </Table.Td>
                        ) : (
                          profile.skills.map((column) => {
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
                                {t.score(latest.score, latest.max_score)}{' '}
                                <SkillTrendMark trend={skill.trend} />
                              </Table.Td>
                            );
                          })
                        )}
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </>
        )}
      </Stack>
    </Paper>
  );
}
