import { groupScore, type GradingGroup, type SetSkillTextsRequest } from '@app/contract';
import { Badge, Button, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { useRef, useState } from 'react';
import { de } from '../../../i18n/de';
import type { ShownEvidence } from '../review';
import { SkillGrading } from './SkillGrading';

const t = de.grading.group;

interface GroupGradingProps {
  group: GradingGroup;
  onScore: (skillId: string, score: number, previous: number) => void;
  onRemove: (skillId: string) => void;
  onTexts: (skillId: string, body: SetSkillTextsRequest, settled?: () => void) => void;
  /** The skill whose texts are being saved, if any. */
  savingTextsOf: string | null;
  /** `revert` puts the field back when the save failed (the cache may never have shown the new text). */
  onSaveText: (feedback: string, previous: string, revert: () => void) => void;
  savingText: boolean;
  /** The key of the evidence the files column marks now (ADR 024). */
  shownEvidence?: string | null;
  onShowEvidence?: (evidence: ShownEvidence | null) => void;
  /** A colleague who may only view the class: scores and texts as they are, nothing to change. */
  readOnly?: boolean;
}

/**
 * A skill group: its sum (the contract's rule, so it follows every change at once) of the server's maximum,
 * its skills and the text for the student. The text is saved with the button or when leaving the field; when
 * the save fails the cache goes back to the last saved text and so does the field (PRODUCT.md §4).
 */
export function GroupGrading({
  group,
  onScore,
  onRemove,
  onTexts,
  savingTextsOf,
  onSaveText,
  savingText,
  shownEvidence = null,
  onShowEvidence,
  readOnly = false,
}: GroupGradingProps) {
  const saved = group.text.feedback;
  const [draft, setDraft] = useState(saved);
  // A text saved elsewhere (or the server's answer) replaces the field's content (React's "adjust state
  // while rendering" instead of an effect).
  const [shown, setShown] = useState(saved);
  if (shown !== saved) {
    setShown(saved);
    setDraft(saved);
  }
  // The text on its way to the server: leaving the field and pressing the button must not save it twice.
  const sending = useRef<string | null>(null);
  const score = groupScore(group.skills.map((s) => s.feedback));
  const max = group.max_score;
  const aiText = group.text.ai_feedback !== null && group.text.teacher_edited_at === null && saved !== '';
  const save = () => {
    if (draft === saved || draft === sending.current) return;
    sending.current = draft;
    const previous = saved;
    onSaveText(draft, previous, () => {
      sending.current = null;
      setDraft(previous);
    });
  };

  return (
    <Paper withBorder p="md" component="section" aria-label={group.group_name}>
      <Stack gap="sm">
        <Group justify="space-between" align="baseline">
          <Title order={2} size="h4">
            {group.group_name}
          </Title>
          <Text fw={700} data-testid="group-score">
            {t.score(score, max)}
          </Text>
        </Group>
        {group.group_description ? (
          <Text size="sm" c="dimmed">
            {group.group_description}
          </Text>
        ) : null}
        {group.skills.map((item) => (
          <SkillGrading
            key={item.skill.id}
            item={item}
            onScore={(value) => onScore(item.skill.id, value, item.feedback.score)}
            onRemove={() => onRemove(item.skill.id)}
            onTexts={(body, settled) => onTexts(item.skill.id, body, settled)}
            savingTexts={savingTextsOf === item.skill.id}
            shownEvidence={shownEvidence}
            onShowEvidence={onShowEvidence}
            readOnly={readOnly}
          />
        ))}
        {readOnly ? (
          <Stack gap={4}>
            <Group gap={6}>
              <Text size="sm" fw={500}>
                {t.text(group.group_name)}
              </Text>
              {aiText ? (
                <Badge color="violet" variant="light" size="sm">
                  {de.grading.skill.aiSuggestion}
                </Badge>
              ) : null}
            </Group>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} c={saved ? undefined : 'dimmed'}>
              {saved || de.common.none}
            </Text>
          </Stack>
        ) : (
          <>
            <Textarea
              label={
                <Group gap={6} component="span">
                  <span>{t.text(group.group_name)}</span>
                  {aiText ? (
                    <Badge color="violet" variant="light" size="sm" component="span">
                      {de.grading.skill.aiSuggestion}
                    </Badge>
                  ) : null}
                </Group>
              }
              placeholder={t.placeholder}
              autosize
              minRows={3}
              value={draft}
              onChange={(event) => setDraft(event.currentTarget.value)}
              onBlur={save}
            />
            <Group justify="flex-end">
              <Button
                size="xs"
                variant="light"
                onClick={save}
                disabled={draft === saved}
                loading={savingText}
              >
                {t.save}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Paper>
  );
}
