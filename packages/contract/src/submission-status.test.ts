import { describe, expect, it } from 'vitest';
import {
  DISPLAY_STATUSES,
  DISPLAY_STATUS_COLORS,
  DISPLAY_STATUS_LABELS,
  STUCK_CORRECTION_MS,
  displayStatus,
  isFeedbackIncomplete,
  isStale,
  type DisplayStatusInput,
  type FeedbackGroupLike,
} from './submission-status';

const now = new Date('2025-03-01T12:00:00.000Z');
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
const completeGroup: FeedbackGroupLike = {
  group_id: 'g1',
  group_name: 'Argumentieren',
  skill_feedbacks: [{}],
};
const file = { id: 'f1' };
const base: DisplayStatusInput = {
  id: 'submission-1',
  status: 'offen',
  score: null,
  files: [],
  feedback: [],
};

describe('displayStatus', () => {
  it('shows error for a row without a submission id', () => {
    expect(displayStatus({ ...base, id: null }, now)).toBe('error');
    expect(displayStatus({ ...base, id: undefined, submission_id: '' }, now)).toBe('error');
  });

  it('accepts submission_id in place of id', () => {
    expect(displayStatus({ ...base, id: undefined, submission_id: 'submission-1' }, now)).toBe('offen');
  });

  it('shows error when the stored status is error, even with a score', () => {
    expect(displayStatus({ ...base, status: 'error', score: 7, files: [file] }, now)).toBe('error');
  });

  it('shows error for a correction stuck with incomplete feedback for more than 5 minutes', () => {
    const stuck = {
      ...base,
      status: 'inKorrektur',
      feedback: [],
      updated_at: ago(STUCK_CORRECTION_MS + 1),
    } as const;
    expect(displayStatus(stuck, now)).toBe('error');
    expect(displayStatus({ ...stuck, score: 5 }, now)).toBe('error');
  });

  it('keeps showing in Korrektur while an incomplete correction is at most 5 minutes old', () => {
    expect(displayStatus({ ...base, status: 'inKorrektur', updated_at: ago(STUCK_CORRECTION_MS) }, now)).toBe(
      'in Korrektur',
    );
  });

  it('keeps showing in Korrektur for an old correction whose feedback is complete', () => {
    const old = ago(STUCK_CORRECTION_MS * 10);
    expect(
      displayStatus({ ...base, status: 'inKorrektur', feedback: [completeGroup], updated_at: old }, now),
    ).toBe('in Korrektur');
  });

  it('shows ausgeteilt for a handed-back submission with a score', () => {
    expect(displayStatus({ ...base, status: 'ausgeteilt', score: 12, files: [file] }, now)).toBe(
      'ausgeteilt',
    );
  });

  it('does not show ausgeteilt without a score', () => {
    expect(displayStatus({ ...base, status: 'ausgeteilt', score: null, files: [file] }, now)).toBe(
      'abgegeben',
    );
  });

  it('shows korrigiert once a score is present, including a score of 0', () => {
    expect(displayStatus({ ...base, status: 'korrigiert', score: 0 }, now)).toBe('korrigiert');
    expect(displayStatus({ ...base, status: 'abgegeben', score: 9, files: [file] }, now)).toBe('korrigiert');
  });

  it('shows korrigiert before in Korrektur when a re-correction is running', () => {
    expect(displayStatus({ ...base, status: 'inKorrektur', score: 3, updated_at: ago(1000) }, now)).toBe(
      'korrigiert',
    );
  });

  it('shows in Korrektur for a running correction without a score', () => {
    expect(displayStatus({ ...base, status: 'inKorrektur', files: [file], updated_at: ago(1000) }, now)).toBe(
      'in Korrektur',
    );
  });

  it('shows abgegeben when files are present', () => {
    expect(displayStatus({ ...base, files: [file] }, now)).toBe('abgegeben');
  });

  it('shows offen without files', () => {
    expect(displayStatus({ ...base, files: [] }, now)).toBe('offen');
    expect(displayStatus({ id: 'submission-1', files: null }, now)).toBe('offen');
    expect(displayStatus({ id: 'submission-1' }, now)).toBe('offen');
  });

  it('uses the current time when none is given', () => {
    const recent = new Date(Date.now() - 1000).toISOString();
    const long = new Date(Date.now() - STUCK_CORRECTION_MS - 60_000).toISOString();
    expect(displayStatus({ ...base, status: 'inKorrektur', updated_at: recent })).toBe('in Korrektur');
    expect(displayStatus({ ...base, status: 'inKorrektur', updated_at: long })).toBe('error');
  });
});

describe('isFeedbackIncomplete', () => {
  it('treats missing, textual or empty feedback as incomplete', () => {
    expect(isFeedbackIncomplete(null)).toBe(true);
    expect(isFeedbackIncomplete(undefined)).toBe(true);
    expect(isFeedbackIncomplete('Gut gemacht')).toBe(true);
    expect(isFeedbackIncomplete([])).toBe(true);
  });

  it('treats a group without id, name or skill feedbacks as incomplete', () => {
    expect(isFeedbackIncomplete([completeGroup, { ...completeGroup, group_id: null }])).toBe(true);
    expect(isFeedbackIncomplete([{ ...completeGroup, group_name: '' }])).toBe(true);
    expect(isFeedbackIncomplete([{ group_id: 'g1', group_name: 'A' }])).toBe(true);
    expect(isFeedbackIncomplete([{ ...completeGroup, skill_feedbacks: [] }])).toBe(true);
  });

  it('accepts feedback whose every group has id, name and skill feedbacks', () => {
    expect(isFeedbackIncomplete([completeGroup, { ...completeGroup, group_id: 'g2' }])).toBe(false);
  });
});

describe('isStale', () => {
  it('is false without an update time or with an unreadable one', () => {
    expect(isStale(null, now)).toBe(false);
    expect(isStale(undefined, now)).toBe(false);
    expect(isStale('not a date', now)).toBe(false);
  });

  it('is true only after more than 5 minutes, for strings and dates', () => {
    expect(isStale(ago(STUCK_CORRECTION_MS), now)).toBe(false);
    expect(isStale(ago(STUCK_CORRECTION_MS + 1), now)).toBe(true);
    expect(isStale(new Date(now.getTime() - STUCK_CORRECTION_MS - 1), now)).toBe(true);
  });
});

describe('display status labels and colours', () => {
  it('gives every display status a German label and a Mantine colour', () => {
    for (const status of DISPLAY_STATUSES) {
      expect(DISPLAY_STATUS_LABELS[status]).toBeTruthy();
      expect(DISPLAY_STATUS_COLORS[status]).toBeTruthy();
    }
    expect(DISPLAY_STATUS_COLORS).toEqual({
      offen: 'gray',
      abgegeben: 'blue',
      'in Korrektur': 'yellow',
      korrigiert: 'green',
      ausgeteilt: 'teal',
      error: 'red',
    });
  });

  it('waits 5 minutes before calling a correction stuck', () => {
    expect(STUCK_CORRECTION_MS).toBe(5 * 60 * 1000);
  });
});
