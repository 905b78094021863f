import { describe, expect, it } from 'vitest';
import {
  errorCatalog,
  GRADE_CHANGES_CSV_HEADER,
  newId,
  ZAcceptSuggestionsResponse,
  ZGradeChange,
  ZGradeChangesResponse,
} from './index';

const change = {
  id: newId(),
  submission_id: newId(),
  skill_id: newId(),
  skill_name: 'Ansatz',
  actor: 'teacher',
  teacher_id: '3f2b8c1e-9d4a-4b7e-8f1a-2c3d4e5f6a7b',
  teacher_name: 'Anna Berg',
  mine: true,
  at: '2026-03-01T12:00:00.000Z',
  from_score: -1,
  to_score: 2,
};

describe('grade changes', () => {
  it('reads an entry of the AI and of the teacher; -1 is not scored', () => {
    expect(ZGradeChangesResponse.parse({ changes: [change] }).changes[0]).toEqual(change);
    expect(
      ZGradeChange.parse({ ...change, actor: 'ai', teacher_id: null, teacher_name: null, mine: false }).actor,
    ).toBe('ai');
  });

  it('keeps an entry whose skill was removed from the rubric (skill_id null)', () => {
    expect(ZGradeChange.parse({ ...change, skill_id: null }).skill_name).toBe('Ansatz');
  });

  it('refuses an unknown actor and a score below -1', () => {
    expect(ZGradeChange.safeParse({ ...change, actor: 'admin' }).success).toBe(false);
    expect(ZGradeChange.safeParse({ ...change, from_score: -2 }).success).toBe(false);
    expect(ZGradeChange.safeParse({ ...change, at: 'gestern' }).success).toBe(false);
    const { mine: _mine, ...withoutMine } = change;
    expect(ZGradeChange.safeParse(withoutMine).success).toBe(false);
  });

  it('accept-all answers with the skills it took over', () => {
    const body = { submission_id: newId(), accepted_skill_ids: [newId()] };
    expect(ZAcceptSuggestionsResponse.parse(body)).toEqual(body);
    expect(ZAcceptSuggestionsResponse.safeParse({ submission_id: body.submission_id }).success).toBe(false);
  });

  it('the CSV header is German and the not-viewed refusal is a 409 with a German message', () => {
    expect(GRADE_CHANGES_CSV_HEADER).toEqual([
      'Zeitpunkt',
      'Schüler',
      'Kompetenz',
      'Geändert von',
      'Vorher',
      'Nachher',
    ]);
    expect(errorCatalog.GRADING_NOT_VIEWED.status).toBe(409);
    expect(errorCatalog.GRADING_NOT_VIEWED.message).toContain('Abgabe');
  });
});
