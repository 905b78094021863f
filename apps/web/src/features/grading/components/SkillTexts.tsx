import {
  isUnsureSuggestion,
  sharedSkillTexts,
  type GradingSkillFeedback,
  type SetSkillTextsRequest,
} from '@app/contract';
import { Alert, Button, Checkbox, Group, List, Paper, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { de } from '../../../i18n/de';
import classes from './grading.module.css';

const t = de.grading.skill;

function Texts({
  reason,
  proof,
  recommendation,
}: {
  reason: string;
  proof: readonly string[];
  recommendation: string;
}) {
  return (
    <>
      {reason ? (
        <Text size="sm">
          <strong>{t.reason}:</strong> {reason}
        </Text>
      ) : null}
      {proof.length > 0 ? (
        <>
          <Text size="sm" fw={700} mt={4}>
            {t.proof}:
          </Text>
          <List size="sm">
            {proof.map((quote, i) => (
              <List.Item key={i}>„{quote}“</List.Item>
            ))}
          </List>
        </>
      ) : null}
      {recommendation ? (
        <Text size="sm" mt={4}>
          <strong>{t.recommendation}:</strong> {recommendation}
        </Text>
      ) : null}
    </>
  );
}

interface SkillTextsProps {
  feedback: GradingSkillFeedback;
  labelledBy: string;
  /** `settled` runs when the save is done, whether it succeeded or not. */
  onTexts: (body: SetSkillTextsRequest, settled?: () => void) => void;
  saving: boolean;
  /** The texts only, nothing to change (a colleague who may only view the class). */
  readOnly?: boolean;
}

/**
 * A skill's reason, evidence and recommendation as the student will see them (the contract's
 * `sharedSkillTexts`): the AI's while its score stands, none once the teacher changed the score (unless
 * "Begründung der KI beibehalten"), or the teacher's own. The AI's original stays visible for the teacher.
 */
export function SkillTexts({ feedback, labelledBy, onTexts, saving, readOnly = false }: SkillTextsProps) {
  const shared = sharedSkillTexts(feedback);
  const [editing, setEditing] = useState<{ reason: string; recommendation: string } | null>(null);
  // The tick shows at once and until the save settles: the cache's optimistic update arrives a tick later,
  // and a controlled checkbox would otherwise snap back in between.
  const [keepRequested, setKeepRequested] = useState<boolean | null>(null);
  const hasAi = feedback.ai_score !== null && feedback.ai_reason !== null;
  const ownTexts = feedback.texts_edited_at !== null;
  // An unsure suggestion left unscored was not changed by anyone: there is nothing to keep the texts for yet.
  const openUnsure = isUnsureSuggestion(feedback) && feedback.teacher_edited_at === null;
  const scoreChanged = hasAi && feedback.score !== feedback.ai_score && !openUnsure;
  const sharesSomething = Boolean(shared.reason || shared.recommendation || shared.proof.length > 0);
  const aiOriginal = {
    reason: feedback.ai_reason ?? '',
    proof: feedback.proof,
    recommendation: feedback.ai_recommendation ?? '',
  };

  if (editing) {
    return (
      <Stack gap="xs">
        <Textarea
          label={t.reason}
          autosize
          minRows={2}
          value={editing.reason}
          onChange={(e) => setEditing({ ...editing, reason: e.currentTarget.value })}
        />
        <Textarea
          label={t.recommendation}
          autosize
          minRows={2}
          value={editing.recommendation}
          onChange={(e) => setEditing({ ...editing, recommendation: e.currentTarget.value })}
        />
        <Group justify="flex-end" gap="xs">
          <Button size="compact-sm" variant="default" onClick={() => setEditing(null)}>
            {t.cancel}
          </Button>
          <Button
            size="compact-sm"
            loading={saving}
            onClick={() => {
              onTexts(editing);
              setEditing(null);
            }}
          >
            {t.saveTexts}
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <Stack gap="xs">
      {shared.source === 'hidden' && feedback.ai_score !== null ? (
        <Alert color="yellow" p="xs">
          <Text size="sm">
            {/* Unsure and not yet scored: nobody changed the score, the AI left it open (ADR 024). */}
            {openUnsure ? t.aiTextsUnsure(feedback.ai_score) : t.aiTextsHidden(feedback.ai_score)}
          </Text>
        </Alert>
      ) : null}

      {shared.source === 'ai' && sharesSomething ? (
        <Paper p="xs" className={classes.ai} aria-labelledby={labelledBy}>
          <Text size="xs" fw={700} c="violet" mb={4}>
            {t.aiSuggestion}
          </Text>
          <Texts {...shared} />
        </Paper>
      ) : null}
      {shared.source === 'teacher' && (ownTexts || sharesSomething) ? (
        <Paper p="xs" withBorder aria-labelledby={labelledBy}>
          {ownTexts ? (
            <Text size="xs" fw={700} c="teal" mb={4}>
              {t.ownTexts}
            </Text>
          ) : null}
          {sharesSomething ? (
            <Texts {...shared} />
          ) : (
            <Text size="sm" c="dimmed">
              {t.noTexts}
            </Text>
          )}
        </Paper>
      ) : null}

      {hasAi && shared.source !== 'ai' ? (
        <Paper p="xs" className={classes.ai}>
          <Text size="xs" fw={700} c="dimmed" mb={4}>
            {t.aiOriginal}
          </Text>
          <Texts {...aiOriginal} />
        </Paper>
      ) : null}

      {!readOnly && scoreChanged && !ownTexts ? (
        <Checkbox
          label={t.keepAiTexts}
          checked={keepRequested ?? feedback.ai_texts_kept}
          disabled={saving}
          onChange={(e) => {
            const keep = e.currentTarget.checked;
            setKeepRequested(keep);
            onTexts({ keep_ai_texts: keep }, () => setKeepRequested(null));
          }}
        />
      ) : null}

      {readOnly ? null : (
        <Group gap="xs" justify="flex-end">
          {ownTexts && hasAi ? (
            <Button
              size="compact-xs"
              variant="subtle"
              loading={saving}
              onClick={() => onTexts({ keep_ai_texts: true })}
            >
              {t.restoreAiTexts}
            </Button>
          ) : null}
          {shared.reason || shared.recommendation ? (
            <Button
              size="compact-xs"
              variant="subtle"
              color="red"
              loading={saving}
              onClick={() => onTexts({ reason: '', recommendation: '' })}
            >
              {t.removeTexts}
            </Button>
          ) : null}
          <Button
            size="compact-xs"
            variant="subtle"
            onClick={() =>
              setEditing(
                shared.source === 'hidden'
                  ? { reason: aiOriginal.reason, recommendation: aiOriginal.recommendation }
                  : { reason: shared.reason, recommendation: shared.recommendation },
              )
            }
          >
            {t.editTexts}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
