import type { SkillFeedbackOutput } from '../../ai/types';

// Consistency of the AI's feedback (ADR 024): a correction asks skill_feedback k times and keeps, per skill,
// every run's score, their spread and the median as the suggestion. Pure, so the rules are unit-tested.

type SkillAnswer = SkillFeedbackOutput['skill_feedbacks'][number];

/** One skill's suggestion over all runs: the texts and evidence of a run that gave the median. */
export type CombinedSkillFeedback = SkillAnswer & {
  /** Every run's score, in the order the runs were started. */
  runs: number[];
  /** max − min of `runs`; -1 (not scored) counts as a level below 0. */
  spread: number;
};

export interface CombinedFeedback {
  skill_feedbacks: CombinedSkillFeedback[];
  skill_group_feedbacks: SkillFeedbackOutput['skill_group_feedbacks'];
}

/**
 * The median of integer scores. With an even count the lower of the two middle scores: a tie never
 * suggests more than half of the runs gave.
 */
export function medianScore(scores: readonly number[]): number {
  if (scores.length === 0) throw new Error('medianScore: no scores');
  const sorted = [...scores].sort((a, b) => a - b);
  return sorted[Math.ceil(sorted.length / 2) - 1]!;
}

/**
 * Combines k answers that each passed the gateway's checks (so each covers every skill exactly once). The
 * texts, proof and evidence of a skill come from the first run whose score is the median, so they fit the
 * suggested score; the group texts from the run that agrees with the medians on most skills (first on ties).
 */
export function combineRuns(outputs: readonly SkillFeedbackOutput[]): CombinedFeedback {
  const [first] = outputs;
  if (!first) throw new Error('combineRuns: no runs');
  const bySkill = outputs.map((o) => new Map(o.skill_feedbacks.map((f) => [f.skill_id, f])));
  const agreement = outputs.map(() => 0);
  const skill_feedbacks = first.skill_feedbacks.map((f): CombinedSkillFeedback => {
    const answers = bySkill.map((m) => m.get(f.skill_id)!);
    const runs = answers.map((a) => a.score);
    const median = medianScore(runs);
    runs.forEach((score, i) => {
      if (score === median) agreement[i]! += 1;
    });
    const chosen = answers.find((a) => a.score === median)!;
    return { ...chosen, runs, spread: Math.max(...runs) - Math.min(...runs) };
  });
  const best = agreement.indexOf(Math.max(...agreement));
  return { skill_feedbacks, skill_group_feedbacks: outputs[best]!.skill_group_feedbacks };
}

/**
 * Starts `k` runs at once. The first failure aborts the others and fails the attempt as a whole: a partial
 * set of runs would report a spread over fewer answers than configured, so the job's retry asks all k again.
 * The job's own abort signal stops every run.
 */
export async function runAll<T>(
  k: number,
  signal: AbortSignal | undefined,
  run: (signal: AbortSignal) => Promise<T>,
): Promise<T[]> {
  const controller = new AbortController();
  const stop = () => controller.abort(signal?.reason);
  if (signal?.aborted) stop();
  signal?.addEventListener('abort', stop, { once: true });
  try {
    return await Promise.all(
      Array.from({ length: k }, () =>
        run(controller.signal).catch((err: unknown) => {
          controller.abort(err);
          throw err;
        }),
      ),
    );
  } finally {
    signal?.removeEventListener('abort', stop);
  }
}
