import {
  errorCatalog,
  ZApiError,
  ZClass,
  ZCreateSkillDetailRequest,
  ZCreateSkillGroupRequest,
  ZCreateSkillRequest,
  ZCreateStudentRequest,
  ZCreateStudentsRequest,
  ZCreateTaskRequest,
  ZCreateCriterionRequest,
  ZCreatePdfExportBody,
  ZGenerateSkillsRequest,
  ZJoinClassRequest,
  ZLinkSkillGroupRequest,
  ZListClassesResponse,
  ZListFilesResponse,
  ZListSkillGroupsResponse,
  ZListSubjectsResponse,
  ZListSubmissionsResponse,
  ZListTasksResponse,
  ZMatchSubmissionFileRequest,
  ZRawSourceCriterion,
  ZReleaseFeedbackRequest,
  ZReorderRequest,
  ZRequestCorrectionsRequest,
  ZResetStudentPasswordRequest,
  ZSaveGeneratedRubricRequest,
  ZSetGroupFeedbackRequest,
  ZSetSkillScoreRequest,
  ZSetSkillTextsRequest,
  ZShareClassRequest,
  ZSkillDetail,
  ZSkillFeedbackSupabaseRequest,
  ZSkillGroupResponse,
  ZCreateMissingSubmissionsRequest,
  ZRubricSkill,
  ZTask,
  ZUpdateClassRequest,
  ZUpdateClassTeacherRequest,
  ZUpdateCriterionRequest,
  ZUpdateSkillDetailRequest,
  ZUpdateSkillGroupRequest,
  ZUpdateSkillRequest,
  ZUpdateSubjectRequest,
  ZUpdateSubmissionStatusRequest,
  ZUpdateTaskRequest,
  ZUpdateTaskWithIdRequest,
  ZUploadReceipt,
  type ClassAccess,
  type ClassRole,
  type ErrorCode,
} from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeServer } from '../../../tests/fixtures/fake-ai-control';
import { startFakeAiService } from '../../../tests/fixtures/fake-ai-service';
import { pdfExports } from '../src/db/schema';
import { grantRole } from '../src/domain/accounts/roles';
import { createTestApp, type TestApp } from './helpers/app';
import { baseUrlOf, classroom, photo, type Classroom } from './helpers/classroom';
import { drivers } from './helpers/database';
import { bearer, signIn, type SignedIn } from './helpers/tokens';

// The authorization matrix of co-teaching (domain/access.ts, ARCHITECTURE.md §11): every teacher route that
// reaches one class, tried by five actors on one shared class. `view` reads, `grade` works on the hand-ins,
// `manage` changes the class and its structure, `owner` is the class owner's (or the row's creator's) alone.
// Allowed actors get 2xx (or the route's documented answer that is not about access, `ok`); everyone else the
// object's 404 in the API's error shape, with nothing of the owner's data in it. Destructive rows make a fresh
// target (as the owner) before each actor's attempt, so every actor is really tried. The last test fails
// when a teacher route is neither in the matrix nor explicitly listed as not about one class.

type ActorName = 'owner' | 'manager' | 'grader' | 'viewer' | 'stranger';
const ACTORS: ActorName[] = ['owner', 'manager', 'grader', 'viewer', 'stranger'];
type Verb = ClassRole | 'owner';
const ALLOWED: Record<Verb, ActorName[]> = {
  view: ['owner', 'manager', 'grader', 'viewer'],
  grade: ['owner', 'manager', 'grader'],
  manage: ['owner', 'manager'],
  owner: ['owner'],
};
const ROLE: Record<Exclude<ActorName, 'owner' | 'stranger'>, ClassRole> = {
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
interface Row {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The route with `:key` placeholders filled from the fixture's ids (and the target's). */
  path: string;
  verb: Verb;
  /** What a refused actor gets (its HTTP status from the contract's error catalog). */
  code: ErrorCode;
  body?: (ids: Ids) => object;
  /** A fresh target before each actor's attempt (destructive rows) or a step the actor takes first. */
  target?: (actor: Actor) => Promise<Ids>;
  /** The documented answer allowed actors get instead of 2xx (not about access). */
  ok?: ErrorCode;
  /** `owner` rows: what a colleague of the class gets instead of `code`. */
  colleague?: ErrorCode;
  /** multipart upload of one photo */
  upload?: true;
}

const SECRET_TITLE = 'Bruchrechnung Geheimsache';
const STUDENTS = ['Greta Geheimnis', 'Ali Verborgen', 'Zoe Versteckt'];
const PASSWORD = 'Klassen2026Zimmer';

const row = (
  method: Row['method'],
  path: string,
  verb: Verb,
  code: ErrorCode,
  extra: Partial<Row> = {},
): Row => ({ method, path, verb, code, ...extra });
const fill = (path: string, ids: Ids) =>
  path.replace(/:([a-zA-Z]\w*)/g, (_, key: string) => {
    if (!ids[key]) throw new Error(`no id for :${key} in ${path}`);
    return ids[key];
  });
/** The route a path belongs to, params normalized: `/api/classes/:/students/:`. */
const routeOf = (method: string, path: string) =>
  `${method} ${path.split('?')[0]!.replace(/:[a-zA-Z]\w*/g, ':')}`;
const answer = (code: ErrorCode) => `${errorCatalog[code].status} ${code}`;
let serial = 0;

describe.each(drivers)('Authorization matrix of a shared class on %s', (driver) => {
  let fake: FakeServer;
  let t: TestApp;
  let base: string;
  const actors = {} as Record<ActorName, Actor>;
  let room: Classroom;
  /** The fixture's ids, by the names the paths use. */
  const ids: Ids = {};
  let secrets: string[];

  const owner = () => actors.owner.user;
  /** The JSON of a call that must succeed (setup and targets). */
  async function ok<T>(res: Promise<{ statusCode: number; body: string }>, parse: (v: unknown) => T) {
    const { statusCode, body } = await res;
    if (statusCode >= 300) throw new Error(`setup call failed: ${statusCode} ${body}`);
    return parse(JSON.parse(body || 'null'));
  }
  /** A teacher account with an e-mail address (sharing finds colleagues by it). */
  async function teacher(name: ActorName | 'invitee'): Promise<Actor> {
    const email = `${name}-${Date.now().toString(36)}-${serial++}@schule.example`;
    const user = await t.app.authAdmin.createUser({ email });
    await grantRole(t.app.db, user.id, 'teacher', null);
    return { name: name as ActorName, user: await signIn(t.app, { id: user.id }), email };
  }
  const invite = (classId: string, email: string, role: ClassRole) =>
    ok(owner().call('POST', `/api/classes/${classId}/teachers`, ZShareClassRequest.parse({ email, role })), (v) => v);
  async function share(classId: string, actor: Actor) {
    if (actor.name === 'owner' || actor.name === 'stranger') return;
    await invite(classId, actor.email, ROLE[actor.name]);
    await ok(actor.user.call('POST', `/api/class-invitations/${classId}/accept`), ZClass.parse);
  }
  async function upload(user: SignedIn, taskId: string) {
    const form = new FormData();
    form.append('files', new Blob([new Uint8Array(await photo(100 + serial++))], { type: 'image/jpeg' }), 'Stapel.jpg');
    const res = await fetch(`${base}/api/submissions/teacherupload/${taskId}`, {
      method: 'POST',
      body: form,
      headers: bearer(user.token),
    });
    return { statusCode: res.status, body: await res.text() };
  }

  // Fresh targets, made by the owner.
  const freshTask = async () => ({
    target: (
      await ok(
        owner().call('POST', '/api/tasks', ZCreateTaskRequest.parse({ class_id: ids.class, title: 'Wegwerf' })),
        ZTask.parse,
      )
    ).id,
  });
  const freshStudent = async () => {
    const body = ZCreateStudentsRequest.parse({ class_id: ids.class, names: ['Neu Ling'] });
    const { students } = await ok(owner().call('POST', '/api/createStudents', body), (v) => v as { students: Array<{ user_id: string }> });
    return { target: students[0]!.user_id };
  };
  const freshSubmission = async () => {
    const student = (await freshStudent()).target;
    const list = await ok(owner().call('GET', `/api/submissions/getAll?taskId=${ids.task}`), ZListSubmissionsResponse.parse);
    return { target: list.data.find((s) => s.student_id === student)!.id };
  };
  const freshGroup = async () => ({
    target: (
      await ok(
        owner().call('POST', '/api/skill-groups', ZCreateSkillGroupRequest.parse({ name: 'Wegwerf', task_id: ids.task2 })),
        ZSkillGroupResponse.parse,
      )
    ).id,
  });
  const freshSkill = async () => ({
    target: (
      await ok(
        owner().call('POST', '/api/skills', ZCreateSkillRequest.parse({ group_id: ids.group2, name: 'Wegwerf', maxScore: 1 })),
        ZRubricSkill.parse,
      )
    ).id,
  });
  const freshDetail = async () => ({
    target: (
      await ok(
        owner().call('POST', '/api/skill-details', ZCreateSkillDetailRequest.parse({ skill_id: ids.skill2, score: 1, value: 'x' })),
        ZSkillDetail.parse,
      )
    ).skillDetail_id,
  });
  const freshCriterion = async () => ({
    target: (
      await ok(
        owner().call('POST', '/api/criteria', ZCreateCriterionRequest.parse({ skill_group_id: ids.group2, value: 'K9' })),
        ZRawSourceCriterion.parse,
      )
    ).id,
  });
  const freshFile = async () => ({
    target: (await ok(upload(owner(), ids.task!), ZUploadReceipt.parse)).received[0]!.id,
  });

  // The matrix. `:class`, `:task` … are the shared class's ids (beforeAll); `:target` is a row's fresh target.
  const rows: Row[] = [
    // Classes
    row('GET', '/api/classes/:class', 'view', 'CLASS_NOT_FOUND'),
    row('PATCH', '/api/classes/:class', 'manage', 'CLASS_NOT_FOUND', { body: () => ZUpdateClassRequest.parse({ name: '7b' }) }),
    row('DELETE', '/api/classes/:target', 'owner', 'CLASS_NOT_FOUND', {
      colleague: 'CLASS_DELETE_OWNER_ONLY',
      // A class of the owner, shared with the actor (as their role) for this attempt.
      target: async (actor) => {
        const body = { name: 'Wegwerfklasse', grade: '5', subject_id: ids.subject };
        const klass = await ok(owner().call('POST', '/api/classes', body), ZClass.parse);
        await share(klass.id, actor);
        return { target: klass.id };
      },
    }),
    row('GET', '/api/classes/:class/students', 'view', 'CLASS_NOT_FOUND'),
    row('DELETE', '/api/classes/:class/students/:target', 'manage', 'CLASS_NOT_FOUND', { target: freshStudent }),
    row('GET', '/api/classes/:class/export', 'view', 'CLASS_NOT_FOUND'),
    // Reading the join token is `view` in the policy (joining with it needs `manage`, see join_class).
    row('GET', '/api/classes/:class/token', 'view', 'CLASS_NOT_FOUND'),
    row('POST', '/api/classes/:class/token', 'manage', 'CLASS_NOT_FOUND'),
    row('GET', '/api/classes/:class/skill-profile', 'view', 'CLASS_NOT_FOUND'),
    // Sharing (for someone else; leaving a class oneself is `view`, not tried here).
    row('GET', '/api/classes/:class/teachers', 'view', 'CLASS_NOT_FOUND'),
    row('POST', '/api/classes/:class/teachers', 'manage', 'CLASS_NOT_FOUND', {
      target: async () => ({ email: (await teacher('invitee')).email }),
      body: ({ email }) => ZShareClassRequest.parse({ email, role: 'view' }),
    }),
    row('PATCH', '/api/classes/:class/teachers/:bystander', 'manage', 'CLASS_NOT_FOUND', {
      body: () => ZUpdateClassTeacherRequest.parse({ role: 'view' }),
    }),
    row('DELETE', '/api/classes/:class/teachers/:target', 'manage', 'CLASS_NOT_FOUND', {
      target: async () => {
        const invitee = await teacher('invitee');
        await invite(ids.class!, invitee.email, 'grade');
        return { target: invitee.user.id };
      },
    }),
    // The class's subject: colleagues see it; changing or deleting it is its owner's.
    row('GET', '/api/subjects/:subject', 'view', 'SUBJECT_NOT_FOUND'),
    row('PATCH', '/api/subjects/:subject', 'owner', 'SUBJECT_NOT_FOUND', {
      body: () => ZUpdateSubjectRequest.parse({ name: 'Mathematik' }),
    }),
    row('DELETE', '/api/subjects/:subject', 'owner', 'SUBJECT_NOT_FOUND', { ok: 'SUBJECT_IN_USE' }),
    // Students
    row('POST', '/api/createStudent', 'manage', 'CLASS_NOT_FOUND', {
      body: ({ class: class_id }) =>
        ZCreateStudentRequest.parse({ email: `neu${serial++}@schule.example`, password: PASSWORD, class_id }),
    }),
    row('POST', '/api/createStudents', 'manage', 'CLASS_NOT_FOUND', {
      body: ({ class: class_id }) => ZCreateStudentsRequest.parse({ class_id, names: ['Lea Neu'] }),
    }),
    row('POST', '/api/reset_student_pw', 'manage', 'STUDENT_NOT_FOUND', {
      body: ({ student }) => ZResetStudentPasswordRequest.parse({ user_id: student, new_password: PASSWORD }),
    }),
    row('POST', '/api/join_class', 'manage', 'JOIN_TOKEN_INVALID', {
      // The current token (the token row above rotates it).
      target: async () => ({
        token: await ok(owner().call('GET', `/api/classes/${ids.class}/token`), (v) => (v as { join_token: string }).join_token),
      }),
      body: ({ student, token }) => ZJoinClassRequest.parse({ student_user_id: student, p_token: token }),
    }),
    row('POST', '/api/submissions/createmissingsubmissions', 'manage', 'STUDENT_NOT_FOUND', {
      body: ({ student }) => ZCreateMissingSubmissionsRequest.parse({ student_id: student }),
    }),
    row('GET', '/api/students/:student/export', 'view', 'STUDENT_NOT_FOUND'),
    // Deleting a student account is its creator's alone (requireOwnedStudentAccount), not a class teacher's.
    row('DELETE', '/api/students/:target', 'owner', 'STUDENT_NOT_FOUND', { target: freshStudent }),
    // Tasks
    row('GET', '/api/tasks?classId=:class', 'view', 'CLASS_NOT_FOUND'),
    row('POST', '/api/tasks', 'manage', 'CLASS_NOT_FOUND', {
      body: ({ class: class_id }) => ZCreateTaskRequest.parse({ class_id, title: 'Neue Aufgabe' }),
    }),
    row('GET', '/api/tasks/:task', 'view', 'TASK_NOT_FOUND'),
    row('PATCH', '/api/tasks/:task', 'manage', 'TASK_NOT_FOUND', { body: () => ZUpdateTaskRequest.parse({ title: SECRET_TITLE }) }),
    row('PATCH', '/api/tasks', 'manage', 'TASK_NOT_FOUND', {
      body: ({ task }) => ZUpdateTaskWithIdRequest.parse({ id: task, title: SECRET_TITLE }),
    }),
    row('DELETE', '/api/tasks/:target', 'manage', 'TASK_NOT_FOUND', { target: freshTask }),
    // Submissions and files
    row('GET', '/api/submissions/getAll?taskId=:task', 'view', 'TASK_NOT_FOUND'),
    row('GET', '/api/submissions/studentupload/:task', 'view', 'TASK_NOT_FOUND'),
    row('POST', '/api/submissions/teacherupload/:task', 'grade', 'TASK_NOT_FOUND', { upload: true }),
    row('PUT', '/api/submissions/status', 'grade', 'SUBMISSION_NOT_FOUND', {
      body: ({ sub }) => ZUpdateSubmissionStatusRequest.parse({ submissionId: sub, status: 'korrigiert' }),
    }),
    row('POST', '/api/submissions/match', 'grade', 'SUBMISSION_NOT_FOUND', {
      body: ({ sub, upload }) => ZMatchSubmissionFileRequest.parse({ submissionId: sub, fileId: upload }),
    }),
    row('POST', '/api/submissions/match/delete', 'grade', 'SUBMISSION_NOT_FOUND', {
      target: async () => {
        const body = ZMatchSubmissionFileRequest.parse({ submissionId: ids.sub, fileId: ids.upload });
        await ok(owner().call('POST', '/api/submissions/match', body), (v) => v);
        return {};
      },
      body: ({ sub, upload }) => ZMatchSubmissionFileRequest.parse({ submissionId: sub, fileId: upload }),
    }),
    // A hand-in or file itself is `manage` (access.ts: "a hand-in or file itself").
    row('DELETE', '/api/submissions/:target', 'manage', 'SUBMISSION_NOT_FOUND', { target: freshSubmission }),
    row('GET', '/api/files?taskId=:task', 'view', 'TASK_NOT_FOUND'),
    row('GET', '/api/files/:file/content', 'view', 'FILE_NOT_FOUND'),
    row('GET', '/api/files/:file/thumbnail', 'view', 'FILE_NOT_FOUND'),
    row('DELETE', '/api/files/:target', 'manage', 'FILE_NOT_FOUND', { target: freshFile }),
    // Grading
    row('GET', '/api/feedback/:sub', 'view', 'SUBMISSION_NOT_FOUND'),
    row('PUT', '/api/feedback/:sub/skills/:skill', 'grade', 'SUBMISSION_NOT_FOUND', {
      body: () => ZSetSkillScoreRequest.parse({ score: 1 }),
    }),
    row('PUT', '/api/feedback/:sub/skills/:skill/texts', 'grade', 'SUBMISSION_NOT_FOUND', {
      body: () => ZSetSkillTextsRequest.parse({ reason: 'Gut gemacht.', recommendation: 'Weiter so.' }),
    }),
    row('DELETE', '/api/feedback/:sub/skills/:skill', 'grade', 'SUBMISSION_NOT_FOUND', {
      target: async () => {
        await ok(owner().call('PUT', `/api/feedback/${ids.sub}/skills/${ids.skill}`, { score: 2 }), (v) => v);
        return {};
      },
    }),
    row('PUT', '/api/feedback/:sub/groups/:group', 'grade', 'SUBMISSION_NOT_FOUND', {
      body: () => ZSetGroupFeedbackRequest.parse({ feedback: 'Sauber gerechnet.' }),
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
      body: () => ZReleaseFeedbackRequest.parse({ allowUnscored: true })!,
    }),
    row('POST', '/api/feedback/tasks/:task/release', 'grade', 'TASK_NOT_FOUND'),
    row('GET', '/api/feedback/:sub/changes', 'view', 'SUBMISSION_NOT_FOUND'),
    row('GET', '/api/feedback/:sub/changes.csv', 'view', 'SUBMISSION_NOT_FOUND'),
    row('GET', '/api/feedback/tasks/:task/changes.csv', 'view', 'TASK_NOT_FOUND'),
    // AI corrections (fake AI service; nobody has coins, so an allowed request ends at the charge)
    row('POST', '/api/corrections', 'grade', 'SUBMISSION_NOT_FOUND', {
      ok: 'NOT_ENOUGH_COINS',
      body: ({ sub }) => ZRequestCorrectionsRequest.parse({ submissionId: sub }),
    }),
    row('POST', '/api/corrections', 'grade', 'TASK_NOT_FOUND', {
      ok: 'NOT_ENOUGH_COINS',
      body: ({ task }) => ZRequestCorrectionsRequest.parse({ taskId: task }),
    }),
    row('GET', '/api/corrections/preview?taskId=:task', 'grade', 'TASK_NOT_FOUND'),
    row('POST', '/aiapy/skill_feedback_supabase', 'grade', 'SUBMISSION_NOT_FOUND', {
      ok: 'NOT_ENOUGH_COINS',
      body: ({ task, sub }) => ZSkillFeedbackSupabaseRequest.parse({ task: { id: task }, submission: { id: sub } }),
    }),
    // Rubric: the task's rubric, its groups, skills, levels and criteria
    row('GET', '/api/tasks/:task/rubric', 'view', 'TASK_NOT_FOUND'),
    row('POST', '/api/tasks/:task2/skill-groups', 'manage', 'TASK_NOT_FOUND', {
      body: ({ group }) => ZLinkSkillGroupRequest.parse({ skillGroup_id: group }),
    }),
    row('DELETE', '/api/tasks/:task2/skill-groups/:target', 'manage', 'TASK_NOT_FOUND', { target: freshGroup }),
    row('PUT', '/api/tasks/:task/skill-groups/order', 'manage', 'TASK_NOT_FOUND', {
      body: () => ZReorderRequest.parse({ ids: room.groups.map((g) => g.id) }),
    }),
    row('POST', '/api/tasks/:task2/rubric/generate/skills', 'manage', 'TASK_NOT_FOUND', {
      body: () => ZGenerateSkillsRequest.parse({ cluster_ids: [] }),
    }),
    row('POST', '/api/tasks/:task2/rubric/generate/levels', 'manage', 'TASK_NOT_FOUND', {
      body: () =>
        ZSaveGeneratedRubricRequest.parse({
          skill_groups: [{ name: 'Erzeugt', skills: [{ name: 'Rechnen', maxScore: 2 }] }],
          replace: false,
        }),
    }),
    row('POST', '/api/skill-groups', 'manage', 'TASK_NOT_FOUND', {
      body: ({ task2 }) => ZCreateSkillGroupRequest.parse({ name: 'Neu', task_id: task2 }),
    }),
    row('GET', '/api/skill-groups/:group', 'view', 'SKILL_GROUP_NOT_FOUND'),
    row('PATCH', '/api/skill-groups/:group', 'manage', 'SKILL_GROUP_NOT_FOUND', {
      body: () => ZUpdateSkillGroupRequest.parse({ name: room.groups[0]!.name }),
    }),
    row('DELETE', '/api/skill-groups/:target', 'manage', 'SKILL_GROUP_NOT_FOUND', { target: freshGroup }),
    row('PUT', '/api/skill-groups/:group/skills/order', 'manage', 'SKILL_GROUP_NOT_FOUND', {
      body: () => ZReorderRequest.parse({ ids: room.groups[0]!.skills.map((s) => s.id) }),
    }),
    row('POST', '/api/skills', 'manage', 'SKILL_GROUP_NOT_FOUND', {
      body: ({ group2 }) => ZCreateSkillRequest.parse({ group_id: group2, name: 'Neu', maxScore: 1 }),
    }),
    row('PATCH', '/api/skills/:skill', 'manage', 'SKILL_NOT_FOUND', {
      body: () => ZUpdateSkillRequest.parse({ name: room.groups[0]!.skills[0]!.name }),
    }),
    row('DELETE', '/api/skills/:target', 'manage', 'SKILL_NOT_FOUND', { target: freshSkill }),
    row('GET', '/api/skill-details?skillId=:skill', 'view', 'SKILL_NOT_FOUND'),
    row('POST', '/api/skill-details', 'manage', 'SKILL_NOT_FOUND', {
      body: ({ skill2 }) => ZCreateSkillDetailRequest.parse({ skill_id: skill2, score: 0, value: 'Neu' }),
    }),
    row('PATCH', '/api/skill-details/:detail', 'manage', 'SKILL_DETAIL_NOT_FOUND', {
      body: () => ZUpdateSkillDetailRequest.parse({ value: 'Ansatz: Stufe 0' }),
    }),
    row('DELETE', '/api/skill-details/:target', 'manage', 'SKILL_DETAIL_NOT_FOUND', { target: freshDetail }),
    row('GET', '/api/criteria?skillGroupId=:group', 'view', 'SKILL_GROUP_NOT_FOUND'),
    row('POST', '/api/criteria', 'manage', 'SKILL_GROUP_NOT_FOUND', {
      body: ({ group }) => ZCreateCriterionRequest.parse({ skill_group_id: group, value: 'K2' }),
    }),
    row('PATCH', '/api/criteria/:criterion', 'manage', 'CRITERION_NOT_FOUND', {
      body: () => ZUpdateCriterionRequest.parse({ value: 'K1' }),
    }),
    row('DELETE', '/api/criteria/:target', 'manage', 'CRITERION_NOT_FOUND', { target: freshCriterion }),
    // PDFs
    row('GET', '/api/tasks/:task/worksheet.pdf', 'view', 'TASK_NOT_FOUND'),
    row('GET', '/api/tasks/:task/worksheet.pdf?perStudent=1', 'grade', 'TASK_NOT_FOUND'),
    row('GET', '/api/tasks/:task/class-overview.pdf', 'view', 'TASK_NOT_FOUND'),
    row('GET', '/api/submissions/:subB/feedback-sheet.pdf', 'view', 'SUBMISSION_NOT_FOUND'),
    row('POST', '/api/tasks/:task2/pdf-exports', 'view', 'TASK_NOT_FOUND', {
      ok: 'PDF_EXPORT_NOTHING_GRADED',
      body: () => ZCreatePdfExportBody.parse({ format: 'pdf' }),
    }),
    // An export is read only by the teacher who asked for it (here the owner).
    row('GET', '/api/pdf-exports/:export', 'owner', 'PDF_EXPORT_NOT_FOUND'),
    row('GET', '/api/pdf-exports/:export/file', 'owner', 'PDF_EXPORT_NOT_FOUND', { ok: 'PDF_EXPORT_NOT_READY' }),
  ];

  // Teacher routes that are not about one class: the caller's own library, inbox or tools. Each is named here
  // on purpose; a new route must get a row above or an entry here.
  const notAboutOneClass = [
    'GET /api/classes', // the caller's classes: contents per actor checked below
    'POST /api/classes', // a new class of one of the caller's own subjects
    'GET /api/subjects', // the caller's subjects (and those of shared classes): checked below
    'POST /api/subjects',
    'GET /api/class-invitations', // the caller's own invitations
    'POST /api/class-invitations/:/accept',
    'POST /api/class-invitations/:/decline',
    'GET /api/skill-groups', // the caller's library of skill groups: checked below
    'GET /api/clusters', // criteria clusters belong to their author, not to a class
    'POST /api/clusters',
    'PATCH /api/clusters/:',
    'DELETE /api/clusters/:',
    'GET /api/pdf-templates', // static templates
    'POST /api/render-latex', // rendering tools without stored data
    'POST /api/render-tikz',
  ];
  // Teacher routes about one class that have no row yet (keep empty; see the report when it is not).
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
        // Hundreds of calls from one address within a minute.
        RATE_LIMIT_MAX: '100000',
      },
    });
    for (const name of ACTORS) actors[name] = await teacher(name);
    room = await classroom(t.app, owner(), { students: 3, names: STUDENTS, title: SECRET_TITLE });
    base = await baseUrlOf(t.app);
    const classId = room.task.class_id;
    for (const name of ['manager', 'grader', 'viewer'] as const) await share(classId, actors[name]);
    const bystander = await teacher('invitee');
    await invite(classId, bystander.email, 'view'); // invited, never accepted
    const klass = await ok(owner().call('GET', `/api/classes/${classId}`), ZClass.parse);
    const task2 = await ok(
      owner().call('POST', '/api/tasks', ZCreateTaskRequest.parse({ class_id: classId, title: 'Zweite Aufgabe' })),
      ZTask.parse,
    );
    Object.assign(ids, {
      class: classId,
      subject: klass.subject_id,
      task: room.task.id,
      task2: task2.id,
      sub: room.submissionIds[0],
      subB: room.submissionIds[1],
      group: room.groups[0]!.id,
      skill: room.skillIds[0],
      bystander: bystander.user.id,
    });
    const list = await ok(owner().call('GET', `/api/submissions/getAll?taskId=${ids.task}`), ZListSubmissionsResponse.parse);
    ids.student = list.data.find((s) => s.id === ids.sub)!.student_id!;
    const files = await ok(owner().call('GET', `/api/files?taskId=${ids.task}`), ZListFilesResponse.parse);
    ids.file = files.files.find((f) => f.submission_id === ids.sub)!.id;
    ids.upload = (await ok(upload(owner(), ids.task!), ZUploadReceipt.parse)).received[0]!.id;
    ids.detail = (
      await ok(owner().call('GET', `/api/skill-details?skillId=${ids.skill}`), (v) => ZSkillDetail.array().parse(v))
    )[0]!.skillDetail_id;
    ids.criterion = (
      await ok(owner().call('POST', '/api/criteria', { skill_group_id: ids.group, value: 'K1' }), ZRawSourceCriterion.parse)
    ).id;
    // A group and skill of the second task: rubric writes there leave the graded task's rubric complete.
    ids.group2 = (
      await ok(owner().call('POST', '/api/skill-groups', { name: 'Zusatz', task_id: ids.task2 }), ZSkillGroupResponse.parse)
    ).id;
    ids.skill2 = (
      await ok(owner().call('POST', '/api/skills', { group_id: ids.group2, name: 'Extra', maxScore: 2 }), ZRubricSkill.parse)
    ).id;
    // The second hand-in is scored, for handing back and the feedback sheet.
    await ok(owner().call('PUT', `/api/feedback/${ids.subB}/skills/${ids.skill}`, { score: 2 }), (v) => v);
    const [exported] = await t.app.db
      .insert(pdfExports)
      .values({ task_id: ids.task!, format: 'pdf', total: 1, created_by: owner().id })
      .returning({ id: pdfExports.id });
    ids.export = exported!.id;
    const token = await ok(owner().call('GET', `/api/classes/${classId}/token`), (v) => (v as { join_token: string }).join_token);
    secrets = [SECRET_TITLE, ...STUDENTS.flatMap((n) => n.split(' ')), 'Mathematik', token, actors.owner.email];
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
      expected[name] = allowed
        ? r.ok
          ? answer(r.ok)
          : '2xx'
        : answer(colleague && r.colleague ? r.colleague : r.code);
      const all = { ...ids, ...(await r.target?.(actor)) };
      const url = fill(r.path, all);
      const res = r.upload
        ? await upload(actor.user, all.task!)
        : await actor.user.call(r.method, url, r.body?.(all));
      if (res.statusCode < 300) {
        got[name] = '2xx';
        continue;
      }
      const parsed = ZApiError.safeParse(JSON.parse(res.body || 'null'));
      got[name] = parsed.success
        ? `${res.statusCode} ${parsed.data.error.code}`
        : `${res.statusCode} (not an API error)`;
      // A refusal tells nothing of the owner's class.
      if (!allowed) for (const secret of secrets) expect.soft(res.body, `${name}: ${secret}`).not.toContain(secret);
    }
    expect(got).toEqual(expected);
  });

  it('lists show the class, its task, hand-ins, subject and rubric to its teachers only', async () => {
    const bystander = { name: 'invitee (not accepted)', user: await signIn(t.app, { id: ids.bystander }) };
    const seen: Record<string, unknown> = {};
    for (const { name, user } of [...ACTORS.map((n) => actors[n]), bystander]) {
      const get = async <T>(url: string, parse: (v: unknown) => T) => ok(user.call('GET', url), parse);
      const classes = await get('/api/classes', ZListClassesResponse.parse);
      const tasks = await get('/api/tasks', ZListTasksResponse.parse);
      const subs = await get('/api/submissions/getAll', ZListSubmissionsResponse.parse);
      const subjects = await get('/api/subjects', ZListSubjectsResponse.parse);
      const groups = await get('/api/skill-groups', ZListSkillGroupsResponse.parse);
      seen[name] = {
        role: classes.find((c) => c.id === ids.class)?.my_role,
        task: tasks.some((x) => x.id === ids.task),
        submission: subs.data.some((s) => s.id === ids.sub),
        subject: subjects.some((s) => s.id === ids.subject),
        group: groups.some((g) => g.id === ids.group),
      };
    }
    const sees = (role: ClassAccess | undefined) => ({
      role,
      task: !!role,
      submission: !!role,
      subject: !!role,
      group: !!role,
    });
    expect(seen).toEqual({
      ...Object.fromEntries(ACTORS.map((n) => [n, sees(ACCESS[n])])),
      'invitee (not accepted)': sees(undefined),
    });
  });

  it('every teacher route has a row in the matrix or is listed as not about one class', () => {
    const normalize = (key: string) => key.replace(/:[a-zA-Z]\w*/g, ':');
    const teacherRoutes = t.app.routeAccess
      .filter((r) => r.access === 'teacher')
      .map((r) => normalize(`${r.method} ${r.url}`));
    const listed = [...notAboutOneClass, ...notYetInMatrix];
    const covered = new Set([...rows.map((r) => routeOf(r.method, r.path)), ...listed]);
    expect(teacherRoutes.filter((route) => !covered.has(route))).toEqual([]);
    // No stale entries either: every row and listed route exists as a teacher route.
    expect([...covered].filter((route) => !teacherRoutes.includes(route))).toEqual([]);
  });
});
