// `pnpm bench` (after feedback.ts): how much the teacher's corrections move the AI's scores towards theirs
// (ADR 025). A real app on PGlite with the OpenAI-compatible provider talks to a loopback fake model that
// sees the page images and grades like a biased colleague: per skill it is systematically too lenient or too
// strict (plus some deterministic noise), and when the prompt carries the teacher's corrections of a skill it
// shifts its score by their mean teacher-minus-AI difference. The fixture (fixtures/calibration-solutions.ts)
// holds 20 solutions with the teacher's scores: the teacher corrects the AI on the first 8 (task A); the bench
// measures the other 12 (task B, same skill names in a rubric of its own) before and after, through the app's
// own path: correction request → examples chosen and carried by the job → prompt → stored ai_score.
// Prints agreement with the teacher (exact and within one level). Not a timed test.
import { createHash, randomBytes } from 'node:crypto';
import type {} from '../../apps/api/src/types';
import { buildApp } from '../../apps/api/src/app';
import { grantCoins } from '../../apps/api/src/domain/coins';
import { loadEnv } from '../../apps/api/src/env';
import { addRubric, baseUrlOf, photo, until, type RubricGroup } from '../../apps/api/test/helpers/classroom';
import { testDatabase } from '../../apps/api/test/helpers/database';
import { signIn, type SignedIn } from '../../apps/api/test/helpers/tokens';
import { hash } from '../fixtures/fake-ai-control';
import { examplesOf, startFakeOpenAi, type PromptExample } from '../fixtures/fake-openai';
import {
  CALIBRATION_CORRECTED,
  CALIBRATION_SKILLS,
  CALIBRATION_SOLUTIONS,
  type CalibrationSolution,
  type SkillName,
} from './fixtures/calibration-solutions';

/** The fake model's systematic error per skill (AI minus teacher). */
const BIAS: Record<SkillName, number> = { Ansatz: 1, Ergebnis: -1, Lesbarkeit: 1 };

/** An entity id as the app makes them (21 URL-safe characters). */
const newId = () => randomBytes(16).toString('base64url').slice(0, 21);

const byImage = new Map<string, CalibrationSolution>();
const skillNameOf = new Map<string, SkillName>();

/** The biased colleague: reads which solution it is from the page, shifts by the teacher's examples. */
function model(skill: { id: string; maxScore: number }, images: string[], examples: PromptExample[]): number {
  const digest = createHash('sha256')
    .update(Buffer.from(images[0]!.split(',')[1]!, 'base64'))
    .digest('hex');
  const solution = byImage.get(digest);
  const name = skillNameOf.get(skill.id);
  if (!solution || !name) throw new Error(`fake model: unknown page or skill ${skill.id}`);
  const noise = [0, 0, 0, 0, 1, -1][hash(`${solution.id}:${name}`) % 6]!;
  const own = examples.filter((e) => e.skill_id === skill.id);
  const shift =
    own.length === 0
      ? 0
      : Math.round(own.reduce((sum, e) => sum + e.teacher_score - e.ai_score, 0) / own.length);
  return solution.teacher[name] + BIAS[name] + noise + shift;
}

const fake = await startFakeOpenAi({
  score: (skill, { images, examples }) => model(skill, images, examples),
});
const database = await testDatabase('pglite');
const env = loadEnv({
  NODE_ENV: 'test',
  LOG_LEVEL: 'warn',
  DEMO: '0',
  ...database.env,
  AI_PROVIDER: 'openai',
  OPENAI_BASE_URL: `${fake.url}/v1`,
  FEEDBACK_RETRY_DELAY_SECONDS: '0',
});
const app = await buildApp(env, { controlSocket: false });

/** A task of the class with the fixture's rubric (fresh ids) and one page per solution. */
async function taskWith(teacher: SignedIn, classId: string, title: string, part: CalibrationSolution[]) {
  const task = (
    await teacher.call('POST', '/api/tasks', { class_id: classId, title, status: 'published' })
  ).json<{ id: string }>();
  const groups: RubricGroup[] = [];
  for (const skill of CALIBRATION_SKILLS) {
    let group = groups.find((g) => g.name === skill.group);
    if (!group) groups.push((group = { id: newId(), name: skill.group, skills: [] }));
    const id = newId();
    group.skills.push({ id, name: skill.name, max: skill.max });
    skillNameOf.set(id, skill.name);
  }
  await addRubric(app, teacher.id, task.id, groups);
  const { students } = (
    await teacher.call('POST', '/api/createStudents', {
      class_id: classId,
      names: part.map((s) => `Schüler ${s.id}`),
    })
  ).json<{ students: { user_id: string; name: string }[] }>();
  const base = await baseUrlOf(app);
  const bySubmission = new Map<string, CalibrationSolution>();
  for (const [i, solution] of part.entries()) {
    const form = new FormData();
    form.append('studentId', students[i]!.user_id);
    form.append(
      'files',
      new Blob([new Uint8Array(await photo(Number(solution.id.slice(1))))], { type: 'image/jpeg' }),
      `${solution.id}.jpg`,
    );
    const res = await fetch(`${base}/api/submissions/studentupload/${task.id}`, {
      method: 'POST',
      body: form,
    });
    if (res.status !== 200) throw new Error(`upload ${res.status}`);
  }
  // The page as stored (re-encoded by the upload pipeline) is what the model sees.
  for (const entry of await listOf(teacher, task.id)) {
    // The other task's students are in the class too, without a hand-in here.
    if (entry.files.length === 0) continue;
    const solution = part.find(
      (p) => `Schüler ${p.id}` === `${entry.name.first_name} ${entry.name.last_name}`,
    )!;
    byImage.set(entry.files[0]!.sha256, solution);
    bySubmission.set(entry.id, solution);
  }
  return { id: task.id, bySubmission };
}

async function corrected(teacher: SignedIn, taskId: string) {
  const res = await teacher.call('POST', '/api/corrections', { taskId });
  if (res.statusCode !== 200) throw new Error(`correction request: ${res.statusCode} ${res.body}`);
  await settled(teacher, taskId);
}

interface ListEntry {
  id: string;
  status: string;
  name: { first_name: string; last_name: string };
  files: { sha256: string }[];
}
const listOf = async (teacher: SignedIn, taskId: string) =>
  (await teacher.call('GET', `/api/submissions/getAll?taskId=${taskId}`)).json<{ data: ListEntry[] }>().data;

async function settled(teacher: SignedIn, taskId: string) {
  await until(
    async () =>
      (await listOf(teacher, taskId)).every((e) => e.files.length === 0 || e.status === 'korrigiert'),
    120_000,
    'the corrections',
  );
}

interface GradingSkill {
  id: string;
  ai_score: number | null;
}
/** The stored AI scores of a submission per skill id, through the grading view. */
async function aiScores(teacher: SignedIn, submissionId: string): Promise<GradingSkill[]> {
  const view = (await teacher.call('GET', `/api/feedback/${submissionId}`)).json<{
    groups: { skills: { skill: { id: string }; feedback: { ai_score: number | null } }[] }[];
  }>();
  return view.groups.flatMap((g) => g.skills.map((s) => ({ id: s.skill.id, ai_score: s.feedback.ai_score })));
}

/** The AI's stored scores of these submissions against the teacher's. */
async function agreement(teacher: SignedIn, bySubmission: Map<string, CalibrationSolution>) {
  const rows = (
    await Promise.all(
      [...bySubmission.keys()].map(async (id) =>
        (await aiScores(teacher, id)).map((s) => ({ submission_id: id, skill_id: s.id, ai: s.ai_score })),
      ),
    )
  ).flat();
  const per: Record<string, { exact: number; near: number; n: number; diff: number }> = {};
  const all = { exact: 0, near: 0, n: 0, diff: 0 };
  for (const row of rows) {
    const name = skillNameOf.get(row.skill_id)!;
    const diff = row.ai! - bySubmission.get(row.submission_id)!.teacher[name];
    for (const bucket of [all, (per[name] ??= { exact: 0, near: 0, n: 0, diff: 0 })]) {
      bucket.n += 1;
      bucket.diff += diff;
      if (diff === 0) bucket.exact += 1;
      if (Math.abs(diff) <= 1) bucket.near += 1;
    }
  }
  return { all, per };
}

const pct = (a: number, n: number) => `${a}/${n} (${((100 * a) / n).toFixed(0)} %)`;
const line = (label: string, r: { exact: number; near: number; n: number; diff: number }) =>
  `  ${label.padEnd(26)} exact ${pct(r.exact, r.n).padEnd(14)} within one level ${pct(r.near, r.n).padEnd(14)} mean AI − teacher ${(r.diff / r.n).toFixed(2)}`;

try {
  await app.ready();
  const teacher = await signIn(app);
  await grantCoins(app.db, { userId: teacher.id, amount: 200, by: null });
  const subject = (await teacher.call('POST', '/api/subjects', { name: 'Mathematik' })).json<{
    id: string;
  }>();
  const klass = (
    await teacher.call('POST', '/api/classes', { name: '6c', grade: '6', subject_id: subject.id })
  ).json<{ id: string }>();
  const a = await taskWith(
    teacher,
    klass.id,
    'Brüche addieren I',
    CALIBRATION_SOLUTIONS.slice(0, CALIBRATION_CORRECTED),
  );
  const b = await taskWith(
    teacher,
    klass.id,
    'Brüche addieren II',
    CALIBRATION_SOLUTIONS.slice(CALIBRATION_CORRECTED),
  );
  await corrected(teacher, a.id);
  await corrected(teacher, b.id);
  const beforeA = await agreement(teacher, a.bySubmission);
  const before = await agreement(teacher, b.bySubmission);

  // The teacher grades task A: every score the AI got wrong is changed, with a reason.
  let corrections = 0;
  const rowsA = (
    await Promise.all(
      [...a.bySubmission.keys()].map(async (id) =>
        (await aiScores(teacher, id)).map((s) => ({
          submission_id: id,
          skill_id: s.id,
          ai_score: s.ai_score,
        })),
      ),
    )
  ).flat();
  for (const row of rowsA) {
    const name = skillNameOf.get(row.skill_id)!;
    const score = a.bySubmission.get(row.submission_id)!.teacher[name];
    if (score === row.ai_score) continue;
    corrections += 1;
    await teacher.call('PUT', `/api/feedback/${row.submission_id}/skills/${row.skill_id}`, { score });
    await teacher.call('PUT', `/api/feedback/${row.submission_id}/skills/${row.skill_id}/texts`, {
      reason: `${name}: ${score} von ${CALIBRATION_SKILLS.find((s) => s.name === name)!.max} Punkten.`,
      recommendation: '',
    });
  }

  // Task B again, one submission at a time ("KI-Korrektur" on each): now with the teacher's examples.
  fake.control.reset();
  for (const id of b.bySubmission.keys()) {
    const res = await teacher.call('POST', '/api/corrections', { submissionId: id });
    if (res.statusCode !== 200) throw new Error(`correction request: ${res.statusCode} ${res.body}`);
  }
  await settled(teacher, b.id);
  const after = await agreement(teacher, b.bySubmission);
  const prompts = fake.control.requests.flatMap((r) => {
    const body = r.body as {
      response_format?: { json_schema?: { name?: string } };
      messages: { content: { text?: string }[] }[];
    };
    if (body.response_format?.json_schema?.name !== 'skill_feedback') return [];
    return [examplesOf(body.messages[1]!.content[0]!.text ?? '').length];
  });
  const solutions = b.bySubmission.size;
  console.log(
    `calibration, pglite: ${solutions} solutions × ${CALIBRATION_SKILLS.length} skills of task B; the teacher corrected ${corrections} AI scores on ${CALIBRATION_CORRECTED} solutions of task A (same skill names, other rubric)`,
  );
  console.log(line('task A, AI before grading', beforeA.all));
  console.log(line('task B before calibration', before.all));
  console.log(line('task B after calibration', after.all));
  for (const skill of CALIBRATION_SKILLS) {
    console.log(line(`  ${skill.name} (0–${skill.max}) before`, before.per[skill.name]!));
    console.log(line(`  ${skill.name} (0–${skill.max}) after`, after.per[skill.name]!));
  }
  console.log(
    `  examples per skill_feedback request: ${Math.min(...prompts)}–${Math.max(...prompts)} (caps: 3 per skill, 12 in all), ${prompts.length} requests`,
  );
} finally {
  await app.close();
  await database.cleanup();
  await fake.close();
}
