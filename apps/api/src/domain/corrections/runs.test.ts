import { describe, expect, it } from 'vitest';
import type { SkillFeedbackOutput } from '../../ai/types';
import { combineRuns, medianScore, runAll } from './runs';

const answer = (scores: Record<string, number>, group = 'g'): SkillFeedbackOutput => ({
  skill_feedbacks: Object.entries(scores).map(([skill_id, score]) => ({
    skill_id,
    score,
    reason: `${skill_id}=${score}`,
    proof: [],
    recommendation: '',
    evidence: [{ quote: `zitat ${score}`, file_id: 'f1', page: 1, box: { x: 0, y: 0, w: 0.5, h: 0.5 } }],
  })),
  skill_group_feedbacks: [{ group_id: 'G', feedback: group }],
});

describe('medianScore', () => {
  it('takes the middle of an odd count and the lower middle of an even one', () => {
    expect(medianScore([3, 0, 2])).toBe(2);
    expect(medianScore([1])).toBe(1);
    expect(medianScore([2, 1])).toBe(1);
    expect(medianScore([0, 3, 1, 2])).toBe(1);
    expect(medianScore([-1, 2, 2])).toBe(2);
  });
});

describe('combineRuns', () => {
  it('keeps every run, the spread and the texts of a run that gave the median', () => {
    const combined = combineRuns([
      answer({ a: 0, b: 1 }, 'r1'),
      answer({ a: 2, b: 1 }, 'r2'),
      answer({ a: 2, b: 2 }, 'r3'),
    ]);
    const [a, b] = combined.skill_feedbacks;
    expect(a).toMatchObject({ skill_id: 'a', score: 2, runs: [0, 2, 2], spread: 2, reason: 'a=2' });
    expect(a!.evidence[0]!.quote).toBe('zitat 2');
    expect(b).toMatchObject({ skill_id: 'b', score: 1, runs: [1, 1, 2], spread: 1 });
    // Run 2 agrees with both medians.
    expect(combined.skill_group_feedbacks[0]!.feedback).toBe('r2');
  });

  it('one run is its own median with no spread', () => {
    expect(combineRuns([answer({ a: 3 })]).skill_feedbacks[0]).toMatchObject({
      score: 3,
      runs: [3],
      spread: 0,
    });
  });
});

describe('runAll', () => {
  it('runs k at once and resolves with every answer', async () => {
    let running = 0;
    let most = 0;
    const results = await runAll(3, undefined, async () => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((r) => setTimeout(r, 5));
      running -= 1;
      return 'ok';
    });
    expect(results).toEqual(['ok', 'ok', 'ok']);
    expect(most).toBe(3);
  });

  it('a failing run aborts the others and fails with its error', async () => {
    const aborted: boolean[] = [];
    let call = 0;
    const failing = runAll(3, undefined, (signal) => {
      const n = call++;
      if (n === 0) return Promise.reject(new Error('run failed'));
      return new Promise((_, reject) => {
        signal.addEventListener('abort', () => {
          aborted.push(true);
          reject(new Error('aborted'));
        });
      });
    });
    await expect(failing).rejects.toThrow('run failed');
    expect(aborted).toHaveLength(2);
  });

  it('the job’s abort signal stops every run', async () => {
    const job = new AbortController();
    const pending = runAll(
      2,
      job.signal,
      (signal) =>
        new Promise((_, reject) => signal.addEventListener('abort', () => reject(new Error('stopped')))),
    );
    job.abort();
    await expect(pending).rejects.toThrow('stopped');
  });
});
