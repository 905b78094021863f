import {
  MAX_SKILL_SCORE,
  ZProposedSkillGroup,
  type Cluster,
  type ProposedSkill,
  type ProposedSkillGroup,
} from '@app/contract';
import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Group,
  Loader,
  NumberInput,
  Paper,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type Dispatch, type FormEvent, type SetStateAction } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { de } from '../../../i18n/de';
import { ApiError } from '../../../lib/api';
import { toastApiError } from '../../../lib/toast';
import { useAiEnabled } from '../../ai';
import {
  clustersQueryOptions,
  rubricQueryOptions,
  useCreateCluster,
  useGenerateRubric,
  useProposeSkills,
} from '../queries';

const t = de.rubrics.generation;

/** True when the server says no AI service is configured (AI_PROVIDER=none). */
const isNotConfigured = (error: unknown) => error instanceof ApiError && error.code === 'AI_NOT_CONFIGURED';

/**
 * The competence generation step (PRODUCT.md §4; task page and `/dev/competenceGenerationStep`): choose
 * clusters → the AI proposes groups and skills → the teacher edits them → the AI describes the levels and the
 * rubric is saved, replacing the task's rubric by default after a confirmation.
 */
export function SkillGenerationStep({ taskId, onDone }: { taskId: string; onDone?: () => void }) {
  const aiEnabled = useAiEnabled();
  const propose = useProposeSkills(taskId);
  const generate = useGenerateRubric(taskId);
  const [proposal, setProposal] = useState<ProposedSkillGroup[] | null>(null);
  // Kept here so that "Zurück zur Auswahl" returns to the clusters ticked before.
  const [chosen, setChosen] = useState<string[]>([]);
  const notConfigured = !aiEnabled || isNotConfigured(propose.error) || isNotConfigured(generate.error);

  if (notConfigured)
    return (
      <Alert color="gray" title={t.heading} role="status">
        {t.notConfigured}
      </Alert>
    );

  if (!proposal)
    return (
      <ClusterChoice
        chosen={chosen}
        onChoose={setChosen}
        pending={propose.isPending}
        onPropose={(clusterIds) =>
          propose.mutate(clusterIds, {
            onSuccess: (result) => setProposal(result.skill_groups),
            onError: (error) => {
              if (!isNotConfigured(error)) toastApiError(error, de.rubrics.toasts.proposeFailed);
            },
          })
        }
      />
    );

  return (
    <ProposalEditor
      taskId={taskId}
      proposal={proposal}
      onChange={setProposal}
      onBack={() => setProposal(null)}
      pending={generate.isPending}
      onSave={(replace) =>
        generate.mutate(
          { skill_groups: proposal, replace },
          {
            onSuccess: () => {
              setProposal(null);
              onDone?.();
            },
            onError: (error) => {
              if (!isNotConfigured(error)) toastApiError(error, de.rubrics.toasts.generateFailed);
            },
          },
        )
      }
    />
  );
}

/**
 * The clusters to steer the proposal. A cluster created here is ticked at once, and the panel always says what
 * will be sent (the ticked clusters' names, or that none is ticked), so the AI never gets an empty list unnoticed.
 */
function ClusterChoice({
  chosen: chosenIds,
  onChoose,
  pending,
  onPropose,
}: {
  chosen: string[];
  onChoose: Dispatch<SetStateAction<string[]>>;
  pending: boolean;
  onPropose: (clusterIds: string[]) => void;
}) {
  const clusters = useQuery(clustersQueryOptions());
  const list = clusters.data ?? [];
  // Only clusters that still exist are sent (one may have been deleted meanwhile).
  const chosen = list.filter((cluster) => chosenIds.includes(cluster.id));
  return (
    <Stack gap="sm">
      <Text size="sm">{t.intro}</Text>
      <Checkbox.Group label={t.clusters} value={chosen.map((c) => c.id)} onChange={onChoose}>
        <Stack gap={4} mt={4}>
          {list.map((cluster) => (
            <Checkbox
              key={cluster.id}
              value={cluster.id}
              label={cluster.name}
              description={cluster.criteria}
            />
          ))}
        </Stack>
      </Checkbox.Group>
      {clusters.data?.length === 0 && (
        <Text size="sm" c="dimmed">
          {t.clustersEmpty}
        </Text>
      )}
      <NewCluster onCreated={(cluster) => onChoose((ids) => [...ids, cluster.id])} />
      <Text size="sm" c={chosen.length === 0 ? 'orange.8' : undefined} aria-live="polite">
        {chosen.length === 0 ? t.sendingNone : t.sending(chosen.map((c) => c.name))}
      </Text>
      <Group>
        <Button onClick={() => onPropose(chosen.map((c) => c.id))} loading={pending}>
          {t.propose}
        </Button>
        {pending && (
          <Group gap="xs" role="status">
            <Loader size="xs" />
            <Text size="sm">{t.proposing}</Text>
          </Group>
        )}
      </Group>
    </Stack>
  );
}

function NewCluster({ onCreated }: { onCreated: (cluster: Cluster) => void }) {
  const create = useCreateCluster();
  const [name, setName] = useState('');
  const [criteria, setCriteria] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return;
    create.mutate(
      { name: name.trim(), criteria: criteria.trim() },
      {
        onSuccess: (cluster) => {
          setName('');
          setCriteria('');
          onCreated(cluster);
        },
      },
    );
  };
  return (
    <Paper withBorder p="sm">
      <form onSubmit={submit} aria-label={t.newCluster}>
        <Stack gap="xs">
          <Text size="sm" fw={600}>
            {t.newCluster}
          </Text>
          <TextInput label={t.clusterName} value={name} onChange={(e) => setName(e.currentTarget.value)} />
          <Textarea
            label={t.clusterCriteria}
            placeholder={t.clusterCriteriaPlaceholder}
            autosize
            minRows={2}
            value={criteria}
            onChange={(e) => setCriteria(e.currentTarget.value)}
          />
          <Group>
            <Button type="submit" variant="light" disabled={!name.trim()} loading={create.isPending}>
              {t.clusterAdd}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

const newSkill = (): ProposedSkill => ({ name: '', description: '', maxScore: 2 });

function ProposalEditor({
  taskId,
  proposal,
  onChange,
  onBack,
  onSave,
  pending,
}: {
  taskId: string;
  proposal: ProposedSkillGroup[];
  onChange: (next: ProposedSkillGroup[]) => void;
  onBack: () => void;
  onSave: (replace: boolean) => void;
  pending: boolean;
}) {
  const rubric = useQuery(rubricQueryOptions(taskId));
  const [replace, setReplace] = useState(true);
  const [confirm, setConfirm] = useState(false);
  const [invalid, setInvalid] = useState(false);

  const setGroup = (index: number, group: ProposedSkillGroup | null) =>
    onChange(proposal.flatMap((g, i) => (i === index ? (group ? [group] : []) : [g])));
  const setSkill = (gi: number, si: number, skill: ProposedSkill | null) => {
    const group = proposal[gi]!;
    setGroup(gi, {
      ...group,
      skills: group.skills.flatMap((s, i) => (i === si ? (skill ? [skill] : []) : [s])),
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const valid = proposal.length > 0 && proposal.every((g) => ZProposedSkillGroup.safeParse(g).success);
    setInvalid(!valid);
    if (!valid) return;
    if (replace && (rubric.data?.skill_groups.length ?? 0) > 0) setConfirm(true);
    else onSave(replace);
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby="proposal-heading">
      <Stack gap="sm">
        <Title order={3} size="h5" id="proposal-heading">
          {t.proposalHeading}
        </Title>
        <Text size="sm">{t.proposalIntro}</Text>
        {proposal.map((group, gi) => (
          <Paper key={gi} withBorder p="sm">
            <Stack gap="xs">
              <Group align="flex-end" wrap="nowrap">
                <TextInput
                  style={{ flex: 1 }}
                  label={t.groupName(gi)}
                  required
                  value={group.name}
                  onChange={(e) => setGroup(gi, { ...group, name: e.currentTarget.value })}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  mb={6}
                  aria-label={t.removeGroup(group.name)}
                  onClick={() => setGroup(gi, null)}
                >
                  ✕
                </ActionIcon>
              </Group>
              <Textarea
                label={t.groupDescription(gi)}
                autosize
                minRows={1}
                value={group.description}
                onChange={(e) => setGroup(gi, { ...group, description: e.currentTarget.value })}
              />
              {group.skills.map((skill, si) => (
                <Group key={si} align="flex-end" wrap="wrap" gap="xs" pl="md">
                  <TextInput
                    style={{ flex: 1, minWidth: 160 }}
                    label={t.skillName(gi, si)}
                    required
                    value={skill.name}
                    onChange={(e) => setSkill(gi, si, { ...skill, name: e.currentTarget.value })}
                  />
                  <TextInput
                    style={{ flex: 2, minWidth: 200 }}
                    label={t.skillDescription(gi, si)}
                    value={skill.description}
                    onChange={(e) => setSkill(gi, si, { ...skill, description: e.currentTarget.value })}
                  />
                  <NumberInput
                    maw={150}
                    label={t.skillMax(gi, si)}
                    min={1}
                    max={MAX_SKILL_SCORE}
                    allowDecimal={false}
                    allowNegative={false}
                    value={skill.maxScore}
                    onChange={(value) => setSkill(gi, si, { ...skill, maxScore: Number(value) || 0 })}
                  />
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    mb={6}
                    aria-label={t.removeSkill(skill.name)}
                    onClick={() => setSkill(gi, si, null)}
                  >
                    ✕
                  </ActionIcon>
                </Group>
              ))}
              <Group pl="md">
                <Button
                  variant="subtle"
                  size="xs"
                  onClick={() => setGroup(gi, { ...group, skills: [...group.skills, newSkill()] })}
                >
                  {t.addSkill}
                </Button>
              </Group>
            </Stack>
          </Paper>
        ))}
        <Group>
          <Button
            variant="subtle"
            size="xs"
            onClick={() => onChange([...proposal, { name: '', description: '', skills: [newSkill()] }])}
          >
            {t.addGroup}
          </Button>
        </Group>
        <Checkbox
          label={t.replace}
          description={t.replaceHint}
          checked={replace}
          onChange={(e) => setReplace(e.currentTarget.checked)}
        />
        {invalid && (
          <Alert color="red" role="alert">
            {t.invalid}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={pending}>
            {t.save}
          </Button>
          <Button variant="default" onClick={onBack} disabled={pending}>
            {t.back}
          </Button>
          {pending && (
            <Group gap="xs" role="status">
              <Loader size="xs" />
              <Text size="sm">{t.saving}</Text>
            </Group>
          )}
        </Group>
      </Stack>
      <ConfirmDialog
        opened={confirm}
        title={t.confirmTitle}
        text={t.confirmText}
        confirmLabel={t.confirm}
        onCancel={() => setConfirm(false)}
        onConfirm={() => {
          setConfirm(false);
          onSave(true);
        }}
      />
    </form>
  );
}
