import {
  MAX_SKILL_SCORE,
  skillsComplete,
  type MissingSkillScores,
  type RubricGroup,
  type RubricSkill,
  type SkillDetail,
  type TaskRubric,
} from '@app/contract';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  List,
  NumberInput,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { de } from '../../../i18n/de';
import { useSession } from '../../auth';
import {
  isTempId,
  rubricChanges,
  rubricQueryOptions,
  skillGroupsQueryOptions,
  useRubricChange,
  type RubricChange,
} from '../queries';
import { EditableText } from './EditableText';
import classes from './RubricEditor.module.css';

const t = de.rubrics;

interface EditorContext {
  taskId: string;
  userId: string;
  /** Runs a change; resolves when the server answered (failures are already toasted and rolled back). */
  change: (c: RubricChange) => Promise<unknown>;
}

/**
 * The rubric editor of a task (task page and `/dev/skillEditor`): skill groups → skills → a grid with one
 * row per score 0..maxScore. Every change shows at once and is taken back when the server refuses. The
 * "skills complete" rule of PRODUCT.md §4 is shown as a state naming the scores each skill still misses.
 */
export function RubricEditor({ taskId }: { taskId: string }) {
  const { data: rubric, isPending, isError } = useQuery(rubricQueryOptions(taskId));
  // Which other tasks use each group: editing a reused group changes their rubric too.
  const library = useQuery(skillGroupsQueryOptions());
  const mutation = useRubricChange(taskId);
  const { session } = useSession();
  const ctx: EditorContext = {
    taskId,
    userId: session?.user?.id ?? '',
    change: (c) => mutation.mutateAsync(c).catch(() => undefined),
  };

  if (isPending) return <Text c="dimmed">{de.common.loading}</Text>;
  if (isError) return <Alert color="red">{t.loadFailed}</Alert>;

  const groups = rubric.skill_groups;
  return (
    <Stack gap="md">
      {groups.length === 0 ? <Text c="dimmed">{t.empty}</Text> : <CompletenessState rubric={rubric} />}
      {groups.map((group, index) => (
        <GroupCard
          key={group.id}
          ctx={ctx}
          group={group}
          index={index}
          count={groups.length}
          order={groups.map((g) => g.id)}
          otherTasks={
            (library.data?.find((g) => g.id === group.id)?.task_ids ?? []).filter((id) => id !== taskId)
              .length
          }
        />
      ))}
      <AddGroup ctx={ctx} rubric={rubric} />
    </Stack>
  );
}

/** PRODUCT.md §4: complete only when every skill has a descriptor for each score 0..maxScore. */
export function CompletenessState({ rubric }: { rubric: TaskRubric }) {
  const { complete, missing } = skillsComplete(rubric.skill_groups.flatMap((g) => g.skills));
  if (complete)
    return (
      <Alert color="teal" role="status" data-testid="rubric-state" data-complete="true">
        {t.complete}
      </Alert>
    );
  return (
    <Alert
      color="yellow"
      role="status"
      title={t.incompleteTitle}
      data-testid="rubric-state"
      data-complete="false"
    >
      <Stack gap={4}>
        <Text size="sm">{t.incompleteIntro}</Text>
        <List size="sm">
          {missing.map((m: MissingSkillScores) => (
            <List.Item key={m.skillId}>{t.missingOf(m.name, m.scores)}</List.Item>
          ))}
        </List>
      </Stack>
    </Alert>
  );
}

function moveId(order: string[], index: number, by: -1 | 1): string[] {
  const next = [...order];
  const [id] = next.splice(index, 1);
  next.splice(index + by, 0, id!);
  return next;
}

/** Move up, move down and remove: the same three buttons on a group and on a skill. */
function OrderActions({
  labels,
  index,
  count,
  pending,
  onMove,
  onRemove,
}: {
  labels: { up: string; down: string; remove: string };
  index: number;
  count: number;
  pending: boolean;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  return (
    <Group gap={4} wrap="nowrap" ml="auto" style={{ flexShrink: 0 }}>
      <ActionIcon
        variant="subtle"
        aria-label={labels.up}
        disabled={index === 0 || pending}
        onClick={() => onMove(-1)}
      >
        ↑
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        aria-label={labels.down}
        disabled={index === count - 1 || pending}
        onClick={() => onMove(1)}
      >
        ↓
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        color="red"
        aria-label={labels.remove}
        disabled={pending}
        onClick={onRemove}
      >
        ✕
      </ActionIcon>
    </Group>
  );
}

function GroupCard({
  ctx,
  group,
  index,
  count,
  order,
  otherTasks,
}: {
  ctx: EditorContext;
  group: RubricGroup;
  index: number;
  count: number;
  order: string[];
  otherTasks: number;
}) {
  const [confirm, setConfirm] = useState(false);
  const pending = isTempId(group.id);
  const headingId = `rubric-group-${group.id}`;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        {/* The title keeps whole words: on a phone the actions move under it rather than squeeze it. */}
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Title order={3} size="h5" id={headingId} style={{ flex: '1 1 10rem', minWidth: 0 }}>
            {t.group.label}: {group.name}
          </Title>
          <OrderActions
            labels={{
              up: t.group.moveUp(group.name),
              down: t.group.moveDown(group.name),
              remove: t.group.remove(group.name),
            }}
            index={index}
            count={count}
            pending={pending}
            onMove={(by) =>
              void ctx.change(rubricChanges.reorderGroups(ctx.taskId, moveId(order, index, by)))
            }
            onRemove={() => setConfirm(true)}
          />
        </Group>
        {otherTasks > 0 && (
          <Text size="sm" c="dimmed">
            {t.group.sharedHint(otherTasks)}
          </Text>
        )}
        <Group grow preventGrowOverflow={false} align="flex-start" wrap="wrap">
          <EditableText
            label={t.group.name}
            value={group.name}
            required
            disabled={pending}
            onSave={(name) => ctx.change(rubricChanges.updateGroup(group.id, { name }))}
          />
          <EditableText
            label={t.group.description}
            value={group.description}
            multiline
            disabled={pending}
            onSave={(description) => ctx.change(rubricChanges.updateGroup(group.id, { description }))}
          />
        </Group>
        {group.skills.length === 0 && (
          <Text size="sm" c="dimmed">
            {t.group.noSkills}
          </Text>
        )}
        {group.skills.map((skill, skillIndex) => (
          <SkillCard
            key={skill.id}
            ctx={ctx}
            skill={skill}
            index={skillIndex}
            count={group.skills.length}
            order={group.skills.map((s) => s.id)}
          />
        ))}
        {!pending && <AddSkill ctx={ctx} group={group} />}
      </Stack>
      <ConfirmDialog
        opened={confirm}
        title={t.group.removeTitle}
        text={t.group.removeText(group.name)}
        confirmLabel={t.group.removeConfirm}
        onCancel={() => setConfirm(false)}
        onConfirm={() => {
          setConfirm(false);
          void ctx.change(rubricChanges.unlinkGroup(ctx.taskId, group.id));
        }}
      />
    </Paper>
  );
}

function SkillCard({
  ctx,
  skill,
  index,
  count,
  order,
}: {
  ctx: EditorContext;
  skill: RubricSkill;
  index: number;
  count: number;
  order: string[];
}) {
  const [confirm, setConfirm] = useState(false);
  const pending = isTempId(skill.id);
  const missing = skillsComplete([skill]).missing[0]?.scores ?? [];
  const scores = Array.from({ length: skill.maxScore + 1 }, (_, score) => score);
  const headingId = `rubric-skill-${skill.id}`;
  return (
    <Paper
      withBorder
      p="sm"
      bg="var(--mantine-color-default-hover)"
      component="article"
      aria-labelledby={headingId}
    >
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs" style={{ flex: '1 1 10rem', minWidth: 0 }}>
            <Title order={4} size="h6" id={headingId} style={{ minWidth: 0 }}>
              {skill.name}
            </Title>
            {missing.length === 0 ? (
              <Badge color="teal" variant="light">
                {t.skillComplete}
              </Badge>
            ) : (
              <Badge color="yellow" variant="light">
                {t.skillIncomplete(missing.length)}
              </Badge>
            )}
          </Group>
          <OrderActions
            labels={{
              up: t.skill.moveUp(skill.name),
              down: t.skill.moveDown(skill.name),
              remove: t.skill.remove(skill.name),
            }}
            index={index}
            count={count}
            pending={pending}
            onMove={(by) =>
              void ctx.change(rubricChanges.reorderSkills(skill.group_id, moveId(order, index, by)))
            }
            onRemove={() => setConfirm(true)}
          />
        </Group>
        <Group grow preventGrowOverflow={false} align="flex-start" wrap="wrap">
          <EditableText
            label={t.skill.name}
            value={skill.name}
            required
            disabled={pending}
            onSave={(name) => ctx.change(rubricChanges.updateSkill(skill.id, { name }))}
          />
          <EditableText
            label={t.skill.description}
            value={skill.description}
            multiline
            disabled={pending}
            onSave={(description) => ctx.change(rubricChanges.updateSkill(skill.id, { description }))}
          />
          <MaxScoreInput skill={skill} disabled={pending} ctx={ctx} />
        </Group>
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
            {scores.map((score) => (
              <LevelRow
                key={score}
                ctx={ctx}
                skill={skill}
                score={score}
                details={skill.details.filter((d) => d.score === score)}
                disabled={pending}
              />
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
      <ConfirmDialog
        opened={confirm}
        title={t.skill.removeTitle}
        text={t.skill.removeText(skill.name)}
        confirmLabel={de.common.delete}
        onCancel={() => setConfirm(false)}
        onConfirm={() => {
          setConfirm(false);
          void ctx.change(rubricChanges.deleteSkill(skill.id));
        }}
      />
    </Paper>
  );
}

function MaxScoreInput({
  skill,
  disabled,
  ctx,
}: {
  skill: RubricSkill;
  disabled: boolean;
  ctx: EditorContext;
}) {
  // As EditableText: the typed number until the server answered, then the saved (or restored) one.
  const [draft, setDraft] = useState<string | number | null>(null);
  const commit = () => {
    if (draft === null) return;
    const value = typeof draft === 'number' ? draft : Number.parseInt(draft, 10);
    if (!Number.isInteger(value) || value < 0 || value > MAX_SKILL_SCORE || value === skill.maxScore)
      return setDraft(null);
    void ctx.change(rubricChanges.updateSkill(skill.id, { maxScore: value })).finally(() => setDraft(null));
  };
  return (
    <NumberInput
      label={t.skill.maxScore}
      min={0}
      max={MAX_SKILL_SCORE}
      allowDecimal={false}
      allowNegative={false}
      value={draft ?? skill.maxScore}
      disabled={disabled}
      onChange={setDraft}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') event.currentTarget.blur();
      }}
      maw={140}
    />
  );
}

function LevelRow({
  ctx,
  skill,
  score,
  details,
  disabled,
}: {
  ctx: EditorContext;
  skill: RubricSkill;
  score: number;
  details: SkillDetail[];
  disabled: boolean;
}) {
  const label = t.level.valueLabel(skill.name, score);
  return (
    <Table.Tr data-missing={details.length === 0 ? 'true' : undefined}>
      <Table.Th scope="row" style={{ whiteSpace: 'nowrap' }}>
        <Stack gap={2}>
          <Text size="sm" fw={600}>
            {t.points(score)}
          </Text>
          {details.length === 0 && (
            <Badge color="yellow" size="xs" variant="filled">
              {t.missingBadge}
            </Badge>
          )}
        </Stack>
      </Table.Th>
      <Table.Td>
        <Stack gap={4}>
          {details.map((detail, i) => (
            <Group key={detail.skillDetail_id} gap={4} wrap="nowrap" align="flex-start">
              <div style={{ flex: 1 }}>
                <EditableText
                  label={i === 0 ? label : `${label} (${String(i + 1)})`}
                  hideLabel
                  multiline
                  value={detail.value}
                  placeholder={t.level.valuePlaceholder}
                  disabled={disabled || isTempId(detail.skillDetail_id)}
                  onSave={(value) => ctx.change(rubricChanges.updateDetail(detail.skillDetail_id, { value }))}
                />
              </div>
              <ActionIcon
                variant="subtle"
                color="red"
                mt={4}
                aria-label={t.level.remove(skill.name, score)}
                disabled={disabled || isTempId(detail.skillDetail_id)}
                onClick={() => void ctx.change(rubricChanges.deleteDetail(detail.skillDetail_id))}
              >
                ✕
              </ActionIcon>
            </Group>
          ))}
          {details.length === 0 && (
            <EditableText
              label={label}
              hideLabel
              multiline
              value=""
              placeholder={t.level.valuePlaceholder}
              disabled={disabled}
              error={false}
              onSave={(value) =>
                value ? ctx.change(rubricChanges.createDetail(skill.id, ctx.userId, score, value)) : undefined
              }
            />
          )}
        </Stack>
      </Table.Td>
    </Table.Tr>
  );
}

function AddSkill({ ctx, group }: { ctx: EditorContext; group: RubricGroup }) {
  const [name, setName] = useState('');
  const [maxScore, setMaxScore] = useState<string | number>(2);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = typeof maxScore === 'number' ? maxScore : Number.parseInt(maxScore, 10);
    if (!name.trim() || !Number.isInteger(value) || value < 0 || value > MAX_SKILL_SCORE) return;
    void ctx.change(rubricChanges.createSkill(group.id, ctx.userId, name.trim(), value));
    setName('');
  };
  return (
    <form onSubmit={submit} aria-label={t.skill.addTo(group.name)}>
      <Group align="flex-end" gap="xs" wrap="wrap">
        <TextInput
          label={t.skill.newName}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          style={{ flex: 1, minWidth: 200 }}
        />
        <NumberInput
          label={t.skill.maxScore}
          min={0}
          max={MAX_SKILL_SCORE}
          allowDecimal={false}
          allowNegative={false}
          value={maxScore}
          onChange={setMaxScore}
          maw={140}
        />
        <Button type="submit" variant="light" disabled={!name.trim()}>
          {t.skill.add}
        </Button>
      </Group>
    </form>
  );
}

function AddGroup({ ctx, rubric }: { ctx: EditorContext; rubric: TaskRubric }) {
  const [name, setName] = useState('');
  const [reuse, setReuse] = useState<string | null>(null);
  const library = useQuery(skillGroupsQueryOptions());
  const linked = new Set(rubric.skill_groups.map((g) => g.id));
  const reusable = (library.data ?? []).filter((g) => !linked.has(g.id));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return;
    void ctx.change(rubricChanges.createGroup(ctx.taskId, ctx.userId, name.trim()));
    setName('');
  };
  const addExisting = (event: FormEvent) => {
    event.preventDefault();
    const group = reusable.find((g) => g.id === reuse);
    if (!group) return;
    void ctx.change(rubricChanges.linkGroup(ctx.taskId, { ...group, position: rubric.skill_groups.length }));
    setReuse(null);
  };
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <form onSubmit={submit} aria-label={t.group.add}>
          <Group align="flex-end" gap="xs">
            <TextInput
              label={t.group.newName}
              placeholder={t.group.newNamePlaceholder}
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              style={{ flex: 1 }}
            />
            <Button type="submit" disabled={!name.trim()}>
              {t.group.add}
            </Button>
          </Group>
        </form>
        <form onSubmit={addExisting} aria-label={t.group.reuse}>
          <Group align="flex-end" gap="xs">
            <Select
              label={t.group.reuse}
              placeholder={reusable.length ? t.group.reusePlaceholder : t.group.reuseEmpty}
              data={reusable.map((g) => ({ value: g.id, label: g.name }))}
              value={reuse}
              onChange={setReuse}
              disabled={reusable.length === 0}
              searchable
              style={{ flex: 1 }}
            />
            <Button type="submit" variant="light" disabled={!reuse}>
              {t.group.reuseAdd}
            </Button>
          </Group>
        </form>
      </Stack>
    </Paper>
  );
}
