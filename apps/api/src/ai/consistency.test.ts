import { describe, expect, it } from 'vitest';
import { checkSkillFeedback } from './consistency';
import { ZSkillFeedbackOutput, type SkillFeedbackInput } from './types';

// Evidence checks of skill_feedback answers (ADR 024): a place must be on one of the submission's files and
// inside its page.

const input = {
  task: { id: 't', title: 'T', description: '', content: '' },
  submission: { id: 's', solution: '', file_ids: ['f1', 'f2'] },
  subject: { id: 'm', name: 'Mathe' },
  classes: [],
  skill_groups: [
    {
      id: 'g',
      name: 'G',
      description: '',
      skills: [{ id: 'k', name: 'K', description: '', maxScore: 2, levels: [] }],
    },
  ],
} satisfies SkillFeedbackInput;

const answer = (evidence: unknown[]) =>
  ZSkillFeedbackOutput.parse({
    skill_feedbacks: [{ skill_id: 'k', score: 1, reason: '', proof: [], recommendation: '', evidence }],
    skill_group_feedbacks: [{ group_id: 'g', feedback: '' }],
  });
const box = { x: 0.5, y: 0.5, w: 0.25, h: 0.25 };

describe('checkSkillFeedback with evidence', () => {
  it('accepts evidence on a file of the submission, a quote alone, and none at all', () => {
    expect(() =>
      checkSkillFeedback(input, answer([{ quote: 'a', file_id: 'f2', page: 3, box }])),
    ).not.toThrow();
    expect(() => checkSkillFeedback(input, answer([{ quote: 'a' }]))).not.toThrow();
    expect(answer([{ quote: 'a' }]).skill_feedbacks[0]!.evidence[0]).toEqual({
      quote: 'a',
      file_id: null,
      page: null,
      box: null,
    });
    const none = ZSkillFeedbackOutput.parse({
      skill_feedbacks: [{ skill_id: 'k', score: 1, reason: '', proof: [], recommendation: '' }],
      skill_group_feedbacks: [{ group_id: 'g', feedback: '' }],
    });
    expect(checkSkillFeedback(input, none).skill_feedbacks[0]!.evidence).toEqual([]);
  });

  it('rejects a file of another submission, a place without a file and a box beyond the page', () => {
    for (const evidence of [
      { quote: 'a', file_id: 'fremd', page: 1, box },
      { quote: 'a', file_id: null, page: 1, box: null },
      { quote: 'a', file_id: null, page: null, box },
      { quote: 'a', file_id: 'f1', page: 1, box: { x: 0.8, y: 0.1, w: 0.3, h: 0.1 } },
      { quote: 'a', file_id: 'f1', page: 1, box: { x: 0.1, y: 0.9, w: 0.1, h: 0.2 } },
    ])
      expect(() => checkSkillFeedback(input, answer([evidence]))).toThrow(
        expect.objectContaining({ kind: 'invalid_response' }),
      );
  });

  it('a box outside 0..1 does not fit the schema; an empty quote is dropped', () => {
    expect(() => answer([{ quote: 'a', file_id: 'f1', page: 1, box: { ...box, x: -0.1 } }])).toThrow();
    expect(
      answer([{ quote: ' ', file_id: null, page: null, box: null }]).skill_feedbacks[0]!.evidence,
    ).toEqual([]);
  });
});
