import {
  AiError,
  type GetSkillLevelsInput,
  type GetSkillLevelsOutput,
  type SkillFeedbackInput,
  type SkillFeedbackOutput,
} from './types';

// Checks that an answer fits the request, beyond its shape: an answer about skills that were not asked
// about, with a score above a skill's maximum, or that leaves out part of the rubric is as unusable as
// malformed JSON (ARCHITECTURE.md §7: it is an error and nothing is stored). The gateway runs these after
// schema validation, whichever provider answered.

function maxScores(groups: SkillFeedbackInput['skill_groups']): Map<string, number> {
  return new Map(groups.flatMap((g) => g.skills.map((s) => [s.id, s.maxScore] as const)));
}

/** The answer must cover exactly the rubric: every skill once within its maximum, every group with skills once. */
export function checkSkillFeedback(
  input: SkillFeedbackInput,
  output: SkillFeedbackOutput,
): SkillFeedbackOutput {
  const max = maxScores(input.skill_groups);
  const groups = new Set(input.skill_groups.map((g) => g.id));
  const seen = new Set<string>();
  for (const f of output.skill_feedbacks) {
    const limit = max.get(f.skill_id);
    if (limit === undefined) throw invalid('skill_feedback', `unbekannte Kompetenz ${f.skill_id}`);
    if (f.score > limit) throw invalid('skill_feedback', `Punktzahl ${f.score} über dem Maximum ${limit}`);
    if (seen.has(f.skill_id)) throw invalid('skill_feedback', `Kompetenz ${f.skill_id} doppelt bewertet`);
    seen.add(f.skill_id);
    checkEvidence(input, f.evidence);
  }
  if (seen.size !== max.size) throw invalid('skill_feedback', 'Kompetenzen fehlen');
  const seenGroups = new Set<string>();
  for (const g of output.skill_group_feedbacks) {
    if (!groups.has(g.group_id))
      throw invalid('skill_feedback', `unbekannter Kompetenzbereich ${g.group_id}`);
    if (seenGroups.has(g.group_id)) throw invalid('skill_feedback', `Kompetenzbereich ${g.group_id} doppelt`);
    seenGroups.add(g.group_id);
  }
  // A group without skills (none reach the correction job) needs no text.
  if (input.skill_groups.some((g) => g.skills.length > 0 && !seenGroups.has(g.id)))
    throw invalid('skill_feedback', 'Kompetenzbereiche fehlen');
  return output;
}

/**
 * A place on a scan must be on a file of this submission and inside the page (ADR 024): a box pointing
 * elsewhere would highlight the wrong work, so such an answer is as unusable as a wrong skill id.
 */
function checkEvidence(
  input: SkillFeedbackInput,
  evidence: SkillFeedbackOutput['skill_feedbacks'][number]['evidence'],
) {
  const files = new Set(input.submission.file_ids);
  for (const e of evidence) {
    if (e.file_id !== null && !files.has(e.file_id))
      throw invalid('skill_feedback', `Beleg verweist auf unbekannte Datei ${e.file_id}`);
    if ((e.box !== null || e.page !== null) && e.file_id === null)
      throw invalid('skill_feedback', 'Beleg mit Bereich, aber ohne Datei');
    // A little slack for rounding of the model's fractions.
    if (e.box && (e.box.x + e.box.w > 1.001 || e.box.y + e.box.h > 1.001))
      throw invalid('skill_feedback', 'Beleg-Bereich ragt über die Seite hinaus');
  }
}

export function checkSkillLevels(
  input: GetSkillLevelsInput,
  output: GetSkillLevelsOutput,
): GetSkillLevelsOutput {
  const max = maxScores(input.skill_groups);
  for (const group of output.skill_groups)
    for (const skill of group.skills) {
      const limit = max.get(skill.id);
      if (limit === undefined) throw invalid('get_skill_levels', `unbekannte Kompetenz ${skill.id}`);
      const above = skill.levels.find((l) => l.score > limit);
      if (above) throw invalid('get_skill_levels', `Stufe ${above.score} über dem Maximum ${limit}`);
    }
  return output;
}

function invalid(operation: 'skill_feedback' | 'get_skill_levels', detail: string): AiError {
  return new AiError('invalid_response', operation, `${operation}: ${detail}`);
}
