import type {
  Class,
  ClassInvitation,
  ClassRole,
  ClassStudent,
  ClassTeacher,
  Profile,
  PublicConfig,
  SchoolLookupItem,
  Subject,
  Task,
} from '@app/contract';
import { errorCatalog, FEDERAL_STATES, splitStudentName, type ErrorCode } from '@app/contract';
import { vi } from 'vitest';
import { TEST_USER_ID } from './authStub';

/**
 * The teacher's endpoints as an in-memory server behind a stubbed `fetch` (the outer boundary of the web
 * app): subjects, classes with students and join token, tasks, student accounts, join_class, a class's
 * teachers and the invitations (co-teaching). It keeps the
 * API's rules that the pages rely on (orders of PRODUCT.md §7, 409 for a subject in use, 404 for unknown
 * ids). `intercept` lets a test answer a call itself — fail it, or hold it to look at the optimistic state.
 */

export interface ApiCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

type Answer = Response | Promise<Response | undefined> | undefined;

let counter = 0;
/** A 21-character id, unique within the test run. */
export function fakeId(prefix = 'id'): string {
  counter += 1;
  return `${prefix}${String(counter)}`.padEnd(21, '_').slice(0, 21);
}

/** A string field of a request body ('' when absent). */
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

const stamp = (offsetMs = 0) => new Date(Date.UTC(2025, 0, 10, 8, 0, 0) + offsetMs).toISOString();

export function makeSubject(overrides: Partial<Subject> = {}): Subject {
  return {
    id: fakeId('s'),
    name: 'Mathematik',
    description: '',
    created_at: stamp(),
    created_by: TEST_USER_ID,
    updated_at: stamp(),
    ...overrides,
  };
}

export function makeProfile(overrides: Partial<Profile['meta_data']> = {}): Profile {
  return {
    id: fakeId('p'),
    user_id: TEST_USER_ID,
    created_by: TEST_USER_ID,
    created_at: stamp(),
    updated_at: stamp(),
    meta_data: { first_name: 'Erika', last_name: 'Mustermann', avatar_url: null, school: null, ...overrides },
  };
}

export function makeClass(overrides: Partial<Class> = {}): Class {
  return {
    id: fakeId('k'),
    name: '7b',
    description: '',
    grade: '7',
    subject_id: fakeId('s'),
    created_at: stamp(),
    created_by: TEST_USER_ID,
    updated_at: stamp(),
    my_role: 'owner',
    ...overrides,
  };
}

/** The signed-in teacher as the owner of a class (`GET /api/classes/:id/teachers`' first row). */
export function ownerTeacher(overrides: Partial<ClassTeacher> = {}): ClassTeacher {
  return {
    user_id: TEST_USER_ID,
    name: 'Erika Mustermann',
    email: 'lehrkraft@schule.de',
    role: 'owner',
    status: 'accepted',
    invited_at: null,
    ...overrides,
  };
}

/** A colleague with access to a class (accepted unless said otherwise). */
export function makeColleague(name: string, overrides: Partial<ClassTeacher> = {}): ClassTeacher {
  counter += 1;
  return {
    user_id: `00000000-0000-4000-9000-${String(counter).padStart(12, '0')}`,
    name,
    email: `${name.toLowerCase().replace(/[^a-z]+/g, '.')}@schule.de`,
    role: 'grade',
    status: 'accepted',
    invited_at: stamp(),
    ...overrides,
  };
}

export function makeInvitation(overrides: Partial<ClassInvitation> = {}): ClassInvitation {
  return {
    class_id: fakeId('k'),
    class_name: '8a',
    grade: '8',
    subject_name: 'Physik',
    invited_by_name: 'Jonas Weber',
    role: 'grade',
    invited_at: stamp(),
    ...overrides,
  };
}

export function makeTask(overrides: Partial<Task> = {}): Task {
  return {
    id: fakeId('t'),
    title: 'Aufgabe',
    description: '',
    class_id: fakeId('k'),
    due_date: null,
    status: 'draft',
    data: null,
    feedback_template: null,
    allow_late_submissions: false,
    created_at: stamp(),
    created_by: TEST_USER_ID,
    updated_at: stamp(),
    ...overrides,
  };
}

export function apiErrorResponse(code: ErrorCode, message: string = errorCatalog[code].message): Response {
  return Response.json(
    { error: { code, message }, requestId: 'req-test' },
    { status: errorCatalog[code].status },
  );
}

/** A 500 as the API sends it (an unexpected server failure). */
function serverFailure(): Response {
  return apiErrorResponse('INTERNAL');
}

const byUpdatedDesc = <T extends { updated_at: string }>(rows: T[]) =>
  [...rows].sort((a, b) => b.updated_at.localeCompare(a.updated_at));
const byCreatedDesc = <T extends { created_at: string }>(rows: T[]) =>
  [...rows].sort((a, b) => b.created_at.localeCompare(a.created_at));

interface TeacherApiSeed {
  subjects?: Subject[];
  classes?: Class[];
  tasks?: Task[];
  students?: Record<string, ClassStudent[]>;
  /** The teacher's own profile (`GET /api/profile`); default: one with a name, null: none yet. */
  profile?: Profile | null;
  /** The school directory's schools per state; default null: no directory configured. */
  schools?: Record<string, SchoolLookupItem[]> | null;
  /** Who teaches each class, owner first; default: the signed-in teacher as its owner alone. */
  teachers?: Record<string, ClassTeacher[]>;
  /** Teacher accounts of the server an invitation can find by e-mail address. */
  colleagues?: ClassTeacher[];
  /** Invitations waiting for the signed-in teacher. */
  invitations?: ClassInvitation[];
}

export function createTeacherApi(seed: TeacherApiSeed = {}) {
  let clock = 1;
  const now = () => stamp((clock += 1) * 1000);
  const db = {
    subjects: [...(seed.subjects ?? [])],
    classes: [...(seed.classes ?? [])],
    tasks: [...(seed.tasks ?? [])],
    students: { ...(seed.students ?? {}) } as Record<string, ClassStudent[]>,
    tokens: {} as Record<string, string>,
    profile: seed.profile === undefined ? makeProfile() : seed.profile,
    schools: seed.schools ?? null,
    teachers: { ...(seed.teachers ?? {}) } as Record<string, ClassTeacher[]>,
    colleagues: [...(seed.colleagues ?? [])],
    invitations: [...(seed.invitations ?? [])],
  };
  const calls: ApiCall[] = [];
  const interceptors: Array<(call: ApiCall) => Answer> = [];

  let tokens = 0;
  /** Join tokens as the API makes them: 10 characters of JOIN_TOKEN_ALPHABET. */
  const newToken = () => {
    tokens += 1;
    return `${'ABCDEFGHJK'.slice(0, 10 - String(tokens).length)}${String(tokens)}`.replace(/[01]/g, 'Z');
  };
  const token = (classId: string) => (db.tokens[classId] ??= newToken());
  const json = (value: unknown, status = 200) => Response.json(value, { status });

  function route(call: ApiCall): Response | undefined {
    const { method, path, body } = call;
    const input = (body ?? {}) as Record<string, unknown>;
    const segments = path.split('/').filter(Boolean).slice(1); // without "api"
    const [resource, id, sub, subId] = segments;

    if (resource === 'config' && method === 'GET') {
      const config: PublicConfig = {
        authUrl: 'http://localhost',
        authMode: 'local',
        supabaseAnonKey: 'anon',
        publicUrl: 'http://localhost:3000',
        aiProvider: 'none',
        signupDisabled: false,
        posthog: null,
        version: 'test',
      };
      return json(config);
    }

    if (resource === 'subjects') {
      if (!id && method === 'GET') return json(byUpdatedDesc(db.subjects));
      if (!id && method === 'POST') {
        const subject = makeSubject({
          name: text(input.name),
          description: text(input.description),
          created_at: now(),
          updated_at: now(),
        });
        db.subjects.push(subject);
        return json(subject, 201);
      }
      const subject = db.subjects.find((s) => s.id === id);
      if (!subject) return apiErrorResponse('SUBJECT_NOT_FOUND');
      if (method === 'PATCH') {
        Object.assign(subject, input, { updated_at: now() });
        return json(subject);
      }
      if (method === 'DELETE') {
        if (db.classes.some((c) => c.subject_id === id)) return apiErrorResponse('SUBJECT_IN_USE');
        db.subjects = db.subjects.filter((s) => s.id !== id);
        return json({ id });
      }
    }

    if (resource === 'classes') {
      if (!id && method === 'GET') return json(byUpdatedDesc(db.classes));
      if (!id && method === 'POST') {
        if (!input.name || !input.grade || !input.subject_id) return apiErrorResponse('CLASS_FIELDS_MISSING');
        const cls = makeClass({
          name: text(input.name),
          grade: text(input.grade),
          subject_id: text(input.subject_id),
          description: text(input.description),
          created_at: now(),
          updated_at: now(),
        });
        db.classes.push(cls);
        return json({ ...cls, students: [] }, 201);
      }
      const cls = db.classes.find((c) => c.id === id);
      if (!cls || !id) return apiErrorResponse('CLASS_NOT_FOUND');
      if (sub === 'teachers') {
        const teachers = (db.teachers[id] ??= [ownerTeacher()]);
        if (!subId && method === 'GET') return json({ teachers });
        if (!subId && method === 'POST') {
          const email = text(input.email).trim().toLowerCase();
          const colleague = db.colleagues.find((c) => c.email === email);
          if (!colleague) return apiErrorResponse('COLLEAGUE_NOT_FOUND');
          if (teachers.some((t) => t.user_id === colleague.user_id))
            return apiErrorResponse('CLASS_ALREADY_SHARED');
          const invited: ClassTeacher = {
            ...colleague,
            role: input.role as ClassRole,
            status: 'pending',
            invited_at: now(),
          };
          teachers.push(invited);
          return json(invited, 201);
        }
        const teacher = teachers.find((t) => t.user_id === subId);
        if (!teacher) return apiErrorResponse('CLASS_TEACHER_NOT_FOUND');
        if (teacher.role === 'owner') return apiErrorResponse('CLASS_OWNER_NOT_REMOVABLE');
        if (method === 'PATCH') {
          teacher.role = input.role as ClassRole;
          return json(teacher);
        }
        if (method === 'DELETE') {
          db.teachers[id] = teachers.filter((t) => t.user_id !== subId);
          // Leaving: the class is no longer the signed-in teacher's.
          if (subId === TEST_USER_ID) db.classes = db.classes.filter((c) => c.id !== id);
          return new Response(null, { status: 204 });
        }
      }
      if (sub === 'students') {
        const students = (db.students[id] ??= []);
        if (!subId && method === 'GET') return json(students);
        if (subId && method === 'DELETE') {
          if (!students.some((s) => s.user_id === subId)) return apiErrorResponse('STUDENT_NOT_FOUND');
          db.students[id] = students.filter((s) => s.user_id !== subId);
          return json({ class_id: id, user_id: subId });
        }
      }
      if (sub === 'token') {
        if (method === 'POST') db.tokens[id] = newToken();
        return json({ class_id: id, join_token: token(id) });
      }
      if (!sub && method === 'GET')
        return json({ ...cls, students: (db.students[id] ?? []).map((s) => s.user_id) });
      if (!sub && method === 'PATCH') {
        Object.assign(cls, input, { updated_at: now() });
        return json(cls);
      }
      if (!sub && method === 'DELETE') {
        if (cls.my_role !== 'owner') return apiErrorResponse('CLASS_DELETE_OWNER_ONLY');
        db.classes = db.classes.filter((c) => c.id !== id);
        db.tasks = db.tasks.filter((t) => t.class_id !== id);
        return json({ id });
      }
    }

    if (resource === 'class-invitations') {
      if (!id && method === 'GET') return json({ invitations: db.invitations });
      const invitation = db.invitations.find((i) => i.class_id === id);
      if (!invitation) return apiErrorResponse('CLASS_INVITATION_NOT_FOUND');
      if (method === 'POST' && (sub === 'accept' || sub === 'decline')) {
        db.invitations = db.invitations.filter((i) => i !== invitation);
        if (sub === 'decline') return new Response(null, { status: 204 });
        // As on the server: the class's subject is its owner's, and the colleague's subjects include it now.
        const owner = '00000000-0000-4000-9000-0000000000ff';
        const subject = makeSubject({ name: invitation.subject_name, created_by: owner });
        db.subjects.push(subject);
        const accepted = makeClass({
          id: invitation.class_id,
          name: invitation.class_name,
          grade: invitation.grade,
          subject_id: subject.id,
          created_by: owner,
          created_at: now(),
          updated_at: now(),
          my_role: invitation.role,
        });
        db.classes.push(accepted);
        return json(accepted);
      }
    }

    if (resource === 'tasks') {
      if (!id && method === 'GET') {
        const classId = call.query.get('classId');
        if (classId && !db.classes.some((c) => c.id === classId)) return apiErrorResponse('CLASS_NOT_FOUND');
        return json(byCreatedDesc(db.tasks.filter((t) => !classId || t.class_id === classId)));
      }
      if (!id && method === 'POST') {
        if (!text(input.title).trim()) return apiErrorResponse('TASK_TITLE_REQUIRED');
        const task = makeTask({
          ...(input as Partial<Task>),
          id: fakeId('t'),
          created_at: now(),
          updated_at: now(),
        });
        db.tasks.push(task);
        return json(task, 201);
      }
      const task = db.tasks.find((t) => t.id === id);
      if (!task) return apiErrorResponse('TASK_NOT_FOUND');
      // The task itself; its sub-resources (rubric, PDFs …) are the test's or the fallback's to answer.
      if (sub) return undefined;
      if (method === 'GET') return json(task);
      if (method === 'PATCH') {
        Object.assign(task, input, { updated_at: now() });
        return json(task);
      }
      if (method === 'DELETE') {
        db.tasks = db.tasks.filter((t) => t.id !== id);
        return json({ id });
      }
    }

    if (resource === 'createStudents' && method === 'POST') {
      const classId = text(input.class_id);
      const names = input.names as string[];
      // As the API: the line is split into first and last name, and named "Vorname Nachname".
      const created = names.map((line, index) => {
        const { first_name, last_name } = splitStudentName(line);
        const name = [first_name, last_name].filter(Boolean).join(' ');
        return {
          user_id: `00000000-0000-4000-8000-${String(index + 1).padStart(12, '0')}`,
          first_name,
          last_name,
          name,
          email: `${name.toLowerCase().replace(/[^a-z]+/g, '.')}.x7k2@schueler.invalid`,
          password: `Bako-Rimu-Tesa-${String(10 + index)}`,
        };
      });
      db.students[classId] = [
        ...(db.students[classId] ?? []),
        ...created.map(({ user_id, first_name, last_name }) => ({ user_id, first_name, last_name })),
      ];
      return json(
        {
          students: created.map(({ user_id, name, email, password }) => ({ user_id, name, email, password })),
        },
        201,
      );
    }

    if (resource === 'createStudent' && method === 'POST') {
      const user = { id: '00000000-0000-4000-8000-0000000000aa', email: text(input.email) };
      const classId = text(input.class_id);
      db.students[classId] = [
        ...(db.students[classId] ?? []),
        {
          user_id: user.id,
          first_name: text(input.first_name),
          last_name: text(input.last_name),
        },
      ];
      return json({ message: 'Schüler wurde erstellt', user }, 201);
    }

    if (resource === 'students' && id && !sub && method === 'DELETE') {
      // ADR 022: the account goes with all its memberships.
      const known = Object.values(db.students).some((list) => list.some((s) => s.user_id === id));
      if (!known) return apiErrorResponse('STUDENT_NOT_FOUND');
      for (const classId of Object.keys(db.students))
        db.students[classId] = db.students[classId]!.filter((s) => s.user_id !== id);
      return json({ user_id: id, submissions: 0, files: 0 });
    }

    if (resource === 'join_class' && method === 'POST') {
      const classId = Object.keys(db.tokens).find((k) => db.tokens[k] === input.p_token);
      if (!classId) return apiErrorResponse('JOIN_TOKEN_INVALID');
      const studentId = text(input.student_user_id);
      const known = Object.values(db.students)
        .flat()
        .find((s) => s.user_id === studentId);
      if (!known) return apiErrorResponse('STUDENT_NOT_FOUND');
      const members = (db.students[classId] ??= []);
      if (!members.some((s) => s.user_id === studentId)) members.push(known);
      return json({
        message: 'Schüler wurde der Klasse hinzugefügt',
        class_id: classId,
        created_submissions: 0,
      });
    }

    if (resource === 'profile' && !id && method === 'GET') {
      // The registration dialog's check (features/registration): a registered teacher has a profile.
      return json({ profile: db.profile });
    }
    if (resource === 'profile' && !id && method === 'PUT') {
      const stored = db.profile ?? makeProfile();
      db.profile = {
        ...stored,
        updated_at: now(),
        meta_data: input.meta_data as Profile['meta_data'],
      };
      return json(db.profile);
    }

    if (resource === 'schools' && id === 'states' && method === 'GET') {
      return json({
        directory: db.schools !== null,
        source: db.schools ? 'https://schulen.example' : null,
        states: FEDERAL_STATES.map(({ code, name }) => ({ code, name })),
      });
    }
    if (resource === 'schools' && !id && method === 'GET') {
      // The server's search, simplified: schools of the state whose name or city contains q.
      const state = call.query.get('state') ?? '';
      const q = (call.query.get('q') ?? '').toLowerCase();
      const items = (db.schools?.[state] ?? []).filter((school) =>
        `${school.name} ${school.city ?? ''}`.toLowerCase().includes(q),
      );
      return json({ directory: db.schools !== null, items: items.slice(0, 30) });
    }

    if (resource === 'notifications' && !id && method === 'GET') {
      // The header's bell (features/notifications): nothing new, a fresh teacher's starting coins.
      return json({ notifications: [], coinCount: 100, unreadCount: 0 });
    }

    return undefined;
  }

  async function handle(input: RequestInfo | URL, init?: RequestInit): Promise<Response | undefined> {
    const url = new URL(input instanceof Request ? input.url : input.toString(), 'http://localhost');
    if (!url.pathname.startsWith('/api/')) return undefined;
    const call: ApiCall = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    };
    calls.push(call);
    for (const intercept of interceptors) {
      const answer = await intercept(call);
      if (answer) return answer;
    }
    return route(call);
  }

  const api = {
    db,
    calls,
    handle,
    /** Answers calls the test picks itself (first interceptor with an answer wins). */
    intercept(interceptor: (call: ApiCall) => Answer) {
      interceptors.push(interceptor);
    },
    /** Fails the next `method` call to a path matching `path` with `response` (default: a 500). */
    failNext(method: string, path: RegExp, response: () => Response = serverFailure) {
      let used = false;
      interceptors.push((call) => {
        if (used || call.method !== method || !path.test(call.path)) return undefined;
        used = true;
        return response();
      });
    },
    /**
     * Holds the next `method` call to `path` until `release()` is called; it then gets `response` (default:
     * the fake server's own answer). Lets a test look at the page while the request is in flight.
     */
    holdNext(method: string, path: RegExp, response?: () => Response) {
      let release: () => void = () => {};
      const released = new Promise<void>((resolve) => (release = resolve));
      let used = false;
      interceptors.push(async (call) => {
        if (used || call.method !== method || !path.test(call.path)) return undefined;
        used = true;
        await released;
        return response ? response() : route(call);
      });
      return { release: () => release() };
    },
    /** Stubs `fetch` with this server; other paths go to `fallback` (or fail like the unit-test default). */
    install(fallback?: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>) {
      vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
        const answer = await handle(input, init);
        if (answer) return answer;
        if (fallback) return fallback(input, init);
        const url = input instanceof Request ? input.url : input.toString();
        throw new Error(`The fake teacher API has no answer for ${init?.method ?? 'GET'} ${url}`);
      });
      return api;
    },
  };
  return api;
}

export type TeacherApi = ReturnType<typeof createTeacherApi>;
