import {
  newId,
  ZClass,
  ZCreateStudentsResponse,
  ZListSubmissionsResponse,
  ZSubject,
  ZTask,
  type CreateStudentsResponse,
} from '@app/contract';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mentions, type FakeServer } from '../../../tests/fixtures/fake-ai-control';
import { startFakeAiService } from '../../../tests/fixtures/fake-ai-service';
import { examplesOf, startFakeOpenAi } from '../../../tests/fixtures/fake-openai';
import { createAiGateway } from '../src/ai/gateway';
import { skillFeedback, skills, taskXSkillGroup } from '../src/db/schema';
import { grantCoins } from '../src/domain/coins';
import { EXAMPLES_PER_SKILL, EXAMPLES_TOTAL } from '../src/domain/corrections/calibration';
import { createTestApp, type TestApp } from './helpers/app';
import {
  addRubric,
  baseUrlOf,
  photo,
  rubricGroups,
  statusOf,
  until,
  type RubricGroup,
} from './helpers/classroom';
import { drivers } from './helpers/database';
import { signIn, type SignedIn } from './helpers/tokens';

// Calibration (ADR 025): the teacher's corrections of the AI's scores travel with later corrections as
// examples — capped, newest first, never the corrected submission itself, and without any student's name,
// e-mail or account id in anything the provider receives.

const DISTINCT = 'Kunigunde Zwetschgenbaum';

describe.each(drivers)('calibration examples on %s', (driver) => {
  let fake: FakeServer;
  let t: TestApp;
  let teacher: SignedIn;
  let students: CreateStudentsResponse['students'];
  let classId: string;
  let groupsA: RubricGroup[];
  let taskA: string;
  let subsA: string[];

  /** The text of every request the provider received in this suite (page images left out). */
  const received: string[] = [];
  const resetFake = () => {
    received.push(fake.control.sentText());
    fake.control.reset();
  };
  const promptsOf = () =>
    fake.control.requests
      .filter((r) => JSON.stringify(r.body).includes('skill_feedback'))
      .map((r) => {
        const body = r.body as { messages: { role: string; content: { type: string; text?: string }[] }[] };
        const user = body.messages.find((m) => m.role === 'user')!;
        return user.content.flatMap((p) => (p.type === 'text' ? [p.text!] : [])).join('\n');
      });
  const correct = async (body: object, ids: string[]) => {
    const res = await teacher.call('POST', '/api/corrections', body);
    expect(res.statusCode, res.body).toBe(200);
    await until(
      async () => {
        for (const id of ids) if ((await statusOf(t.app, id)).status !== 'korrigiert') return false;
        return true;
      },
      20_000,
      'the corrections',
    );
  };
  /** A published task of the class with this rubric and one upload per student (file named after them). */
  const task = async (title: string, groups: RubricGroup[], who = students) => {
    const created = ZTask.parse(
      (await teacher.call('POST', '/api/tasks', { class_id: classId, title, status: 'published' })).json(),
    );
    await addRubric(t.app, teacher.id, created.id, groups);
    const base = await baseUrlOf(t.app);
    for (const [i, student] of who.entries()) {
      const form = new FormData();
      form.append('studentId', student.user_id);
      form.append(
        'files',
        new Blob([new Uint8Array(await photo(i + title.length * 7))], { type: 'image/jpeg' }),
        `${student.name} ${student.email}.jpg`,
      );
      const res = await fetch(`${base}/api/submissions/studentupload/${created.id}`, {
        method: 'POST',
        body: form,
      });
      expect(res.status).toBe(200);
    }
    const list = ZListSubmissionsResponse.parse(
      (await teacher.call('GET', `/api/submissions/getAll?taskId=${created.id}`)).json(),
    ).data;
    const byName = new Map(list.map((e) => [`${e.name.first_name} ${e.name.last_name}`, e.id]));
    return { id: created.id, submissions: who.map((s) => byName.get(s.name)!) };
  };

  beforeAll(async () => {
    fake = await startFakeOpenAi();
    t = await createTestApp({
      driver,
      env: {
        AI_PROVIDER: 'openai',
        OPENAI_BASE_URL: `${fake.url}/v1`,
        FEEDBACK_RETRY_DELAY_SECONDS: '0',
        FEEDBACK_HEARTBEAT_SECONDS: '0',
      },
    });
    teacher = await signIn(t.app);
    await grantCoins(t.app.db, { userId: teacher.id, amount: 50, by: null });
    const subject = ZSubject.parse((await teacher.call('POST', '/api/subjects', { name: 'Mathe' })).json());
    classId = ZClass.parse(
      (await teacher.call('POST', '/api/classes', { name: '8a', grade: '8', subject_id: subject.id })).json(),
    ).id;
    students = ZCreateStudentsResponse.parse(
      (
        await teacher.call('POST', '/api/createStudents', {
          class_id: classId,
          names: ['Ali Acar', 'Zoe Zander', 'Lina Weber', 'Paul Hoffmann', DISTINCT],
        })
      ).json(),
    ).students;
    groupsA = rubricGroups();
    const a = await task('Brüche A', groupsA);
    taskA = a.id;
    subsA = a.submissions;
    await correct({ taskId: taskA }, subsA);

    // The teacher corrects every skill of every submission (5 × 3 = 15 corrections, more than the caps);
    // the distinctive student's last, with their name and e-mail in the reason.
    const distinct = students.find((s) => s.name === DISTINCT)!;
    for (const submissionId of subsA) {
      const rows = await t.app.db
        .select()
        .from(skillFeedback)
        .where(eq(skillFeedback.submission_id, submissionId));
      for (const row of rows) {
        const max = groupsA.flatMap((g) => g.skills).find((s) => s.id === row.skill_id)!.max;
        const score = (row.ai_score! + 1) % (max + 1);
        expect(
          (await teacher.call('PUT', `/api/feedback/${submissionId}/skills/${row.skill_id}`, { score }))
            .statusCode,
        ).toBe(200);
        const reason =
          submissionId === subsA[4]
            ? `${distinct.name} (${distinct.email}, Konto ${distinct.user_id}) rechnet sauber.`
            : 'Der Ansatz fehlt.';
        expect(
          (
            await teacher.call('PUT', `/api/feedback/${submissionId}/skills/${row.skill_id}/texts`, {
              reason,
              recommendation: 'Weiter üben.',
            })
          ).statusCode,
        ).toBe(200);
      }
    }
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('a later task with the same skills (reused group by id, retyped names) gets the newest corrections, capped', async () => {
    // Group 1 retyped in another case and spacing (new ids), group 2 reused as it is.
    const retyped: RubricGroup[] = [
      {
        id: newId(),
        name: 'Richtigkeit',
        skills: groupsA[0]!.skills.map((s) => ({
          id: newId(),
          name: ` ${s.name.toUpperCase()} `,
          max: s.max,
        })),
      },
    ];
    const b = await task('Brüche B', retyped, students.slice(0, 1));
    await t.app.db
      .insert(taskXSkillGroup)
      .values({ task_id: b.id, skillGroup_id: groupsA[1]!.id, position: 1, created_by: teacher.id });
    resetFake();
    await correct({ taskId: b.id }, b.submissions);

    const [prompt] = promptsOf();
    const examples = examplesOf(prompt!);
    const skillIdsB = [...retyped[0]!.skills.map((s) => s.id), ...groupsA[1]!.skills.map((s) => s.id)];
    expect(examples.length).toBe(skillIdsB.length * EXAMPLES_PER_SKILL);
    expect(examples.length).toBeLessThanOrEqual(EXAMPLES_TOTAL);
    for (const id of skillIdsB)
      expect(examples.filter((e) => e.skill_id === id)).toHaveLength(EXAMPLES_PER_SKILL);
    // Newest first: the distinctive student's corrections were the last ones.
    expect(examples[0]!.submission_id).toBe(subsA[4]);
    // What was sent is what the teacher did.
    const stored = await t.app.db.select().from(skillFeedback);
    const skillName = new Map(
      (await t.app.db.select({ id: skills.id, name: skills.name }).from(skills)).map((s) => [
        s.id,
        s.name.trim().toLowerCase(),
      ]),
    );
    for (const e of examples) {
      const row = stored.find(
        (r) => r.submission_id === e.submission_id && skillName.get(r.skill_id) === skillName.get(e.skill_id),
      )!;
      expect([e.ai_score, e.teacher_score]).toEqual([row.ai_score, row.score]);
    }
    expect(prompt).toContain('[Name] [Name] ([E-Mail], Konto [Konto]) rechnet sauber.');
  });

  it('re-correcting a corrected submission never uses its own grading as an example', async () => {
    resetFake();
    await correct({ submissionId: subsA[2] }, [subsA[2]!]);
    const examples = examplesOf(promptsOf()[0]!);
    // Three skills, four other corrected submissions: the per-skill cap decides.
    expect(examples.length).toBe(3 * EXAMPLES_PER_SKILL);
    expect(examples.some((e) => e.submission_id === subsA[2])).toBe(false);
    // The teacher's own scores stay: the AI only suggests.
    const rows = await t.app.db
      .select()
      .from(skillFeedback)
      .where(eq(skillFeedback.submission_id, subsA[2]!));
    expect(rows.every((r) => r.teacher_edited_at !== null && r.score !== r.ai_score)).toBe(true);
  });

  it('another teacher’s corrections of the same skills are never examples', async () => {
    const other = await signIn(t.app);
    await grantCoins(t.app.db, { userId: other.id, amount: 5, by: null });
    const subject = ZSubject.parse((await other.call('POST', '/api/subjects', { name: 'Mathe' })).json());
    const klass = ZClass.parse(
      (await other.call('POST', '/api/classes', { name: '8b', grade: '8', subject_id: subject.id })).json(),
    );
    const created = ZTask.parse(
      (
        await other.call('POST', '/api/tasks', { class_id: klass.id, title: 'Fremd', status: 'published' })
      ).json(),
    );
    // Same names as the first teacher's skills, no corrections of their own.
    await addRubric(t.app, other.id, created.id, rubricGroups());
    const {
      students: [student],
    } = ZCreateStudentsResponse.parse(
      (await other.call('POST', '/api/createStudents', { class_id: klass.id, names: ['Olga Ost'] })).json(),
    );
    const form = new FormData();
    form.append('studentId', student!.user_id);
    form.append('files', new Blob([new Uint8Array(await photo(99))], { type: 'image/jpeg' }), 'a.jpg');
    await fetch(`${await baseUrlOf(t.app)}/api/submissions/studentupload/${created.id}`, {
      method: 'POST',
      body: form,
    });
    const [submission] = ZListSubmissionsResponse.parse(
      (await other.call('GET', `/api/submissions/getAll?taskId=${created.id}`)).json(),
    ).data;
    resetFake();
    const res = await other.call('POST', '/api/corrections', { taskId: created.id });
    expect(res.statusCode).toBe(200);
    await until(async () => (await statusOf(t.app, submission!.id)).status === 'korrigiert', 20_000);
    expect(examplesOf(promptsOf()[0]!)).toEqual([]);
    expect(promptsOf()[0]).not.toContain('Beispiel zu Kompetenz');
  });

  it('no provider request ever carried a student’s name, e-mail or account id', () => {
    resetFake();
    // Page images are base64: a short name could turn up in them by chance.
    const sent = received.join('\n').replace(/data:image\/[a-z]+;base64,[A-Za-z0-9+/=]+/g, '');
    expect(sent).toContain('Beispiel zu Kompetenz');
    for (const s of students) {
      for (const part of s.name.split(' ')) expect(mentions(sent, part)).toBe(false);
      expect(sent).not.toContain(s.email);
      expect(sent).not.toContain(s.user_id);
    }
  });
});

describe('calibration examples in the AI service payload', () => {
  let service: FakeServer;
  beforeAll(async () => {
    service = await startFakeAiService();
  });
  afterAll(() => service.close());

  it('travel as `examples` in the skill_feedback body', async () => {
    const ai = createAiGateway(
      {
        AI_PROVIDER: 'service',
        AI_SERVICE_URL: service.url,
        AI_ROUTE_PREFIX: '',
        OPENAI_BASE_URL: '',
        OPENAI_MODEL: '',
        AI_TIMEOUT_MS: 5000,
      } as Parameters<typeof createAiGateway>[0],
      pino({ level: 'silent' }),
    )!;
    const examples = [
      {
        skill_id: 'k1',
        submission_id: 's0',
        excerpt: '1/2',
        ai_score: 2,
        teacher_score: 1,
        teacher_reason: 'knapp',
      },
    ];
    await ai.skillFeedback(
      {
        task: { id: 't', title: 'T', description: '', content: '' },
        submission: { id: 's1', solution: 'x = 1', file_ids: [] },
        subject: { id: 'm', name: 'Mathe' },
        classes: [],
        skill_groups: [
          {
            id: 'g',
            name: 'G',
            description: '',
            skills: [{ id: 'k1', name: 'Ansatz', description: '', maxScore: 3, levels: [] }],
          },
        ],
        examples,
      },
      [],
    );
    expect((service.control.last.skill_feedback!.body as { examples: unknown }).examples).toEqual(examples);
  });
});
