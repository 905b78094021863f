import { isUnsureSuggestion, type GradingSkill } from '@app/contract';
import { Badge, Button, Group, List, Stack, Text } from '@mantine/core';
import { de } from '../../../i18n/de';
import { withoutEvidence, type ShownEvidence } from '../review';

const t = de.grading.ai;

/** The marks beside a skill's name: "unsicher" (runs disagree) and "ohne Beleg" (nothing quoted). */
export function AiMarks({ feedback }: { feedback: GradingSkill['feedback'] }) {
  return (
    <>
      {isUnsureSuggestion(feedback) ? (
        <Badge color="orange" variant="filled" title={t.unsureHint} data-testid="unsure">
          ⚠ {t.unsure}
        </Badge>
      ) : null}
      {withoutEvidence(feedback) ? (
        <Badge color="gray" variant="outline" title={t.noEvidenceHint} data-testid="no-evidence">
          {t.noEvidence}
        </Badge>
      ) : null}
    </>
  );
}

interface AiEvidenceProps {
  item: GradingSkill;
  /** The key of the evidence the files column marks now, if any. */
  shown: string | null;
  onShow?: (evidence: ShownEvidence | null) => void;
}

/**
 * The runs' scores with their spread (text, not colour alone) and the AI's evidence: each quote with its
 * place, and a button that marks the place on the file (ADR 024).
 */
export function AiEvidence({ item, shown, onShow }: AiEvidenceProps) {
  const { skill, feedback } = item;
  const unsure = isUnsureSuggestion(feedback);
  const runs = feedback.ai_runs;
  if (feedback.ai_score === null) return null;
  return (
    <Stack gap={4}>
      {unsure && feedback.teacher_edited_at === null ? (
        <Text size="sm" c="orange.9" fw={600}>
          {t.unsureHint}
        </Text>
      ) : null}
      {runs && runs.length > 1 && feedback.ai_spread !== null ? (
        <Text size="sm" c="dimmed" data-testid="ai-runs">
          {t.runs(runs, feedback.ai_spread)}
        </Text>
      ) : null}
      {feedback.evidence.length > 0 ? (
        <div>
          <Text size="sm" fw={700}>
            {t.evidence}:
          </Text>
          <List size="sm" spacing={4}>
            {feedback.evidence.map((e, i) => {
              const key = `${skill.id}:${String(i)}`;
              const place = t.place(e.page, e.box !== null);
              const pressed = shown === key;
              return (
                <List.Item key={key}>
                  <Group gap="xs" wrap="wrap">
                    <span>
                      „{e.quote}“{place ? ` (${place})` : ''}
                    </span>
                    {e.file_id && onShow ? (
                      <Button
                        size="compact-xs"
                        variant={pressed ? 'filled' : 'light'}
                        color="orange"
                        aria-pressed={pressed}
                        aria-label={pressed ? t.hide : t.showLabel(skill.name)}
                        onClick={() =>
                          onShow(
                            pressed
                              ? null
                              : {
                                  key,
                                  fileId: e.file_id!,
                                  page: e.page ?? 1,
                                  box: e.box,
                                  label: t.boxLabel(skill.name, e.quote),
                                },
                          )
                        }
                      >
                        {pressed ? t.hide : t.show}
                      </Button>
                    ) : null}
                  </Group>
                </List.Item>
              );
            })}
          </List>
        </div>
      ) : null}
    </Stack>
  );
}
