import { describe, expect, it } from 'vitest';
import {
  BULK_STUDENTS_MAX,
  JOIN_TOKEN_ALPHABET,
  LATEX_MAX_LENGTH,
  TASK_DATA_MAX_LENGTH,
  TASK_STATUSES,
  ZCreateStudentRequest,
  ZCreateStudentsRequest,
  ZCreateTaskRequest,
  ZJoinClassRequest,
  ZListTasksRequest,
  ZRenderLatexRequest,
  ZUpdateProfileRequest,
  ZUpdateTaskRequest,
  ZUpdateTaskWithIdRequest,
  canChangeTaskStatus,
  errorCatalog,
  newId,
  normalizeJoinToken,
  splitStudentName,
  taskStatusesAllowingChangeTo,
} from './index';

// The contract of the teacher's daily work (subjects, classes, students, tasks).

const userId = '3f2b8c1e-9d4a-4b7e-8f1a-2c3d4e5f6a7b';
const messages = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message);

describe('task status transitions', () => {
  it('go draft → published → closed, reopen closed → published, never back to draft', () => {
    const allowed = TASK_STATUSES.flatMap((from) =>
      TASK_STATUSES.filter((to) => from !== to && canChangeTaskStatus(from, to)).map((to) => `${from}→${to}`),
    );
    expect(allowed.sort()).toEqual(['closed→published', 'draft→published', 'published→closed']);
    for (const status of TASK_STATUSES) expect(canChangeTaskStatus(status, status)).toBe(true);
    expect(taskStatusesAllowingChangeTo('published').sort()).toEqual(['closed', 'draft', 'published']);
    expect(taskStatusesAllowingChangeTo('draft')).toEqual(['draft']);
  });

  it('let a new task start as draft or published only', () => {
    const class_id = newId();
    expect(ZCreateTaskRequest.parse({ class_id, title: 'A', status: 'published' }).status).toBe('published');
    expect(messages(ZCreateTaskRequest.safeParse({ class_id, title: 'A', status: 'closed' }))).toEqual([
      errorCatalog.TASK_STATUS_TRANSITION_INVALID.message,
    ]);
  });
});

describe('task requests', () => {
  it('cap the content and accept only JSON objects', () => {
    const class_id = newId();
    const doc = { type: 'doc', content: [{ type: 'paragraph' }] };
    expect(ZCreateTaskRequest.parse({ class_id, title: 'A', data: doc }).data).toEqual(doc);
    expect(ZUpdateTaskRequest.safeParse({ data: 'text' }).success).toBe(false);
    expect(
      messages(ZUpdateTaskRequest.safeParse({ data: { text: 'x'.repeat(TASK_DATA_MAX_LENGTH) } })),
    ).toEqual(['Der Inhalt der Aufgabe ist zu groß.']);
  });

  it('name the update without id with the spec message', () => {
    expect(messages(ZUpdateTaskWithIdRequest.safeParse({ title: 'A' }))).toEqual([
      'Aufgaben-ID nicht gefunden',
    ]);
    const id = newId();
    expect(ZUpdateTaskWithIdRequest.parse({ id, title: 'A', created_at: 'x' })).toEqual({ id, title: 'A' });
  });

  it('list by the issue’s query name classId', () => {
    const classId = newId();
    expect(ZListTasksRequest.parse({ classId })).toEqual({ classId });
    expect(ZListTasksRequest.parse({})).toEqual({});
  });
});

describe('join tokens', () => {
  it('use an alphabet without look-alikes and match typed input', () => {
    expect(JOIN_TOKEN_ALPHABET).not.toMatch(/[01ILO]/);
    expect(new Set(JOIN_TOKEN_ALPHABET).size).toBe(JOIN_TOKEN_ALPHABET.length);
    expect(normalizeJoinToken(' abcde-fghjk ')).toBe('ABCDEFGHJK');
    expect(normalizeJoinToken('ABC DE_FG')).toBe('ABCDEFG');
  });

  it('need a student id and a token', () => {
    expect(ZJoinClassRequest.parse({ student_user_id: userId, p_token: ' ABC ' })).toEqual({
      student_user_id: userId,
      p_token: 'ABC',
    });
    expect(messages(ZJoinClassRequest.safeParse({ student_user_id: userId, p_token: '' }))).toEqual([
      errorCatalog.JOIN_TOKEN_INVALID.message,
    ]);
  });
});

describe('student requests', () => {
  it('split pasted names: "Vorname Nachname", "Nachname, Vorname" and single names', () => {
    expect(splitStudentName('  Anna   von der  Heide ')).toEqual({
      first_name: 'Anna',
      last_name: 'von der Heide',
    });
    expect(splitStudentName('Müller, Jürgen')).toEqual({ first_name: 'Jürgen', last_name: 'Müller' });
    expect(splitStudentName('Noah')).toEqual({ first_name: 'Noah', last_name: '' });
    expect(splitStudentName('Noah,')).toEqual({ first_name: 'Noah', last_name: '' });
  });

  it('take 1 to 40 names of 2 to 100 characters', () => {
    const class_id = newId();
    expect(ZCreateStudentsRequest.parse({ class_id, names: [' Ida Ost '] }).names).toEqual(['Ida Ost']);
    expect(messages(ZCreateStudentsRequest.safeParse({ class_id, names: [] }))).toEqual([
      'Bitte mindestens einen Namen angeben',
    ]);
    const many = Array.from({ length: BULK_STUDENTS_MAX + 1 }, () => 'Kind');
    expect(messages(ZCreateStudentsRequest.safeParse({ class_id, names: many }))).toEqual([
      'Höchstens 40 Namen auf einmal',
    ]);
    expect(ZCreateStudentsRequest.safeParse({ class_id, names: ['I'] }).success).toBe(false);
  });

  it('check createStudent’s password with the spec rules and normalise the address', () => {
    const class_id = newId();
    expect(
      ZCreateStudentRequest.parse({ email: ' Kind@Schule.Example ', password: 'Sonne123', class_id }).email,
    ).toBe('kind@schule.example');
    expect(
      messages(ZCreateStudentRequest.safeParse({ email: 'k@s.de', password: 'sonne123', class_id })),
    ).toEqual(['Das Passwort muss mindestens einen Großbuchstaben enthalten']);
  });
});

describe('profile and render requests', () => {
  it('profile: names need 2 characters, the avatar must be an http(s) URL', () => {
    expect(
      ZUpdateProfileRequest.parse({ meta_data: { first_name: 'Clara', last_name: 'Schumann' } }).meta_data,
    ).toEqual({ first_name: 'Clara', last_name: 'Schumann', avatar_url: null, school: null });
    const avatar = (avatar_url: string) =>
      ZUpdateProfileRequest.safeParse({
        meta_data: { first_name: 'Clara', last_name: 'Schumann', avatar_url },
      }).success;
    expect(avatar('https://bilder.example/c.png')).toBe(true);
    expect(avatar('javascript:alert(1)')).toBe(false);
  });

  it('render-latex: at most LATEX_MAX_LENGTH characters', () => {
    expect(ZRenderLatexRequest.safeParse({ latexCode: 'x'.repeat(LATEX_MAX_LENGTH) }).success).toBe(true);
    expect(messages(ZRenderLatexRequest.safeParse({ latexCode: 'x'.repeat(LATEX_MAX_LENGTH + 1) }))).toEqual([
      errorCatalog.LATEX_TOO_LONG.message,
    ]);
  });
});
