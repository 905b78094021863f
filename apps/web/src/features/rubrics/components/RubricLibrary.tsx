import type { RubricTemplateSummary } from '@app/contract';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Loader,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { de } from '../../../i18n/de';
import {
  templateQueryOptions,
  templateSearchQueryOptions,
  useDeleteTemplate,
  useSaveTemplate,
  useUseTemplate,
} from '../templates';

const t = de.library;
const SEARCH_DEBOUNCE_MS = 250;
/** Phones get the dialogs as a full page (Mantine's `sm` breakpoint). */
const PHONE = '(max-width: 48em)';

/** What the save dialog starts with: the task's title, its class's subject and grade. */
export interface TemplateDefaults {
  title: string;
  subject: string;
  grade: string;
}

/** "Vorlage aus der Bibliothek": the library dialog behind a button, for a task whose rubric may be changed. */
export function RubricLibraryButton({ taskId }: { taskId: string }) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button variant="light" onClick={() => setOpened(true)}>
        {t.open}
      </Button>
      {opened && <RubricLibraryDialog taskId={taskId} onClose={() => setOpened(false)} />}
    </>
  );
}

function RubricLibraryDialog({ taskId, onClose }: { taskId: string; onClose: () => void }) {
  const phone = useMediaQuery(PHONE) ?? false;
  const [q, setQ] = useState('');
  const [subject, setSubject] = useState('');
  const [grade, setGrade] = useState('');
  const [filters] = useDebouncedValue({ q, subject, grade }, SEARCH_DEBOUNCE_MS);
  const [replace, setReplace] = useState(false);
  const search = useQuery(templateSearchQueryOptions(filters));
  const use = useUseTemplate(taskId);
  const templates = search.data?.templates ?? [];

  return (
    <Modal opened onClose={onClose} title={t.dialogTitle} size="xl" fullScreen={phone}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t.dialogIntro}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <TextInput
            label={t.search}
            placeholder={t.searchPlaceholder}
            value={q}
            onChange={(e) => setQ(e.currentTarget.value)}
            type="search"
          />
          <TextInput label={t.subject} value={subject} onChange={(e) => setSubject(e.currentTarget.value)} />
          <TextInput
            label={t.grade}
            placeholder={t.gradePlaceholder}
            value={grade}
            onChange={(e) => setGrade(e.currentTarget.value)}
          />
        </SimpleGrid>
        <Checkbox
          label={t.replace}
          description={t.replaceHint}
          checked={replace}
          onChange={(e) => setReplace(e.currentTarget.checked)}
        />
        {search.isPending ? (
          <Group gap="xs" role="status">
            <Loader size="sm" />
            <Text size="sm">{t.loading}</Text>
          </Group>
        ) : search.isError ? (
          <Alert color="red">{t.loadFailed}</Alert>
        ) : (
          <Stack gap="sm" aria-label={t.dialogTitle} role="list">
            <Text size="sm" c="dimmed" role="status">
              {templates.length === 0 ? t.none : t.results(templates.length)}
            </Text>
            {templates.map((template) => (
              <TemplateCard
                key={template.id}
                template={template}
                using={use.isPending && use.variables.template_id === template.id}
                disabled={use.isPending}
                onUse={() =>
                  use.mutate({ template_id: template.id, replace }, { onSuccess: () => onClose() })
                }
              />
            ))}
          </Stack>
        )}
      </Stack>
    </Modal>
  );
}

function TemplateCard({
  template,
  using,
  disabled,
  onUse,
}: {
  template: RubricTemplateSummary;
  using: boolean;
  disabled: boolean;
  onUse: () => void;
}) {
  const [open, setOpen] = useState(false);
  const [confirm, setConfirm] = useState(false);
  const remove = useDeleteTemplate();
  const headingId = `template-${template.id}`;
  return (
    <Paper withBorder p="sm" role="listitem" aria-labelledby={headingId}>
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Title order={3} size="h5" id={headingId} style={{ overflowWrap: 'anywhere' }}>
            {template.title}
          </Title>
          <Group gap={6}>
            {template.starter ? (
              <Badge variant="light" color="grape" tt="none">
                {t.starter}
              </Badge>
            ) : template.mine ? (
              <Badge variant="light" tt="none">
                {template.visibility === 'school' ? t.shared : t.private}
              </Badge>
            ) : (
              <Badge variant="light" color="teal" tt="none">
                {t.school}
              </Badge>
            )}
          </Group>
        </Group>
        <Text size="sm">
          {[
            template.subject,
            `${t.grade} ${template.grade}`,
            t.summary(template.skill_group_count, template.skill_count),
          ].join(' · ')}
          {!template.mine && template.author_name ? ` · ${t.byAuthor(template.author_name)}` : ''}
        </Text>
        {template.description && (
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {template.description}
          </Text>
        )}
        {open && <TemplateContent id={template.id} />}
        <Group gap="xs" wrap="wrap">
          <Button size="xs" onClick={onUse} loading={using} disabled={disabled && !using}>
            {t.use}
          </Button>
          <Button size="xs" variant="subtle" onClick={() => setOpen((v) => !v)} aria-expanded={open}>
            {open ? t.hideContent : t.showContent}
          </Button>
          {template.mine && (
            <Button
              size="xs"
              variant="subtle"
              color="red"
              loading={remove.isPending}
              onClick={() => setConfirm(true)}
            >
              {t.remove}
            </Button>
          )}
        </Group>
      </Stack>
      <ConfirmDialog
        opened={confirm}
        title={t.removeTitle}
        text={t.removeText(template.title)}
        confirmLabel={t.remove}
        onCancel={() => setConfirm(false)}
        onConfirm={() => {
          setConfirm(false);
          remove.mutate(template.id);
        }}
      />
    </Paper>
  );
}

/** The template's groups and skills with their number of levels, loaded when opened. */
function TemplateContent({ id }: { id: string }) {
  const { data, isPending, isError } = useQuery(templateQueryOptions(id));
  if (isPending) return <Loader size="xs" aria-label={t.loading} />;
  if (isError) return <Text size="sm">{t.loadFailed}</Text>;
  return (
    <Stack gap={4}>
      {data.content.skill_groups.map((group, i) => (
        <div key={`${String(i)}-${group.name}`}>
          <Text size="sm" fw={600}>
            {group.name}
          </Text>
          <Stack gap={0} component="ul" m={0} pl="md">
            {group.skills.map((skill, j) => (
              <Text
                size="sm"
                component="li"
                key={`${String(j)}-${skill.name}`}
                style={{ overflowWrap: 'anywhere' }}
              >
                {skill.name} ({de.rubrics.points(skill.max_score)}, {t.levels(skill.levels.length)})
              </Text>
            ))}
          </Stack>
        </div>
      ))}
    </Stack>
  );
}

/** "Als Vorlage speichern": the task's rubric as it is now, with title, subject, grade and who sees it. */
export function SaveTemplateButton({ taskId, defaults }: { taskId: string; defaults: TemplateDefaults }) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button variant="default" onClick={() => setOpened(true)}>
        {t.save}
      </Button>
      {opened && <SaveTemplateDialog taskId={taskId} defaults={defaults} onClose={() => setOpened(false)} />}
    </>
  );
}

function SaveTemplateDialog({
  taskId,
  defaults,
  onClose,
}: {
  taskId: string;
  defaults: TemplateDefaults;
  onClose: () => void;
}) {
  const phone = useMediaQuery(PHONE) ?? false;
  const [title, setTitle] = useState(defaults.title);
  const [subject, setSubject] = useState(defaults.subject);
  const [grade, setGrade] = useState(defaults.grade);
  const [description, setDescription] = useState('');
  const [school, setSchool] = useState(false);
  const save = useSaveTemplate();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      {
        task_id: taskId,
        title,
        subject,
        grade,
        description,
        visibility: school ? 'school' : 'private',
      },
      { onSuccess: () => onClose() },
    );
  };
  return (
    <Modal opened onClose={onClose} title={t.saveTitle} size="lg" fullScreen={phone}>
      <form onSubmit={submit}>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t.saveIntro}
          </Text>
          <TextInput
            label={t.title}
            required
            value={title}
            onChange={(e) => setTitle(e.currentTarget.value)}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              label={t.subject}
              required
              value={subject}
              onChange={(e) => setSubject(e.currentTarget.value)}
            />
            <TextInput
              label={t.grade}
              required
              placeholder={t.gradePlaceholder}
              value={grade}
              onChange={(e) => setGrade(e.currentTarget.value)}
            />
          </SimpleGrid>
          <Textarea
            label={t.description}
            autosize
            minRows={2}
            value={description}
            onChange={(e) => setDescription(e.currentTarget.value)}
          />
          <Checkbox
            label={t.shareWithSchool}
            description={t.shareHint}
            checked={school}
            onChange={(e) => setSchool(e.currentTarget.checked)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {de.common.cancel}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t.saveSubmit}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
