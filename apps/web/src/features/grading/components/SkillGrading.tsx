import { isUnsureSuggestion, type GradingSkill, type SetSkillTextsRequest } from '@app/contract';
import { Badge, Box, Button, Group, Paper, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useId } from 'react';
import { de } from '../../../i18n/de';
import type { ShownEvidence } from '../review';
import { AiEvidence, AiMarks } from './AiConsistency';
import classes from './grading.module.css';
import { SkillTexts } from './SkillTexts';

const t = de.grading.skill;

/**
 * The AI's score is still the shown one: nobody changed it (ARCHITECTURE.md §7 "AI output is a suggestion").
 * An unsure suggestion pre-selects nothing (ADR 024), so it is no suggestion to badge; "unsicher" says it.
 */
const isAiSuggestion = (feedback: GradingSkill['feedback']) =>
  feedback.ai_score !== null && feedback.teacher_edited_at === null && !isUnsureSuggestion(feedback);

interface SkillGradingProps {
  item: GradingSkill;
  onScore: (score: number) => void;
  onRemove: () => void;
  onTexts: (body: SetSkillTextsRequest, settled?: () => void) => void;
  savingTexts: boolean;
  /** The key of the evidence the files column marks now (ADR 024). */
  shownEvidence?: string | null;
  onShowEvidence?: (evidence: ShownEvidence | null) => void;
  /** A colleague who may only view the class: the levels and texts as they are, nothing to change. */
  readOnly?: boolean;
}

/**
 * One skill: its levels as buttons (the chosen one pressed; choosing saves at once), the AI's level marked,
 * and its texts as the student will see them (SkillTexts). Read-only, the levels are a list with the chosen
 * one marked.
 */
export function SkillGrading({
  item,
  onScore,
  onRemove,
  onTexts,
  savingTexts,
  shownEvidence = null,
  onShowEvidence,
  readOnly = false,
}: SkillGradingProps) {
  const { skill, feedback } = item;
  const headingId = useId();
  const aiSuggested = isAiSuggestion(feedback);
  const levels = [-1, ...Array.from({ length: skill.maxScore + 1 }, (_, i) => i)];
  const descriptor = (score: number) =>
    skill.details
      .filter((d) => d.score === score)
      .map((d) => d.value)
      .join(' · ');

  return (
    <Paper withBorder p="sm" data-testid="skill" data-skill={skill.name}>
      <Stack gap="xs">
        {/* The badges move under a long name on a phone instead of pushing the page wider. */}
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <div className={classes.skillName}>
            <Text fw={600} id={headingId}>
              {skill.name}
            </Text>
            {skill.description ? (
              <Text size="sm" c="dimmed">
                {skill.description}
              </Text>
            ) : null}
          </div>
          <Group gap={6} wrap="wrap" justify="flex-end">
            <AiMarks feedback={feedback} />
            {aiSuggested ? (
              <Badge color="violet" variant="light" title={t.aiSuggestionHint}>
                {t.aiSuggestion}
              </Badge>
            ) : feedback.teacher_edited_at ? (
              <Badge color="teal" variant="light">
                {t.teacherEdited}
              </Badge>
            ) : null}
          </Group>
        </Group>

        <div role={readOnly ? 'list' : 'group'} aria-label={t.levels(skill.name)} className={classes.levels}>
          {levels.map((score) => {
            const pressed = feedback.score === score;
            const text = score < 0 ? '' : descriptor(score);
            const content = (
              <Group gap="xs" wrap="nowrap" align="flex-start">
                <Text fw={700} className={classes.levelLabel}>
                  {score < 0 ? t.unscored : de.grading.points(score)}
                </Text>
                <Text size="sm" className={classes.levelText}>
                  {text}
                </Text>
                {feedback.ai_score === score ? (
                  <Badge size="xs" color="violet" variant="outline" aria-label={t.aiSuggestion}>
                    {t.aiLevel}
                  </Badge>
                ) : null}
                {readOnly && pressed ? <VisuallyHidden>{de.sharing.readOnly.chosen}</VisuallyHidden> : null}
              </Group>
            );
            return readOnly ? (
              <Box
                key={score}
                role="listitem"
                className={classes.level}
                data-pressed={pressed || undefined}
                data-read-only
              >
                {content}
              </Box>
            ) : (
              <UnstyledButton
                key={score}
                className={classes.level}
                data-pressed={pressed || undefined}
                aria-pressed={pressed}
                onClick={() => {
                  if (!pressed) onScore(score);
                }}
              >
                {content}
              </UnstyledButton>
            );
          })}
        </div>

        {!aiSuggested &&
        feedback.teacher_edited_at &&
        feedback.ai_score !== null &&
        feedback.ai_score !== feedback.score ? (
          <Text size="sm" c="dimmed">
            {feedback.ai_score < 0 ? t.aiWasUnscored : t.aiWas(feedback.ai_score)}
          </Text>
        ) : null}

        <AiEvidence item={item} shown={shownEvidence} onShow={onShowEvidence} />

        <SkillTexts
          feedback={feedback}
          labelledBy={headingId}
          onTexts={onTexts}
          saving={savingTexts}
          readOnly={readOnly}
        />

        {!readOnly && feedback.id !== null ? (
          <Group justify="flex-end">
            <Button
              size="compact-xs"
              variant="subtle"
              color="red"
              onClick={onRemove}
              aria-label={t.removeLabel(skill.name)}
            >
              {t.remove}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}
