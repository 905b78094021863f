import { describe, expect, it } from 'vitest';
import { ID_LENGTH, ZId, ZIdParams, ZUserId, newId, zId } from './ids';

describe('ids', () => {
  it('generates distinct 21-character ids the schema accepts', () => {
    const ids = Array.from({ length: 200 }, () => newId());
    expect(new Set(ids).size).toBe(200);
    for (const id of ids) {
      expect(id).toHaveLength(ID_LENGTH);
      expect(ZId.parse(id)).toBe(id);
    }
  });

  it('refuses ids of another length or outside the nanoid alphabet', () => {
    expect(ZId.safeParse('a'.repeat(20)).success).toBe(false);
    expect(ZId.safeParse('a'.repeat(22)).success).toBe(false);
    expect(ZId.safeParse(`${'a'.repeat(20)}!`).success).toBe(false);
    expect(ZId.safeParse(`${'a'.repeat(20)}_`).success).toBe(true);
    expect(ZId.safeParse(42).error?.issues[0]?.message).toBe('Ungültige ID');
  });

  it('carries a domain message when asked to', () => {
    expect(zId('Aufgaben-ID nicht gefunden').safeParse('').error?.issues[0]?.message).toBe(
      'Aufgaben-ID nicht gefunden',
    );
    expect(ZIdParams.safeParse({ id: newId() }).success).toBe(true);
  });

  it('accepts UUID user ids and refuses other strings', () => {
    expect(ZUserId.safeParse('3f2b8c1e-9d4a-4b7e-8f1a-2c3d4e5f6a7b').success).toBe(true);
    expect(ZUserId.safeParse('11111111-1111-1111-1111-111111111111').success).toBe(true);
    expect(ZUserId.safeParse('teacher-1').success).toBe(false);
  });
});
