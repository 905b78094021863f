import { PDFDocument, StandardFonts } from 'pdf-lib';
import pino from 'pino';
import sharp from 'sharp';
import { Writable } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FakeServer } from '../../../tests/fixtures/fake-ai-control';
import { startFakeAiService } from '../../../tests/fixtures/fake-ai-service';
import { startFakeOpenAi } from '../../../tests/fixtures/fake-openai';
import { createAiGateway, type AiEnv } from '../src/ai/gateway';
import {
  AiError,
  type AiFile,
  type AiGateway,
  type GetSkillLevelsInput,
  type GetSkillsInput,
  type SkillFeedbackInput,
} from '../src/ai/types';

// The AI gateway against real loopback fakes of both providers (tests/fixtures): happy paths of every
// operation, and each way a provider can fail.

const SECRET = 'sk-test-geheim-1234567890';

const task = {
  id: 'task1',
  title: 'Lineare Gleichungen',
  description: 'Löse die Gleichungen.',
  content: 'x + 3 = 5',
};
const subject = { id: 'sub1', name: 'Mathematik' };
const classes = [{ id: 'cls1', name: '7b', grade: '7' }];
const skillGroups = [
  {
    id: 'grp1',
    name: 'Rechnen',
    description: '',
    skills: [
      { id: 'sk1', name: 'Umformen', description: 'Äquivalenzumformungen', maxScore: 3, levels: [] },
      { id: 'sk2', name: 'Probe', description: 'Ergebnis prüfen', maxScore: 2, levels: [] },
    ],
  },
  {
    id: 'grp2',
    name: 'Darstellung',
    description: '',
    skills: [{ id: 'sk3', name: 'Notation', description: 'Saubere Schreibweise', maxScore: 1, levels: [] }],
  },
];
const skillsInput: GetSkillsInput = {
  task,
  classes,
  subject,
  clusters: [
    { id: 'c1', name: 'Bildungsstandards', description: 'KMK', created_by: 'u1', criteria: 'K1–K6' },
  ],
};
const levelsInput: GetSkillLevelsInput = { task, subject, classes, skill_groups: skillGroups };
const feedbackInput: SkillFeedbackInput = {
  task,
  subject,
  classes,
  submission: { id: 'subm1', solution: 'x = 2', file_ids: ['f1'] },
  skill_groups: skillGroups,
};

let png: AiFile;
let pdf: AiFile;

beforeAll(async () => {
  const bytes = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#fff' } })
    .png()
    .toBuffer();
  png = { id: 'f1', mime: 'image/png', bytes: new Uint8Array(bytes) };
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const text of ['Seite eins', 'Seite zwei'])
    doc.addPage([300, 400]).drawText(text, { x: 20, y: 300, size: 20, font });
  pdf = { id: 'f2', mime: 'application/pdf', bytes: await doc.save() };
});

function logger() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, cb) {
      lines.push(chunk.toString('utf8'));
      cb();
    },
  });
  return { log: pino({ level: 'debug' }, stream), text: () => lines.join('') };
}

async function caught(promise: Promise<unknown>): Promise<AiError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AiError);
  return err as AiError;
}

interface Setup {
  name: 'service' | 'openai';
  start(): Promise<FakeServer>;
  env(url: string, timeoutMs?: number): AiEnv;
  /** The fake's counter name of an operation. */
  op(operation: 'get_skills' | 'get_skill_levels' | 'skill_feedback' | 'analyze_image'): string;
}

const base: AiEnv = {
  AI_PROVIDER: 'none',
  AI_SERVICE_URL: undefined,
  AI_ROUTE_PREFIX: '',
  AI_SERVICE_TOKEN: undefined,
  OPENAI_BASE_URL: 'https://api.openai.com/v1',
  OPENAI_API_KEY: undefined,
  OPENAI_MODEL: 'fake-model',
  AI_TIMEOUT_MS: 5000,
};

const setups: Setup[] = [
  {
    name: 'service',
    start: () => startFakeAiService({ prefix: '/aiapi', token: SECRET }),
    env: (url, timeoutMs = 5000) => ({
      ...base,
      AI_PROVIDER: 'service',
      AI_SERVICE_URL: url,
      AI_ROUTE_PREFIX: '/aiapi',
      AI_SERVICE_TOKEN: SECRET,
      AI_TIMEOUT_MS: timeoutMs,
    }),
    op: (operation) => operation,
  },
  {
    name: 'openai',
    start: () => startFakeOpenAi({ apiKey: SECRET }),
    env: (url, timeoutMs = 5000) => ({
      ...base,
      AI_PROVIDER: 'openai',
      OPENAI_BASE_URL: `${url}/v1`,
      OPENAI_API_KEY: SECRET,
      AI_TIMEOUT_MS: timeoutMs,
    }),
    op: () => 'chat',
  },
];

describe('AI gateway with AI_PROVIDER=none', () => {
  it('is null, so callers explain that no AI service is configured', () => {
    expect(createAiGateway(base, pino({ level: 'silent' }))).toBeNull();
  });
});

describe.each(setups)('AI gateway, provider $name', (setup) => {
  let fake: FakeServer;
  let ai: AiGateway;
  let logs: ReturnType<typeof logger>;

  beforeAll(async () => {
    fake = await setup.start();
    logs = logger();
    ai = createAiGateway(setup.env(fake.url), logs.log)!;
  });
  afterEach(() => fake.control.reset());
  afterAll(() => fake.close());

  it('proposes skill groups with skills for a task', async () => {
    const out = await ai.getSkills(skillsInput);
    expect(out.skill_groups.length).toBeGreaterThan(0);
    expect(out.skill_groups[0]!.description).toContain('Lineare Gleichungen');
    expect(out.skill_groups.flatMap((g) => g.skills.map((s) => s.name))).toContain('Bildungsstandards');
    expect(fake.control.last[setup.op('get_skills')]!.authorization).toBe(`Bearer ${SECRET}`);
  });

  it('describes a level for every score of every skill', async () => {
    const out = await ai.getSkillLevels(levelsInput);
    const levels = new Map(
      out.skill_groups.flatMap((g) => g.skills.map((s) => [s.id, s.levels.map((l) => l.score)])),
    );
    expect(Object.fromEntries(levels)).toEqual({ sk1: [0, 1, 2, 3], sk2: [0, 1, 2], sk3: [0, 1] });
  });

  it('scores every skill of the rubric within its maximum and writes a text per group', async () => {
    const out = await ai.skillFeedback(feedbackInput, [png]);
    const max = { sk1: 3, sk2: 2, sk3: 1 } as Record<string, number>;
    expect(out.skill_feedbacks.map((f) => f.skill_id).sort()).toEqual(['sk1', 'sk2', 'sk3']);
    for (const f of out.skill_feedbacks) {
      expect(f.score).toBeGreaterThanOrEqual(0);
      expect(f.score).toBeLessThanOrEqual(max[f.skill_id]!);
    }
    expect(out.skill_group_feedbacks.map((g) => g.group_id).sort()).toEqual(['grp1', 'grp2']);
    // Deterministic: the same request gives the same answer.
    expect(await ai.skillFeedback(feedbackInput, [png])).toEqual(out);
  });

  it('sends no field the schemas do not know (a student name added by mistake stays home)', async () => {
    const leaky = {
      ...feedbackInput,
      student: { first_name: 'Lena', last_name: 'Zimmermann' },
      submission: { ...feedbackInput.submission, student_name: 'Lena Zimmermann' },
    } as SkillFeedbackInput;
    await ai.skillFeedback(leaky, [png]);
    expect(fake.control.sentText()).toContain('Umformen');
    expect(fake.control.sentText()).not.toContain('Zimmermann');
  });

  it('reads a scan (analyze_image)', async () => {
    const out = await ai.analyze('image', [png]);
    expect(out.text).toContain('Erkannter Text');
  });

  it('reads several files at once (analyze_complex)', async () => {
    const out = await ai.analyze('complex', [png, png]);
    expect(out.text).toMatch(/2 Datei/);
  });

  it('answers the health check', async () => {
    expect(await ai.healthcheck()).toBe(true);
  });

  it('rejects output that does not fit the schema as invalid_response (not worth a retry)', async () => {
    fake.control.malformed(1);
    const err = await caught(ai.skillFeedback(feedbackInput, [png]));
    expect(err).toMatchObject({ kind: 'invalid_response', operation: 'skill_feedback', retryable: false });
    // The next call is healthy again.
    await expect(ai.skillFeedback(feedbackInput, [png])).resolves.toBeTruthy();
  });

  it('rejects feedback on skills that were not asked about, or above a maximum', async () => {
    const fine = await ai.skillFeedback(feedbackInput, [png]);
    const variants = [
      {
        ...fine,
        skill_feedbacks: [...fine.skill_feedbacks, { ...fine.skill_feedbacks[0]!, skill_id: 'fremd' }],
      },
      {
        ...fine,
        skill_feedbacks: fine.skill_feedbacks.map((f) => (f.skill_id === 'sk3' ? { ...f, score: 2 } : f)),
      },
      { ...fine, skill_group_feedbacks: [{ group_id: 'fremd', feedback: 'x' }] },
    ];
    for (const variant of variants) {
      fake.control.respondWith(variant, 1);
      const err = await caught(ai.skillFeedback(feedbackInput, [png]));
      expect(err).toMatchObject({ kind: 'invalid_response', retryable: false });
    }
  });

  it('rejects levels above a skill’s maximum', async () => {
    fake.control.respondWith(
      {
        skill_groups: [
          { id: 'grp2', skills: [{ id: 'sk3', levels: [{ score: 5, requirements: 'zu viel' }] }] },
        ],
      },
      1,
    );
    expect((await caught(ai.getSkillLevels(levelsInput))).kind).toBe('invalid_response');
  });

  it('turns a 500 into a retryable response error', async () => {
    fake.control.failWith(500, 1);
    const err = await caught(ai.getSkills(skillsInput));
    expect(err).toMatchObject({ kind: 'response', status: 500, retryable: true });
  });

  it('retries when the provider is busy (429)', async () => {
    fake.control.failWith(429, 1);
    expect(await caught(ai.getSkills(skillsInput))).toMatchObject({
      kind: 'response',
      status: 429,
      retryable: true,
    });
  });

  it('turns a 4xx into a response error that is not retried', async () => {
    fake.control.failWith(422);
    const err = await caught(ai.getSkillLevels(levelsInput));
    expect(err).toMatchObject({ kind: 'response', status: 422, retryable: false });
  });

  it('gives up after AI_TIMEOUT_MS with a retryable fetch error', async () => {
    const slow = createAiGateway(setup.env(fake.url, 200), pino({ level: 'silent' }))!;
    fake.control.delayMs = 2000;
    const started = performance.now();
    const err = await caught(slow.getSkills(skillsInput));
    expect(performance.now() - started).toBeLessThan(1500);
    expect(err).toMatchObject({ kind: 'fetch', retryable: true });
    expect(err.message).toContain('200 ms');
  });

  it('stops when the caller aborts', async () => {
    fake.control.delayMs = 2000;
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const err = await caught(ai.getSkills(skillsInput, { signal: controller.signal }));
    expect(err.kind).toBe('fetch');
  });

  it('raises missing_parameter for a missing input, before calling the provider', async () => {
    const calls = () => Object.values(fake.control.calls).reduce((a, b) => a + b, 0);
    const before = calls();
    for (const attempt of [
      ai.getSkills(undefined as unknown as GetSkillsInput),
      ai.getSkillLevels({ ...levelsInput, task: undefined } as unknown as GetSkillLevelsInput),
      ai.skillFeedback({ ...feedbackInput, skill_groups: [] }, [png]),
      ai.score(undefined as never),
      ai.analyze('image', []),
    ]) {
      expect((await caught(attempt)).kind).toBe('missing_parameter');
    }
    expect(calls()).toBe(before);
  });

  it('never writes the API key or token to the log', async () => {
    fake.control.failWith(500, 1);
    await caught(ai.getSkills(skillsInput));
    await ai.getSkills(skillsInput);
    expect(logs.text()).toContain('AI call failed');
    expect(logs.text()).not.toContain(SECRET);
  });
});

describe.each(setups)('AI gateway, provider $name, when nothing listens', (setup) => {
  it('raises a retryable fetch error and reports the health check as down', async () => {
    const fake = await setup.start();
    const url = fake.url;
    await fake.close();
    const ai = createAiGateway(setup.env(url), pino({ level: 'silent' }))!;
    const err = await caught(ai.getSkills(skillsInput));
    expect(err).toMatchObject({ kind: 'fetch', retryable: true });
    expect(await ai.healthcheck()).toBe(false);
  });
});

describe('AI gateway, provider service specifics', () => {
  let fake: FakeServer;
  let ai: AiGateway;
  beforeAll(async () => {
    fake = await startFakeAiService({ prefix: '/aiapi', token: SECRET });
    ai = createAiGateway(setups[0]!.env(fake.url), pino({ level: 'silent' }))!;
  });
  afterAll(() => fake.close());

  it('needs OCR first and sends the recognised text, not the files, to skill_feedback', async () => {
    expect(ai.needsOcr).toBe(true);
    await ai.skillFeedback(feedbackInput, [png]);
    expect(fake.control.last.skill_feedback!.body).toMatchObject({ submission: { solution: 'x = 2' } });
  });

  it('posts each scan as a binary body to analyze_formula and joins the texts', async () => {
    const out = await ai.analyze('formula', [png, png]);
    expect(fake.control.calls.analyze_formula).toBe(2);
    expect(fake.control.last.analyze_formula!.contentType).toBe('image/png');
    expect(out.text.split('\n\n')).toHaveLength(2);
  });

  it('posts analyze_complex as multipart with the field files', async () => {
    await ai.analyze('complex', [png, pdf]);
    expect(fake.control.last.analyze_complex!.contentType).toMatch(/^multipart\/form-data/);
  });

  it('sends the teacher’s final score for calibration', async () => {
    await ai.score({ pl_id: 'fb1', score: 2 });
    expect(fake.control.last.score!.body).toEqual({ pl_id: 'fb1', score: 2 });
  });

  it('is refused without the token', async () => {
    const anonymous = createAiGateway(
      { ...setups[0]!.env(fake.url), AI_SERVICE_TOKEN: undefined },
      pino({ level: 'silent' }),
    )!;
    expect(await caught(anonymous.getSkills(skillsInput))).toMatchObject({ kind: 'response', status: 401 });
  });
});

describe('AI gateway, provider openai specifics', () => {
  let fake: FakeServer;
  let ai: AiGateway;
  beforeAll(async () => {
    fake = await startFakeOpenAi({ apiKey: SECRET });
    ai = createAiGateway(setups[1]!.env(fake.url), pino({ level: 'silent' }))!;
  });
  afterAll(() => fake.close());

  it('asks for JSON-schema output in German and sends scans as images, PDF pages rendered', async () => {
    expect(ai.needsOcr).toBe(false);
    // file_ids name the files sent, as the correction job does: the answer's evidence may point to either.
    await ai.skillFeedback(
      { ...feedbackInput, submission: { ...feedbackInput.submission, solution: '', file_ids: ['f1', 'f2'] } },
      [png, pdf],
    );
    const body = fake.control.last.chat!.body as {
      model: string;
      response_format: { type: string; json_schema: { name: string; strict: boolean } };
      messages: {
        role: string;
        content: string | { type: string; text?: string; image_url?: { url: string } }[];
      }[];
    };
    expect(body.model).toBe('fake-model');
    expect(body.response_format).toMatchObject({
      type: 'json_schema',
      json_schema: { name: 'skill_feedback', strict: true },
    });
    const parts = body.messages.find((m) => m.role === 'user')!.content as {
      type: string;
      text?: string;
      image_url?: { url: string };
    }[];
    const images = parts.filter((p) => p.type === 'image_url').map((p) => p.image_url!.url);
    // One PNG plus the PDF's two pages.
    expect(images).toHaveLength(3);
    expect(images.every((u) => u.startsWith('data:image/png;base64,'))).toBe(true);
    expect(parts[0]!.text).toContain('Bewerte die Lösung');
    // Each image named by file and page, so the evidence can point back (ADR 024).
    expect(parts[0]!.text).toContain(
      'Bild 1: Datei f1, Seite 1\nBild 2: Datei f2, Seite 1\nBild 3: Datei f2, Seite 2',
    );
  });

  it('refuses a file type it cannot show the model', async () => {
    const err = await caught(
      ai.analyze('image', [{ id: 'x', mime: 'text/plain', bytes: new Uint8Array([65]) }]),
    );
    expect(err.kind).toBe('missing_parameter');
  });

  it('rejects content that is not JSON as invalid_response', async () => {
    // A model that ignores response_format: the fake's malformed answer is JSON of the wrong shape; a reply
    // with prose instead is covered by the same path (parseCompletion).
    fake.control.malformed(1);
    expect((await caught(ai.analyze('image', [png]))).kind).toBe('invalid_response');
  });

  it('rejects prose instead of JSON, and reads JSON in a Markdown fence', async () => {
    fake.control.respondWith('Hier ist meine Bewertung: alles gut!', 1);
    expect((await caught(ai.analyze('image', [png]))).kind).toBe('invalid_response');
    fake.control.respondWith('```json\n{"text": "eingezäunt"}\n```', 1);
    expect(await ai.analyze('image', [png])).toEqual({ text: 'eingezäunt' });
  });

  it('keeps calibration local: score validates its input and calls nobody', async () => {
    const before = fake.control.calls.chat ?? 0;
    await ai.score({ pl_id: 'fb1', score: 1 });
    expect(fake.control.calls.chat ?? 0).toBe(before);
  });
});
