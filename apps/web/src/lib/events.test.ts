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
  it('a class’s teachers (co-teaching): the class list, the invitations and the class with all below it', () => {
    for (const type of ['INSERT', 'UPDATE', 'DELETE'] as const)
      expect(
        affectedKeys(
          event('class_teachers', type, { id: 'k1:u1', class_id: 'k1', user_id: 'u1', role: 'grade' }),
        ),
      ).toEqual({
        exact: [
          ['classes', 'list'],
          ['classes', 'invitations'],
          ['classes', 'k1'],
        ],
        submissionIds: [],
      });
    // An invitation on the bell also waits at the top of the class list.
    expect(
      affectedKeys(event('notifications', 'INSERT', { id: 'n', type: 'class_invitation', title: 'T' })),
    ).toEqual({ exact: [['notifications'], ['classes', 'invitations']], submissionIds: [] });
  });
});
