import { describe, expect, it } from 'vitest';
import { skillFeedbackPrompt } from '../../ai/prompts';
import { normalizedSkillName } from '@app/contract';
import { pickExamples, scrubber, type CalibrationCandidate } from './calibration';

const example = (skill_id: string, submission_id: string): CalibrationCandidate => ({
  skill_id,
  submission_id,
  excerpt: '',
  ai_score: 2,
  teacher_score: 1,
  teacher_reason: '',
});

describe('calibration examples', () => {
  it('leave out the submission being corrected and keep at most 3 per skill and 12 in all, newest first', () => {
    const candidates = [
      example('a', 'self'),
      ...['1', '2', '3', '4'].map((n) => example('a', `s${n}`)),
      ...Array.from({ length: 20 }, (_, i) => example(`k${i % 6}`, `t${i}`)),
    ];
    const picked = pickExamples(candidates, 'self');
    expect(picked).toHaveLength(12);
    expect(picked.some((e) => e.submission_id === 'self')).toBe(false);
    expect(picked.filter((e) => e.skill_id === 'a').map((e) => e.submission_id)).toEqual(['s1', 's2', 's3']);
    for (const skill of new Set(picked.map((e) => e.skill_id)))
      expect(picked.filter((e) => e.skill_id === skill).length).toBeLessThanOrEqual(3);
  });

  it('cut names (whole words, any case) and e-mail addresses out of texts', () => {
    const scrub = scrubber(['Kunigunde', 'Zwetschgenbaum-Ödland', '']);
    expect(scrub('kunigunde Zwetschgenbaum hat es, schreib an k.z@schule.example! Kunigundes Heft')).toBe(
      '[Name] [Name] hat es, schreib an [E-Mail]! Kunigundes Heft',
    );
    expect(scrub('Ödland rechnet')).toBe('[Name] rechnet');
    expect(scrubber([])('nichts zu tun')).toBe('nichts zu tun');
  });

  it('treat retyped skill names as the same skill', () => {
    expect(normalizedSkillName('  Lösungs  weg ')).toBe(normalizedSkillName('lösungs weg'));
    expect(normalizedSkillName('Ansatz')).not.toBe(normalizedSkillName('Ergebnis'));
  });

  it('put the examples into the openai prompt, one line each', () => {
    const input = {
      task: { id: 't', title: 'Brüche', description: '', content: '' },
      submission: { id: 'sub', solution: '', file_ids: ['f'] },
      subject: { id: 's', name: 'Mathe' },
      classes: [],
      skill_groups: [
        {
          id: 'g',
          name: 'G',
          description: '',
          skills: [{ id: 'k', name: 'Ansatz', description: '', maxScore: 3, levels: [] }],
        },
      ],
    };
    expect(skillFeedbackPrompt(input, 1)).not.toContain('Beispiel zu Kompetenz');
    const prompt = skillFeedbackPrompt(
      {
        ...input,
        examples: [{ ...example('k', 'old'), teacher_reason: 'Zu\nknapp', excerpt: '1/2 + 1/3' }],
      },
      1,
    );
    expect(prompt).toContain(
      '- Beispiel zu Kompetenz k (Lösung old): KI 2 Punkte, Lehrkraft 1 Punkte. Begründung der Lehrkraft: Zu knapp Auszug: „1/2 + 1/3“',
    );
  });
});
