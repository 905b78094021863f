import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as contract from './index';
import {
  ZCreateClassRequest,
  ZCreateSubjectRequest,
  ZCreateTaskRequest,
  ZListNotificationsResponse,
  ZRealtimeChangeEvent,
  ZSubmissionDisplay,
  ZSubmissionFile,
  ZTask,
  ZTaskParams,
  ZUpdateClassRequest,
  ZUpdateTaskRequest,
  displayStatus,
  newId,
  scoreForDisplay,
} from './index';

const userId = '3f2b8c1e-9d4a-4b7e-8f1a-2c3d4e5f6a7b';
const at = '2025-03-01T12:00:00.000Z';
const messages = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message);

describe('subject requests', () => {
  it('needs a name and defaults the description to empty', () => {
    expect(ZCreateSubjectRequest.parse({ name: ' Mathe ' })).toEqual({ name: 'Mathe', description: '' });
    expect(messages(ZCreateSubjectRequest.safeParse({ name: '  ' }))).toEqual([
      'Der Name des Fachs ist erforderlich',
    ]);
  });
});

describe('class requests', () => {
  it('creates a class with name, grade and subject', () => {
    const subject_id = newId();
    expect(ZCreateClassRequest.parse({ name: '7b', grade: '7', subject_id })).toEqual({
      name: '7b',
      grade: '7',
      subject_id,
      description: '',
    });
  });

  it("answers 'Fehlende Informationen für die Klasse' for each missing field", () => {
    expect(messages(ZCreateClassRequest.safeParse({}))).toEqual([
      'Fehlende Informationen für die Klasse',
      'Fehlende Informationen für die Klasse',
      'Fehlende Informationen für die Klasse',
    ]);
  });

  it('updates only the fields sent and drops the rest of a whole row', () => {
    expect(ZUpdateClassRequest.parse({ name: '7c', created_at: at })).toEqual({ name: '7c' });
    expect(ZUpdateClassRequest.safeParse({ grade: '' }).success).toBe(false);
  });
});

describe('student data rights', () => {
  const userId = '3f2b8c1e-9d4a-4b7e-8f1a-2c3d4e5f6a7b';

  it('takes a student by user id only', () => {
    expect(contract.ZStudentParams.parse({ id: userId })).toEqual({ id: userId });
    expect(contract.ZStudentParams.safeParse({ id: newId() }).success).toBe(false);
  });

  it('answers a deletion with the counts of what went', () => {
    const answer = { user_id: userId, submissions: 2, files: 3 };
    expect(contract.ZDeleteStudentResponse.parse(answer)).toEqual(answer);
    expect(contract.ZDeleteStudentResponse.safeParse({ ...answer, files: -1 }).success).toBe(false);
  });
});

describe('task requests', () => {
  it("needs a title: 'Aufgaben-Titel ist erforderlich'", () => {
    expect(messages(ZCreateTaskRequest.safeParse({ class_id: newId() }))).toEqual([
      'Aufgaben-Titel ist erforderlich',
    ]);
    expect(messages(ZCreateTaskRequest.safeParse({ class_id: newId(), title: ' ' }))).toEqual([
      'Aufgaben-Titel ist erforderlich',
    ]);
    expect(messages(ZUpdateTaskRequest.safeParse({ title: '' }))).toEqual([
      'Aufgaben-Titel ist erforderlich',
    ]);
  });

  it('creates a draft with empty content by default', () => {
    const class_id = newId();
    expect(ZCreateTaskRequest.parse({ title: 'Bruchrechnung', class_id })).toEqual({
      title: 'Bruchrechnung',
      class_id,
      description: '',
      due_date: null,
      status: 'draft',
      data: null,
      feedback_template: null,
      allow_late_submissions: false,
    });
  });

  it("answers 'Aufgaben-ID nicht gefunden' for a bad task id", () => {
    expect(messages(ZTaskParams.safeParse({ id: 'x' }))).toEqual(['Aufgaben-ID nicht gefunden']);
  });

  it('knows the task statuses draft, published and closed', () => {
    const task = {
      id: newId(),
      title: 'T',
      description: '',
      class_id: newId(),
      due_date: null,
      status: 'published',
      data: { type: 'doc' },
      feedback_template: null,
      allow_late_submissions: false,
      created_at: at,
      created_by: userId,
      updated_at: at,
    };
    expect(ZTask.parse(task)).toEqual(task);
    expect(ZTask.safeParse({ ...task, status: 'archived' }).success).toBe(false);
    expect(ZTask.safeParse({ ...task, created_at: 'gestern' }).success).toBe(false);
  });
});

describe('submission display', () => {
  it('parses a corrected submission and shows it as korrigiert', () => {
    const submission_id = newId();
    const group_id = newId();
    const skill_feedbacks = [
      { skill_id: newId(), submission_id, score: 2, reason: 'r', proof: ['z. 3'], recommendation: 'm' },
      { skill_id: newId(), submission_id, score: -1, reason: '', proof: [], recommendation: '' },
    ];
    const feedback = [
      { group_id, group_name: 'Argumentieren', group_feedback: 'gut', score: 2, skill_feedbacks },
    ];
    const display = ZSubmissionDisplay.parse({
      id: submission_id,
      task_id: newId(),
      student_id: null,
      path: null,
      solution: null,
      status: 'korrigiert',
      uploaded_at: at,
      created_at: at,
      created_by: userId,
      updated_at: at,
      name: { first_name: 'Ada', last_name: 'L' },
      files: [],
      score: scoreForDisplay(feedback),
      feedback,
    });
    expect(display.score).toBe(2);
    expect(displayStatus(display)).toBe('korrigiert');
  });

  it('describes a file without a storage key', () => {
    const file = {
      id: newId(),
      task_id: newId(),
      submission_id: null,
      original_name: 'seite1.jpg',
      mime: 'image/jpeg',
      size: 1024,
      sha256: 'a'.repeat(64),
      pages: 1,
      uploaded_at: at,
      uploader_label: 'Ada L.',
      scan: null,
    };
    expect(ZSubmissionFile.parse({ ...file, storage_key: 'secret/path' })).toEqual(file);
    expect(ZSubmissionFile.safeParse({ ...file, sha256: 'xyz' }).success).toBe(false);
    // A page of the teacher's stack carries what reading it found; a confidence beyond 1 is refused.
    const scan = {
      outcome: 'no_code',
      guess_student_id: null,
      confidence: null,
      reasons: [],
      candidates: [],
      stack_index: 3,
    } as const;
    expect(ZSubmissionFile.parse({ ...file, scan }).scan).toEqual(scan);
    expect(ZSubmissionFile.safeParse({ ...file, scan: { ...scan, confidence: 1.5 } }).success).toBe(false);
  });
});

describe('notifications and realtime', () => {
  it('returns the coin count with the notifications', () => {
    expect(ZListNotificationsResponse.parse({ coinCount: 5, notifications: [], unreadCount: 2 })).toEqual({
      coinCount: 5,
      notifications: [],
      unreadCount: 2,
    });
    expect(
      ZListNotificationsResponse.safeParse({ coinCount: -1, notifications: [], unreadCount: 0 }).success,
    ).toBe(false);
    // The bell's badge needs the unread count; a response without it does not fit.
    expect(ZListNotificationsResponse.safeParse({ coinCount: 5, notifications: [] }).success).toBe(false);
  });

  it('describes a row change', () => {
    const event = {
      schema: 'public',
      table: 'submissions',
      commit_timestamp: at,
      eventType: 'UPDATE',
      new: { id: 'x', status: 'korrigiert' },
      old: { id: 'x' },
      errors: null,
    };
    expect(ZRealtimeChangeEvent.parse(event)).toEqual(event);
    expect(ZRealtimeChangeEvent.safeParse({ ...event, eventType: 'TRUNCATE' }).success).toBe(false);
  });
});

describe('OpenAPI', () => {
  const schemas = Object.entries(contract as Record<string, unknown>).filter(
    (entry): entry is [string, z.ZodType] => entry[0].startsWith('Z') && entry[1] instanceof z.ZodType,
  );

  it('exports schemas', () => {
    expect(schemas.length).toBeGreaterThan(50);
  });

  it.each(schemas)('%s converts to JSON Schema for requests and responses', (_name, schema) => {
    expect(() => z.toJSONSchema(schema, { io: 'input' })).not.toThrow();
    expect(() => z.toJSONSchema(schema, { io: 'output' })).not.toThrow();
  });
});
