import * as C from '@app/contract';
import { errorCatalog, type ClassAccess, type ClassRole, type ErrorCode } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { FakeServer } from '../../../tests/fixtures/fake-ai-control';
import { startFakeAiService } from '../../../tests/fixtures/fake-ai-service';
import { pdfExports } from '../src/db/schema';
import { grantRole } from '../src/domain/accounts/roles';
import { createTestApp, type TestApp } from './helpers/app';
import { baseUrlOf, classroom, photo, type Classroom } from './helpers/classroom';
import { drivers } from './helpers/database';
import { bearer, errorOf, signIn, type SignedIn } from './helpers/tokens';

// The authorization matrix of co-teaching (domain/access.ts, ARCHITECTURE.md §11): every teacher route that
// reaches one class, tried by five actors on one shared class. `view` reads, `grade` works on the hand-ins,
// `manage` changes the class and its structure, `owner` is the class owner's (or the row's creator's) alone.
// Allowed actors get 2xx, or the route's documented answer that is not about access (`ok`); everyone else
// the object's 404 in the API's error shape (C = the contract), with nothing of the owner's data in it.
// Destructive rows make a fresh target (as the owner) before each actor's attempt, so every actor is really
// tried. The last test fails when a teacher route is neither in the matrix nor listed as not about one class.

type ActorName = 'owner' | 'manager' | 'grader' | 'viewer' | 'stranger';
const ACTORS: ActorName[] = ['owner', 'manager', 'grader', 'viewer', 'stranger'];
type Verb = ClassRole | 'owner';
const ALLOWED: Record<Verb, ActorName[]> = {
  view: ['owner', 'manager', 'grader', 'viewer'],
  grade: ['owner', 'manager', 'grader'],
  manage: ['owner', 'manager'],
  owner: ['owner'],
};
const ROLE: Record<'manager' | 'grader' | 'viewer', ClassRole> = {
  manager: 'manage',
  grader: 'grade',
  viewer: 'view',
};
/** GET /api/classes: how each actor sees the class (`my_role`); the stranger does not see it. */
const ACCESS: Record<ActorName, ClassAccess | undefined> = { ...ROLE, owner: 'owner', stranger: undefined };

type Ids = Record<string, string>;
interface Actor {
  name: ActorName;
  user: SignedIn;
  email: string;
}
/** A contract schema (zod or zod-mini). */
interface Schema<T> {
  parse(value: unknown): T;
}
/** A request body: validated with the contract's schema after its `:placeholders` are filled. */
type Body = [Schema<unknown>, unknown];
interface Row {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The route with `:key` placeholders filled from the fixture's ids (and the target's). */
  path: string;
  verb: Verb;
  /** What a refused actor gets (its HTTP status from the contract's error catalog). */
  code: ErrorCode;
  body?: Body;
  /** A fresh target before each actor's attempt (destructive rows), or a step the actor takes first. */
  target?: (actor: Actor) => Promise<Ids>;
  /** The documented answer allowed actors get instead of 2xx (not about access). */
  ok?: ErrorCode;
  /** `owner` rows: what a colleague of the class gets instead of `code`. */
  colleague?: ErrorCode;
  /** A multipart upload of one photo. */
  upload?: true;
}

const SECRET_TITLE = 'Bruchrechnung Geheimsache';
const STUDENTS = ['Greta Geheimnis', 'Ali Verborgen', 'Zoe Versteckt'];
const PASSWORD = 'Klassen2026Zimmer';
let serial = 0;

const row = (method: Row['method'], path: string, verb: Verb, code: ErrorCode, extra: Partial<Row> = {}) =>
  ({ method, path, verb, code, ...extra }) satisfies Row;
const placeholder = /:([a-zA-Z]\w*)/g;
const fill = (text: string, ids: Ids) =>
  text.replace(placeholder, (_, key: string) => {
    if (!ids[key]) throw new Error(`no id for :${key} in ${text}`);
    return ids[key];
  });
/** The value with every string that is a `:placeholder` replaced by its id. */
const fillValue = (value: unknown, ids: Ids): unknown =>
  typeof value === 'string' && /^:\w+$/.test(value)
    ? fill(value, ids)
    : Array.isArray(value)
      ? value.map((v) => fillValue(v, ids))
      : value && typeof value === 'object'
        ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fillValue(v, ids)]))
        : value;
const bodyOf = ([schema, value]: Body, ids: Ids) => schema.parse(fillValue(value, ids)) as object;
/** Route keys with their params normalized: `GET /api/classes/:/students/:`. */
const routeKey = (method: string, path: string) =>
  `${method} ${path.split('?')[0]!.replace(placeholder, ':')}`;
const answer = (code: ErrorCode) => `${errorCatalog[code].status} ${code}`;

describe.each(drivers)('Authorization matrix of a shared class on %s', (driver) => {
  let fake: FakeServer;
  let t: TestApp;
  let base: string;
  let room: Classroom;
  let secrets: string[];
  const actors = {} as Record<ActorName, Actor>;
  /** The fixture's ids, by the names the paths and bodies use. */
  const ids: Ids = {};
  const owner = () => actors.owner.user;

  /** The parsed JSON of a call that must succeed (setup and targets). */
  async function ok<T = unknown>(
    res: Promise<{ statusCode: number; body: string }>,
    schema: Schema<T> = z.unknown() as Schema<T>,
  ): Promise<T> {
    const { statusCode, body } = await res;
    if (statusCode >= 300) throw new Error(`setup call failed: ${statusCode} ${body}`);
    return schema.parse(JSON.parse(body || 'null'));
  }
  /** The owner's calls in setup and targets. */
  const get = <T>(url: string, schema: Schema<T>) => ok(owner().call('GET', url), schema);
  const post = <T>(url: string, body: object, schema?: Schema<T>) =>
    ok(owner().call('POST', url, body), schema);
  /** A teacher account with an e-mail address (sharing finds colleagues by it). */
  async function teacher(name: string): Promise<Actor> {
    const email = `${name}-${Date.now().toString(36)}-${serial++}@schule.example`;
    const user = await t.app.authAdmin.createUser({ email });
    await grantRole(t.app.db, user.id, 'teacher', null);
    return { name: name as ActorName, user: await signIn(t.app, { id: user.id }), email };
  }
  const invite = (classId: string, email: string, role: ClassRole) =>
    post(`/api/classes/${classId}/teachers`, C.ZShareClassRequest.parse({ email, role }));
  async function share(classId: string, actor: Actor) {
    if (actor.name === 'owner' || actor.name === 'stranger') return;
    await invite(classId, actor.email, ROLE[actor.name]);
    await ok(actor.user.call('POST', `/api/class-invitations/${classId}/accept`), C.ZClass);
  }
  async function upload(user: SignedIn, taskId: string) {
    const form = new FormData();
    const bytes = new Uint8Array(await photo(100 + serial++));
    form.append('files', new Blob([bytes], { type: 'image/jpeg' }), 'Stapel.jpg');
    const url = `${base}/api/submissions/teacherupload/${taskId}`;
    const res = await fetch(url, { method: 'POST', body: form, headers: bearer(user.token) });
    return { statusCode: res.status, body: await res.text() };
  }

  /** A row the owner creates for one attempt: its id is the attempt's `:target`. */
  const fresh =
    (url: string, body: Body, key = 'id') =>
    async () => ({
      target: (await post(url, bodyOf(body, ids), z.looseObject({ [key]: z.string() })))[key]!,
    });
  const freshStudent = async () => {
    const body = C.ZCreateStudentsRequest.parse({ class_id: ids.class, names: ['Neu Ling'] });
    return {
      target: (await post('/api/createStudents', body, C.ZCreateStudentsResponse)).students[0]!.user_id,
    };
  };
  const freshSubmission = async () => {
    const { target: student } = await freshStudent();
    const list = await get(`/api/submissions/getAll?taskId=${ids.task}`, C.ZListSubmissionsResponse);
    return { target: list.data.find((s) => s.student_id === student)!.id };
  };
  const freshGroup = fresh('/api/skill-groups', [
    C.ZCreateSkillGroupRequest,
    { name: 'Weg', task_id: ':task2' },
  ]);
  /** A colleague invited (not accepted) by the owner, for removing. */
  const freshInvitee = async () => {
    const invitee = await teacher('invitee');
    await invite(ids.class!, invitee.email, 'grade');
    return { target: invitee.user.id, email: invitee.email };
  };

  // The matrix. `:class`, `:task` … are the shared class's ids (beforeAll); `:target` is a row's fresh target.
  const rows: Row[] = [
    // Classes
    row('GET', '/api/classes/:class', 'view', 'CLASS_NOT_FOUND'),
    row('PATCH', '/api/classes/:class', 'manage', 'CLASS_NOT_FOUND', {
      body: [C.ZUpdateClassRequest, { name: '7b' }],
    }),
    row('DELETE', '/api/classes/:target', 'owner', 'CLASS_NOT_FOUND', {
      colleague: 'CLASS_DELETE_OWNER_ONLY',
      // A new class of the owner, shared with the actor (in their role) for this attempt.
      target: async (actor) => {
        const body = C.ZCreateClassRequest.parse({ name: 'Weg', grade: '5', subject_id: ids.subject });
        const klass = await post('/api/classes', body, C.ZClass);
        await share(klass.id, actor);
        return { target: klass.id };
      },
    }),
    row('GET', '/api/classes/:class/students', 'view', 'CLASS_NOT_FOUND'),
    row('DELETE', '/api/classes/:class/students/:target', 'manage', 'CLASS_NOT_FOUND', {
      target: freshStudent,
    }),
    row('GET', '/api/classes/:class/export', 'view', 'CLASS_NOT_FOUND'),
    // Reading the join token is `view` in the policy; joining a student with it (join_class) is `manage`.
    row('GET', '/api/classes/:class/token', 'view', 'CLASS_NOT_FOUND'),
    row('POST', '/api/classes/:class/token', 'manage', 'CLASS_NOT_FOUND'),
    row('GET', '/api/classes/:class/skill-profile', 'view', 'CLASS_NOT_FOUND'),
    // Sharing, for someone else (leaving oneself: the test after the matrix)
    row('GET', '/api/classes/:class/teachers', 'view', 'CLASS_NOT_FOUND'),
    row('POST', '/api/classes/:class/teachers', 'manage', 'CLASS_NOT_FOUND', {
      target: async () => ({ email: (await teacher('invitee')).email }),
      body: [C.ZShareClassRequest, { email: ':email', role: 'view' }],
    }),
    row('PATCH', '/api/classes/:class/teachers/:bystander', 'manage', 'CLASS_NOT_FOUND', {
      body: [C.ZUpdateClassTeacherRequest, { role: 'view' }],
    }),
    row('DELETE', '/api/classes/:class/teachers/:target', 'manage', 'CLASS_NOT_FOUND', {
      target: freshInvitee,
    }),
    // The class's subject: colleagues see it; changing or deleting it stays its owner's.
    row('GET', '/api/subjects/:subject', 'view', 'SUBJECT_NOT_FOUND'),
    row('PATCH', '/api/subjects/:subject', 'owner', 'SUBJECT_NOT_FOUND', {
      body: [C.ZUpdateSubjectRequest, { name: 'Mathematik' }],
    }),
    row('DELETE', '/api/subjects/:subject', 'owner', 'SUBJECT_NOT_FOUND', { ok: 'SUBJECT_IN_USE' }),
    // Students
    row('POST', '/api/createStudent', 'manage', 'CLASS_NOT_FOUND', {
      target: async () => ({ email: `neu${serial++}@schule.example` }),
      body: [C.ZCreateStudentRequest, { email: ':email', password: PASSWORD, class_id: ':class' }],
    }),
    row('POST', '/api/createStudents', 'manage', 'CLASS_NOT_FOUND', {
      body: [C.ZCreateStudentsRequest, { class_id: ':class', names: ['Lea Neu'] }],
    }),
    row('POST', '/api/reset_student_pw', 'manage', 'STUDENT_NOT_FOUND', {
      body: [C.ZResetStudentPasswordRequest, { user_id: ':student', new_password: PASSWORD }],
    }),
    row('POST', '/api/join_class', 'manage', 'JOIN_TOKEN_INVALID', {
      // The current token (the row above rotates it).
      target: async () => ({
        token: (await get(`/api/classes/${ids.class}/token`, C.ZClassTokenResponse)).join_token,
      }),
      body: [C.ZJoinClassRequest, { student_user_id: ':student', p_token: ':token' }],
    }),
    row('POST', '/api/submissions/createmissingsubmissions', 'manage', 'STUDENT_NOT_FOUND', {
      body: [C.ZCreateMissingSubmissionsRequest, { student_id: ':student' }],
    }),
    row('GET', '/api/students/:student/export', 'view', 'STUDENT_NOT_FOUND'),
    // Deleting a student account is its creator's alone (requireOwnedStudentAccount), not a class teacher's.
    row('DELETE', '/api/students/:target', 'owner', 'STUDENT_NOT_FOUND', { target: freshStudent }),
    // Tasks
    row('GET', '/api/tasks?classId=:class', 'view', 'CLASS_NOT_FOUND'),
    row('POST', '/api/tasks', 'manage', 'CLASS_NOT_FOUND', {
      body: [C.ZCreateTaskRequest, { class_id: ':class', title: 'Neue Aufgabe' }],
    }),
    row('GET', '/api/tasks/:task', 'view', 'TASK_NOT_FOUND'),
    row('PATCH', '/api/tasks/:task', 'manage', 'TASK_NOT_FOUND', {
      body: [C.ZUpdateTaskRequest, { title: SECRET_TITLE }],
    }),
    row('PATCH', '/api/tasks', 'manage', 'TASK_NOT_FOUND', {
      body: [C.ZUpdateTaskWithIdRequest, { id: ':task', title: SECRET_TITLE }],
    }),
    row('DELETE', '/api/tasks/:target', 'manage', 'TASK_NOT_FOUND', {
      target: fresh('/api/tasks', [C.ZCreateTaskRequest, { class_id: ':class', title: 'Weg' }]),
    }),
    // Hand-ins and files (a hand-in or file itself is `manage`: access.ts)
    row('GET', '/api/submissions/getAll?taskId=:task', 'view', 'TASK_NOT_FOUND'),
    row('GET', '/api/submissions/studentupload/:task', 'view', 'TASK_NOT_FOUND'),
    row('POST', '/api/submissions/teacherupload/:task', 'grade', 'TASK_NOT_FOUND', { upload: true }),
    row('PUT', '/api/submissions/status', 'grade', 'SUBMISSION_NOT_FOUND', {
      body: [C.ZUpdateSubmissionStatusRequest, { submissionId: ':sub', status: 'korrigiert' }],
    }),
    row('POST', '/api/submissions/match', 'grade', 'SUBMISSION_NOT_FOUND', {
      body: [C.ZMatchSubmissionFileRequest, { submissionId: ':sub', fileId: ':upload' }],
    }),
    row('POST', '/api/submissions/match/delete', 'grade', 'SUBMISSION_NOT_FOUND', {
      target: async () => {
        await post('/api/submissions/match', { submissionId: ids.sub, fileId: ids.upload });
        return {};
      },
      body: [C.ZMatchSubmissionFileRequest, { submissionId: ':sub', fileId: ':upload' }],
    }),
    row('DELETE', '/api/submissions/:target', 'manage', 'SUBMISSION_NOT_FOUND', { target: freshSubmission }),
    row('GET', '/api/files?taskId=:task', 'view', 'TASK_NOT_FOUND'),
    row('GET', '/api/files/:file/content', 'view', 'FILE_NOT_FOUND'),
    row('GET', '/api/files/:file/thumbnail', 'view', 'FILE_NOT_FOUND'),
    row('DELETE', '/api/files/:target', 'manage', 'FILE_NOT_FOUND', {
      target: async () => ({
        target: (await ok(upload(owner(), ids.task!), C.ZUploadReceipt)).received[0]!.id,
      }),
    }),
    // Grading
    row('GET', '/api/feedback/:sub', 'view', 'SUBMISSION_NOT_FOUND'),
    row('PUT', '/api/feedback/:sub/skills/:skill', 'grade', 'SUBMISSION_NOT_FOUND', {
      body: [C.ZSetSkillScoreRequest, { score: 1 }],
    }),
    row('PUT', '/api/feedback/:sub/skills/:skill/texts', 'grade', 'SUBMISSION_NOT_FOUND', {
      body: [C.ZSetSkillTextsRequest, { reason: 'Gut gemacht.', recommendation: 'Weiter so.' }],
    }),
    row('DELETE', '/api/feedback/:sub/skills/:skill', 'grade', 'SUBMISSION_NOT_FOUND', {
      target: async () => {
        await ok(owner().call('PUT', `/api/feedback/${ids.sub}/skills/${ids.skill}`, { score: 2 }));
        return {};
      },
    }),
    row('PUT', '/api/feedback/:sub/groups/:group', 'grade', 'SUBMISSION_NOT_FOUND', {
      body: [C.ZSetGroupFeedbackRequest, { feedback: 'Sauber gerechnet.' }],
    }),
    row('POST', '/api/feedback/:sub/reset', 'grade', 'SUBMISSION_NOT_FOUND'),
    row('POST', '/api/feedback/:sub/accept-suggestions', 'grade', 'SUBMISSION_NOT_FOUND', {
      // Accepting needs the actor's own look at the hand-in first (ADR 026).
      target: async (actor) => {
        await actor.user.call('GET', `/api/feedback/${ids.sub}`);
        return {};
      },
    }),
    row('POST', '/api/feedback/:subB/release', 'grade', 'SUBMISSION_NOT_FOUND', {
      body: [C.ZReleaseFeedbackRequest, { allowUnscored: true }],
    }),
    row('POST', '/api/feedback/tasks/:task/release', 'grade', 'TASK_NOT_FOUND'),
    row('GET', '/api/feedback/:sub/changes', 'view', 'SUBMISSION_NOT_FOUND'),
    row('GET', '/api/feedback/:sub/changes.csv', 'view', 'SUBMISSION_NOT_FOUND'),
    row('GET', '/api/feedback/tasks/:task/changes.csv', 'view', 'TASK_NOT_FOUND'),
    // AI corrections (fake AI service; nobody has coins, so an allowed request ends at the charge)
    row('POST', '/api/corrections', 'grade', 'SUBMISSION_NOT_FOUND', {
      ok: 'NOT_ENOUGH_COINS',
      body: [C.ZRequestCorrectionsRequest, { submissionId: ':sub' }],
    }),
    row('POST', '/api/corrections', 'grade', 'TASK_NOT_FOUND', {
      ok: 'NOT_ENOUGH_COINS',
      body: [C.ZRequestCorrectionsRequest, { taskId: ':task' }],
    }),
    row('GET', '/api/corrections/preview?taskId=:task', 'grade', 'TASK_NOT_FOUND'),
    row('POST', '/aiapy/skill_feedback_supabase', 'grade', 'SUBMISSION_NOT_FOUND', {
      ok: 'NOT_ENOUGH_COINS',
      body: [C.ZSkillFeedbackSupabaseRequest, { task: { id: ':task' }, submission: { id: ':sub' } }],
    }),
    // Rubric: the task's groups and their order, skills, levels (details) and criteria. Writes that add go to
    // the second task, so the graded task's rubric stays complete.
    row('GET', '/api/tasks/:task/rubric', 'view', 'TASK_NOT_FOUND'),
    row('POST', '/api/tasks/:task2/skill-groups', 'manage', 'TASK_NOT_FOUND', {
      body: [C.ZLinkSkillGroupRequest, { skillGroup_id: ':group' }],
    }),
    row('DELETE', '/api/tasks/:task2/skill-groups/:target', 'manage', 'TASK_NOT_FOUND', {
      target: freshGroup,
    }),
    row('PUT', '/api/tasks/:task/skill-groups/order', 'manage', 'TASK_NOT_FOUND', {
      body: [C.ZReorderRequest, { ids: [':group', ':group1'] }],
    }),
    row('POST', '/api/tasks/:task2/rubric/generate/skills', 'manage', 'TASK_NOT_FOUND', {
      body: [C.ZGenerateSkillsRequest, { cluster_ids: [] }],
    }),
    row('POST', '/api/tasks/:task2/rubric/generate/levels', 'manage', 'TASK_NOT_FOUND', {
      body: [
        C.ZSaveGeneratedRubricRequest,
        { skill_groups: [{ name: 'Erzeugt', skills: [{ name: 'Rechnen', maxScore: 2 }] }], replace: false },
      ],
    }),
    row('POST', '/api/skill-groups', 'manage', 'TASK_NOT_FOUND', {
      body: [C.ZCreateSkillGroupRequest, { name: 'Neu', task_id: ':task2' }],
    }),
    row('GET', '/api/skill-groups/:group', 'view', 'SKILL_GROUP_NOT_FOUND'),
    row('PATCH', '/api/skill-groups/:group', 'manage', 'SKILL_GROUP_NOT_FOUND', {
      body: [C.ZUpdateSkillGroupRequest, { name: 'Fachliche Richtigkeit' }],
    }),
    row('DELETE', '/api/skill-groups/:target', 'manage', 'SKILL_GROUP_NOT_FOUND', { target: freshGroup }),
    row('PUT', '/api/skill-groups/:group/skills/order', 'manage', 'SKILL_GROUP_NOT_FOUND', {
      body: [C.ZReorderRequest, { ids: [':skill', ':skill1'] }],
    }),
    row('POST', '/api/skills', 'manage', 'SKILL_GROUP_NOT_FOUND', {
      body: [C.ZCreateSkillRequest, { group_id: ':group2', name: 'Neu', maxScore: 1 }],
    }),
    row('PATCH', '/api/skills/:skill', 'manage', 'SKILL_NOT_FOUND', {
      body: [C.ZUpdateSkillRequest, { name: 'Ansatz' }],
    }),
    row('DELETE', '/api/skills/:target', 'manage', 'SKILL_NOT_FOUND', {
      target: fresh('/api/skills', [
        C.ZCreateSkillRequest,
        { group_id: ':group2', name: 'Weg', maxScore: 1 },
      ]),
    }),
    row('GET', '/api/skill-details?skillId=:skill', 'view', 'SKILL_NOT_FOUND'),
    row('POST', '/api/skill-details', 'manage', 'SKILL_NOT_FOUND', {
      body: [C.ZCreateSkillDetailRequest, { skill_id: ':skill2', score: 0, value: 'Neu' }],
    }),
    row('PATCH', '/api/skill-details/:detail', 'manage', 'SKILL_DETAIL_NOT_FOUND', {
      body: [C.ZUpdateSkillDetailRequest, { value: 'Ansatz: Stufe 0' }],
    }),
    row('DELETE', '/api/skill-details/:target', 'manage', 'SKILL_DETAIL_NOT_FOUND', {
      target: fresh(
        '/api/skill-details',
        [C.ZCreateSkillDetailRequest, { skill_id: ':skill2', score: 1, value: 'Weg' }],
        'skillDetail_id',
      ),
    }),
    row('GET', '/api/criteria?skillGroupId=:group', 'view', 'SKILL_GROUP_NOT_FOUND'),
    row('POST', '/api/criteria', 'manage', 'SKILL_GROUP_NOT_FOUND', {
      body: [C.ZCreateCriterionRequest, { skill_group_id: ':group', value: 'K2' }],
    }),
    row('PATCH', '/api/criteria/:criterion', 'manage', 'CRITERION_NOT_FOUND', {
      body: [C.ZUpdateCriterionRequest, { value: 'K1' }],
    }),
    row('DELETE', '/api/criteria/:target', 'manage', 'CRITERION_NOT_FOUND', {
      target: fresh('/api/criteria', [
        C.ZCreateCriterionRequest,
        { skill_group_id: ':group2', value: 'Weg' },
      ]),
    }),
    // The rubric library: saving a task's rubric as one's own template reads the task; copying one in changes it.
    row('POST', '/api/rubric-templates', 'view', 'TASK_NOT_FOUND', {
      body: [
        C.ZCreateRubricTemplateRequest,
        { task_id: ':task', title: 'Vorlage', subject: 'Mathe', grade: '7' },
      ],
    }),
    row('POST', '/api/tasks/:task2/rubric/from-template', 'manage', 'TASK_NOT_FOUND', {
      body: [C.ZUseRubricTemplateRequest, { template_id: ':template' }],
    }),
    // PDFs
    row('GET', '/api/tasks/:task/worksheet.pdf', 'view', 'TASK_NOT_FOUND'),
    row('GET', '/api/tasks/:task/worksheet.pdf?perStudent=1', 'grade', 'TASK_NOT_FOUND'),
    row('GET', '/api/tasks/:task/class-overview.pdf', 'view', 'TASK_NOT_FOUND'),
    row('GET', '/api/submissions/:subB/feedback-sheet.pdf', 'view', 'SUBMISSION_NOT_FOUND'),
    row('POST', '/api/tasks/:task2/pdf-exports', 'view', 'TASK_NOT_FOUND', {
      ok: 'PDF_EXPORT_NOTHING_GRADED',
      body: [C.ZCreatePdfExportBody, { format: 'pdf' }],
    }),
    // An export is read only by the teacher who asked for it (here the owner).
    row('GET', '/api/pdf-exports/:export', 'owner', 'PDF_EXPORT_NOT_FOUND'),
    row('GET', '/api/pdf-exports/:export/file', 'owner', 'PDF_EXPORT_NOT_FOUND', {
      ok: 'PDF_EXPORT_NOT_READY',
    }),
  ];

  // Teacher routes that are not about one class: the caller's own library, inbox or tools. Each is named here on
  // purpose; a new teacher route needs a row above or an entry here.
  const notAboutOneClass = [
    'GET /api/classes', // the caller's classes: contents per actor checked below
    'POST /api/classes', // a new class, of one of the caller's own subjects
    'GET /api/subjects', // the caller's subjects and those of shared classes: checked below
    'POST /api/subjects',
    'GET /api/class-invitations', // the caller's own invitations
    'POST /api/class-invitations/:/accept',
    'POST /api/class-invitations/:/decline',
    'GET /api/skill-groups', // the caller's library of skill groups: checked below
    'GET /api/clusters', // criteria clusters are their author's, not a class's
    'POST /api/clusters',
    'PATCH /api/clusters/:',
    'DELETE /api/clusters/:',
    'GET /api/rubric-templates', // the rubric library: the caller's, their school's and the starter templates
    'GET /api/rubric-templates/:',
    'PATCH /api/rubric-templates/:', // the author's own template
    'DELETE /api/rubric-templates/:',
    'GET /api/pdf-templates', // the static templates
    'POST /api/render-latex', // rendering tools that store nothing
    'POST /api/render-tikz',
  ];
  // Teacher routes about one class without a row yet (empty: every such route has one).
  const notYetInMatrix: string[] = [];

  beforeAll(async () => {
    fake = await startFakeAiService({ prefix: '/aiapi' });
    t = await createTestApp({
      driver,
      env: {
        AI_PROVIDER: 'service',
        AI_SERVICE_URL: fake.url,
        AI_ROUTE_PREFIX: '/aiapi',
        AI_TIMEOUT_MS: '5000',
        // Nobody has coins: an allowed correction request ends at the charge, no job runs.
        AI_START_COINS: '0',
        // Several hundred calls from one address within a minute.
        RATE_LIMIT_MAX: '100000',
      },
    });
    for (const name of ACTORS) actors[name] = await teacher(name);
    room = await classroom(t.app, owner(), { students: 3, names: STUDENTS, title: SECRET_TITLE });
    base = await baseUrlOf(t.app);
    const classId = room.task.class_id;
    for (const name of ['manager', 'grader', 'viewer'] as const) await share(classId, actors[name]);
    const bystander = await teacher('bystander');
    await invite(classId, bystander.email, 'view'); // invited, never accepted
    const task2 = await post(
      '/api/tasks',
      C.ZCreateTaskRequest.parse({ class_id: classId, title: 'Zweite' }),
      C.ZTask,
    );
    const [group, group1] = room.groups;
    Object.assign(ids, {
      class: classId,
      subject: (await get(`/api/classes/${classId}`, C.ZClass)).subject_id,
      task: room.task.id,
      task2: task2.id,
      sub: room.submissionIds[0],
      subB: room.submissionIds[1],
      group: group!.id,
      group1: group1!.id,
      skill: group!.skills[0]!.id,
      skill1: group!.skills[1]!.id,
      bystander: bystander.user.id,
    });
    const list = await get(`/api/submissions/getAll?taskId=${ids.task}`, C.ZListSubmissionsResponse);
    ids.student = list.data.find((s) => s.id === ids.sub)!.student_id!;
    const files = await get(`/api/files?taskId=${ids.task}`, C.ZListFilesResponse);
    ids.file = files.files.find((f) => f.submission_id === ids.sub)!.id;
    ids.upload = (await ok(upload(owner(), ids.task!), C.ZUploadReceipt)).received[0]!.id; // unmatched
    ids.detail = (
      await get(`/api/skill-details?skillId=${ids.skill}`, C.ZListSkillDetailsResponse)
    )[0]!.skillDetail_id;
    ids.criterion = (
      await post('/api/criteria', { skill_group_id: ids.group, value: 'K1' }, C.ZRawSourceCriterion)
    ).id;
    ids.group2 = (
      await post('/api/skill-groups', { name: 'Zusatz', task_id: ids.task2 }, C.ZSkillGroupResponse)
    ).id;
    ids.skill2 = (
      await post('/api/skills', { group_id: ids.group2, name: 'Extra', maxScore: 2 }, C.ZRubricSkill)
    ).id;
    // The second hand-in is scored: for handing back and its feedback sheet.
    await ok(owner().call('PUT', `/api/feedback/${ids.subB}/skills/${ids.skill}`, { score: 2 }));
    const library = await get('/api/rubric-templates', C.ZListRubricTemplatesResponse);
    ids.template = library.templates.find((x) => x.starter)!.id;
    const values = { task_id: ids.task!, format: 'pdf' as const, total: 1, created_by: owner().id };
    ids.export = (await t.app.db.insert(pdfExports).values(values).returning())[0]!.id;
    const { join_token } = await get(`/api/classes/${classId}/token`, C.ZClassTokenResponse);
    const names = STUDENTS.flatMap((n) => n.split(' '));
    secrets = [SECRET_TITLE, ...names, 'Mathematik', join_token, actors.owner.email];
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it.each(rows)('$method $path: $verb, else $code', async (r) => {
    const got: Record<string, string> = {};
    const expected: Record<string, string> = {};
    for (const name of ACTORS) {
      const actor = actors[name];
      const allowed = ALLOWED[r.verb].includes(name);
      const colleague = name !== 'owner' && name !== 'stranger';
      expected[name] = allowed ? (r.ok ? answer(r.ok) : '2xx') : answer((colleague && r.colleague) || r.code);
      const all = { ...ids, ...(await r.target?.(actor)) };
      const res = r.upload
        ? await upload(actor.user, all.task!)
        : await actor.user.call(r.method, fill(r.path, all), r.body && bodyOf(r.body, all));
      if (res.statusCode < 300) {
        got[name] = '2xx';
        continue;
      }
      const error = C.ZApiError.safeParse(JSON.parse(res.body || 'null'));
      got[name] = error.success
        ? `${res.statusCode} ${error.data.error.code}`
        : `${res.statusCode} (no API error)`;
      // A refusal tells nothing of the owner's class.
      if (!allowed)
        for (const secret of secrets) expect.soft(res.body, `${name}: ${secret}`).not.toContain(secret);
    }
    expect(got).toEqual(expected);
  });

  it('lists show the class, its task, hand-ins, subject and rubric to its teachers only', async () => {
    const bystander = { name: 'invitee (not accepted)', user: await signIn(t.app, { id: ids.bystander }) };
    const seen: Record<string, unknown> = {};
    for (const { name, user } of [...ACTORS.map((n) => actors[n]), bystander]) {
      const get = <T>(url: string, schema: Schema<T>) => ok(user.call('GET', url), schema);
      const classes = await get('/api/classes', C.ZListClassesResponse);
      const tasks = await get('/api/tasks', C.ZListTasksResponse);
      const subs = await get('/api/submissions/getAll', C.ZListSubmissionsResponse);
      const subjects = await get('/api/subjects', C.ZListSubjectsResponse);
      const groups = await get('/api/skill-groups', C.ZListSkillGroupsResponse);
      seen[name] = {
        role: classes.find((c) => c.id === ids.class)?.my_role,
        task: tasks.some((x) => x.id === ids.task),
        submission: subs.data.some((s) => s.id === ids.sub),
        subject: subjects.some((s) => s.id === ids.subject),
        group: groups.some((g) => g.id === ids.group),
      };
    }
    const sees = (role: ClassAccess | undefined) => {
      const all = role !== undefined;
      return { role, task: all, submission: all, subject: all, group: all };
    };
    expect(seen).toEqual({
      ...Object.fromEntries(ACTORS.map((n) => [n, sees(ACCESS[n])])),
      'invitee (not accepted)': sees(undefined),
    });
  });

  // Leaving (removing oneself) is the one sharing case that needs only `view`; it ends access, so it runs last.
  it('a colleague may leave the class and then sees nothing of it; a stranger cannot', async () => {
    const leave = (a: Actor) => a.user.call('DELETE', `/api/classes/${ids.class}/teachers/${a.user.id}`);
    const stranger = await leave(actors.stranger);
    expect([stranger.statusCode, errorOf(stranger.json()).code]).toEqual([404, 'CLASS_NOT_FOUND']);
    expect((await leave(actors.viewer)).statusCode).toBe(204);
    const after = await actors.viewer.user.call('GET', `/api/classes/${ids.class}`);
    expect([after.statusCode, errorOf(after.json()).code]).toEqual([404, 'CLASS_NOT_FOUND']);
  });

  it('every teacher route has a row in the matrix or is listed as not about one class', () => {
    const teacherRoutes = t.app.routeAccess
      .filter((r) => r.access === 'teacher')
      .map((r) => routeKey(r.method, r.url));
    const covered = new Set([
      ...rows.map((r) => routeKey(r.method, r.path)),
      ...notAboutOneClass,
      ...notYetInMatrix,
    ]);
    expect(teacherRoutes.filter((route) => !covered.has(route))).toEqual([]);
    // No stale entries either: every row and listed route is a teacher route.
    expect([...covered].filter((route) => !teacherRoutes.includes(route))).toEqual([]);
  });
});
