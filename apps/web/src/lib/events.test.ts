import type { RealtimeChangeEvent } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { affectedKeys } from './events';

const event = (table: string, eventType: RealtimeChangeEvent['eventType'], row: Record<string, unknown>) =>
  ({
    schema: 'public',
    table,
    commit_timestamp: '2026-01-01T00:00:00.000Z',
    eventType,
    new: eventType === 'DELETE' ? {} : row,
    old: eventType === 'DELETE' ? row : {},
    errors: null,
  }) satisfies RealtimeChangeEvent;

describe('Which queries a change event refreshes', () => {
  it('a submission or file: the task’s list and files (a submission also its corrections), and views of that submission', () => {
    expect(
      affectedKeys(event('submissions', 'UPDATE', { id: 's1', task_id: 't1', status: 'korrigiert' })),
    ).toEqual({
      exact: [
        ['tasks', 't1', 'submissions'],
        ['tasks', 't1', 'files'],
        ['tasks', 't1', 'corrections'],
      ],
      submissionIds: ['s1'],
    });
    expect(
      affectedKeys(event('submission_files', 'DELETE', { id: 'f1', task_id: 't1', submission_id: null })),
    ).toEqual({
      exact: [
        ['tasks', 't1', 'submissions'],
        ['tasks', 't1', 'files'],
      ],
      submissionIds: [],
    });
  });

  it('feedback rows: views of their submission; notifications: the bell', () => {
    expect(
      affectedKeys(event('skill_feedback', 'INSERT', { id: 'k', skill_id: 'x', submission_id: 's2' })),
    ).toEqual({
      exact: [],
      submissionIds: ['s2'],
    });
    expect(affectedKeys(event('notifications', 'INSERT', { id: 'n', title: 'T' }))).toEqual({
      exact: [['notifications']],
      submissionIds: [],
    });
  });
});
