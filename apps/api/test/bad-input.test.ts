import { ZApiError } from '@app/contract';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { randomUUID } from 'node:crypto';
import net, { type AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app';
import { bearer, signIn, type SignedIn } from './helpers/tokens';

// Bad input of any kind is a clear 4xx in the one error shape (ARCHITECTURE.md §6), never a 500 and never
// the framework's own body: control characters in text, a broken multipart header, over-long path ids, bad
// JSON, unknown routes and methods.

/** The parts of a JSON schema (as the OpenAPI document has them) the sample builder below reads. */
interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  additionalProperties?: Schema | boolean;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
}

interface Operation {
  parameters?: Array<{ in: string; name: string; schema?: Schema }>;
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}

const NUL_TEXT = 'Text mit Nullzeichen\u0000';

/** Structured strings (ids, user ids, dates, passwords) get a valid value: only free text carries the NUL. */
const STRUCTURED = [
  'AbCdEfGhIjKlMnOpQrStU',
  randomUUID(),
  new Date().toISOString(),
  'Sonnenblume42',
  'lehrerin@schule.example',
];

function patternsOf(schema: Schema): RegExp[] {
  const own = schema.pattern ? [schema.pattern] : [];
  const nested = (schema.allOf ?? []).flatMap((s) => (s.pattern ? [s.pattern] : []));
  return [...own, ...nested].map((p) => new RegExp(p, 'u'));
}

/**
 * A value that fits `schema` except that every free-text string contains a NUL; `counter.nul` counts the
 * strings that got one.
 */
function sample(
  schema: Schema,
  counter: { nul: number },
  idFor: (name: string) => string | undefined,
  name = '',
): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const options = schema.anyOf ?? schema.oneOf;
  if (options) {
    const pick = options.find((o) => o.type !== 'null') ?? options[0]!;
    return sample(pick, counter, idFor, name);
  }
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  const type = types.find((t) => t !== 'null') ?? (schema.properties ? 'object' : 'string');
  switch (type) {
    case 'object': {
      const value: Record<string, unknown> = {};
      for (const [key, property] of Object.entries(schema.properties ?? {}))
        value[key] = sample(property, counter, idFor, key);
      if (!schema.properties && schema.additionalProperties !== false) {
        const inner = typeof schema.additionalProperties === 'object' ? schema.additionalProperties : {};
        value.inhalt = sample(inner, counter, idFor, 'inhalt');
      }
      return value;
    }
    case 'array':
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () =>
        sample(schema.items ?? {}, counter, idFor, name),
      );
    case 'integer':
    case 'number':
      return Math.min(Math.max(schema.minimum ?? 1, 1), schema.maximum ?? 1);
    case 'boolean':
      return true;
    default: {
      const patterns = patternsOf(schema);
      if (patterns.length > 0 || schema.format) {
        const known = idFor(name);
        if (known !== undefined && patterns.every((p) => p.test(known))) return known;
        const fitting = STRUCTURED.find(
          (c) =>
            patterns.every((p) => p.test(c)) &&
            (schema.format !== 'uuid' || c.length === 36) &&
            (schema.format !== 'date-time' || !Number.isNaN(Date.parse(c))) &&
            (schema.format !== 'email' || c.includes('@')),
        );
        if (fitting !== undefined) return fitting;
      }
      counter.nul++;
      const max = schema.maxLength ?? NUL_TEXT.length;
      return max >= NUL_TEXT.length ? NUL_TEXT : `${NUL_TEXT.slice(0, Math.max(0, max - 1))}\u0000`;
    }
  }
}

/** A teacher's rows of every kind (subject … file), so that the requests below refer to real ones. */
async function world(teacher: SignedIn, base: string) {
  const post = async (url: string, payload: object) => {
    const res = await teacher.call('POST', url, payload);
    expect(res.statusCode, `${url}: ${res.body}`).toBeLessThan(300);
    return res.json<Record<string, unknown>>();
  };
  const subject = await post('/api/subjects', { name: 'Kunst' });
  const klass = await post('/api/classes', { name: '6b', grade: '6', subject_id: subject.id });
  const { students } = (await post('/api/createStudents', {
    class_id: klass.id,
    names: ['Greta Glück'],
  })) as { students: Array<{ user_id: string }> };
  const task = await post('/api/tasks', { class_id: klass.id, title: 'Stillleben', status: 'published' });
  const group = await post('/api/skill-groups', { name: 'Darstellung', task_id: task.id });
  const skill = await post('/api/skills', { group_id: group.id, name: 'Perspektive', maxScore: 2 });
  const detail = await post('/api/skill-details', { skill_id: skill.id, score: 1, value: 'ansatzweise' });
  const criterion = await post('/api/criteria', { skill_group_id: group.id, value: 'Fluchtpunkt' });
  const cluster = await post('/api/clusters', { name: 'Zeichnen' });
  const student = students[0]!.user_id;
  const form = new FormData();
  form.append('studentId', student);
  form.append('files', new Blob([await photo()], { type: 'image/jpeg' }), 'foto.jpg');
  const upload = await fetch(`${base}/api/submissions/studentupload/${String(task.id)}`, {
    method: 'POST',
    body: form,
  });
  const file = ((await upload.json()) as { received: Array<{ id: string }> }).received[0]!;
  const list = await teacher.call('GET', `/api/submissions/getAll?taskId=${String(task.id)}`);
  const submission = list.json<{ data: Array<{ id: string }> }>().data[0]!;
  const byName: Record<string, string> = {
    class_id: String(klass.id),
    classId: String(klass.id),
    subject_id: String(subject.id),
    task_id: String(task.id),
    taskId: String(task.id),
    submissionId: submission.id,
    submission_id: submission.id,
    fileId: file.id,
    skill_id: String(skill.id),
    skillId: String(skill.id),
    group_id: String(group.id),
    groupId: String(group.id),
    skillGroup_id: String(group.id),
    skill_group_id: String(group.id),
    skillGroupId: String(group.id),
    cluster_ids: String(cluster.id),
    student_id: student,
    student_user_id: student,
    user_id: student,
    userId: student,
    receiver_user_id: teacher.id,
  };
  const byPrefix: Array<[string, unknown]> = [
    ['/api/subjects/', subject.id],
    ['/api/classes/', klass.id],
    ['/api/tasks/', task.id],
    ['/api/skill-groups/', group.id],
    ['/api/skills/', skill.id],
    ['/api/skill-details/', detail.id],
    ['/api/criteria/', criterion.id],
    ['/api/clusters/', cluster.id],
    ['/api/submissions/', submission.id],
    ['/api/files/', file.id],
  ];
  return {
    byName,
    byPath: (pattern: string) => {
      const found = byPrefix.find(([prefix]) => pattern.startsWith(prefix));
      return found ? String(found[1]) : undefined;
    },
  };
}

/** A small JPEG. */
const photo = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#88aacc' } })
    .jpeg()
    .toBuffer();

describe('Bad input', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_MAX: '100000' } });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers a NUL in any text field of every JSON endpoint with a 4xx in the error shape, never a 500', async () => {
    const member = await signIn(t.app, { role: 'organization_member' });
    const ids = await world(member, base);
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, Operation>>;
    }>();
    const failures: string[] = [];
    let tried = 0;
    for (const [pattern, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const counter = { nul: 0 };
        // Real rows wherever an id is asked for, so that a request gets as far as it can.
        const idFor = (name: string) => (name === 'id' ? ids.byPath(pattern) : ids.byName[name]);
        const url = pattern.replace(/\{(\w+)\}/g, (_, name: string) => {
          const param = operation.parameters?.find((p) => p.in === 'path' && p.name === name);
          return encodeURIComponent(String(sample(param?.schema ?? {}, counter, idFor, name)));
        });
        const query = new URLSearchParams();
        for (const param of operation.parameters ?? [])
          if (param.in === 'query')
            query.set(param.name, String(sample(param.schema ?? {}, counter, idFor, param.name)));
        const bodySchema = operation.requestBody?.content?.['application/json']?.schema;
        const payload = bodySchema ? sample(bodySchema, counter, idFor) : undefined;
        if (counter.nul === 0) continue;
        tried++;
        const res = await t.app.inject({
          method: method.toUpperCase() as InjectOptions['method'],
          url: query.size > 0 ? `${url}?${query.toString()}` : url,
          headers: bearer(member.token),
          ...(payload === undefined ? {} : { payload: payload as object }),
        });
        const parsed = ZApiError.safeParse(res.json());
        if (res.statusCode < 400 || res.statusCode >= 500 || !parsed.success)
          failures.push(`${method.toUpperCase()} ${pattern}: ${res.statusCode} ${res.body.slice(0, 100)}`);
      }
    }
    expect(tried).toBeGreaterThan(25);
    expect(failures).toEqual([]);
  });

  it('refuses control characters in text with a German message; tabs and line breaks are whitespace', async () => {
    const teacher = await signIn(t.app);
    const res = await teacher.call('POST', '/api/subjects', { name: 'Kunst\u0000', description: '' });
    expect(res.statusCode).toBe(400);
    expect(ZApiError.parse(res.json()).error).toMatchObject({
      code: 'TEXT_CONTROL_CHARACTERS',
      message: expect.stringContaining('Steuerzeichen') as string,
      details: [expect.objectContaining({ path: ['name'] })],
    });
    for (const name of ['Kunst\u0007', 'Kunst\u001b[31m', 'Kunst\u007f', 'Kunst\u0085']) {
      const refused = await teacher.call('POST', '/api/subjects', { name, description: '' });
      expect(refused.statusCode, JSON.stringify(name)).toBe(400);
      expect(ZApiError.parse(refused.json()).error.code).toBe('TEXT_CONTROL_CHARACTERS');
    }
    // Multi-line text keeps them; a single-line name gets one space instead.
    const created = await teacher.call('POST', '/api/subjects', {
      name: 'Kunst\n\tund Musik',
      description: 'Zeile 1\n\tZeile 2\r\nZeile 3',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      name: 'Kunst und Musik',
      description: 'Zeile 1\n\tZeile 2\r\nZeile 3',
    });
    // The same rule for every string of a task's content document.
    const klass = (
      await teacher.call('POST', '/api/classes', {
        name: '5a',
        grade: '5',
        subject_id: created.json<{ id: string }>().id,
      })
    ).json<{ id: string }>();
    const task = await teacher.call('POST', '/api/tasks', {
      class_id: klass.id,
      title: 'Gedicht',
      data: { type: 'doc', content: [{ type: 'text', text: 'Strophe\u0000' }] },
    });
    expect(task.statusCode).toBe(400);
    expect(ZApiError.parse(task.json()).error.code).toBe('TEXT_CONTROL_CHARACTERS');
  });

  it('refuses a NUL in the typed name of a public upload with 400, not 500', async () => {
    const teacher = await signIn(t.app);
    const subject = (await teacher.call('POST', '/api/subjects', { name: 'Kunst' })).json<{ id: string }>();
    const klass = (
      await teacher.call('POST', '/api/classes', { name: '6b', grade: '6', subject_id: subject.id })
    ).json<{ id: string }>();
    const task = (
      await teacher.call('POST', '/api/tasks', { class_id: klass.id, title: 'Aufgabe', status: 'published' })
    ).json<{ id: string }>();
    const form = new FormData();
    form.append('studentName', 'Anna\u0000Berg');
    form.append('files', new Blob([await photo()], { type: 'image/jpeg' }), 'foto.jpg');
    const res = await fetch(`${base}/api/submissions/studentupload/${task.id}`, {
      method: 'POST',
      body: form,
    });
    expect(res.status).toBe(400);
    expect(ZApiError.parse(await res.json()).error.code).toBe('TEXT_CONTROL_CHARACTERS');
  });

  it('answers a multipart upload without a boundary with 4xx in the error shape', async () => {
    const teacher = await signIn(t.app);
    const subject = (await teacher.call('POST', '/api/subjects', { name: 'Musik' })).json<{ id: string }>();
    const klass = (
      await teacher.call('POST', '/api/classes', { name: '7a', grade: '7', subject_id: subject.id })
    ).json<{ id: string }>();
    const task = (
      await teacher.call('POST', '/api/tasks', { class_id: klass.id, title: 'Lied', status: 'published' })
    ).json<{ id: string }>();
    for (const [url, headers] of [
      [`/api/submissions/studentupload/${task.id}`, {}],
      [`/api/submissions/teacherupload/${task.id}`, bearer(teacher.token)],
    ] as const) {
      for (const contentType of ['multipart/form-data', 'multipart/form-data; boundary=']) {
        const res = await fetch(`${base}${url}`, {
          method: 'POST',
          headers: { ...headers, 'content-type': contentType },
          body: 'irgendwas',
        });
        const body = ZApiError.parse(await res.json());
        expect(res.status, `${url} ${contentType}`).toBe(400);
        expect(body.error.code).toBe('MALFORMED_BODY');
        expect(body.requestId).toBe(res.headers.get('x-request-id'));
      }
    }
  });

  it('answers framework errors in the one error shape with a request id', async () => {
    const teacher = await signIn(t.app);
    // Over the router's limit for one path segment (app.ts maxParamLength).
    const longId = 'a'.repeat(3000);
    const cases: Array<[InjectOptions, number, string]> = [
      [{ method: 'GET', url: `/api/submit/${longId}` }, 404, 'NOT_FOUND'],
      [{ method: 'GET', url: `/api/tasks/${longId}`, headers: bearer(teacher.token) }, 404, 'NOT_FOUND'],
      [{ method: 'DELETE', url: `/api/files/${longId}`, headers: bearer(teacher.token) }, 404, 'NOT_FOUND'],
      [{ method: 'GET', url: `/api/feedback-link/${longId}` }, 404, 'NOT_FOUND'],
      [{ method: 'GET', url: '/api/submit/%E0%A4%A' }, 400, 'MALFORMED_BODY'],
      [{ method: 'GET', url: '/api/gibt-es-nicht' }, 404, 'NOT_FOUND'],
      [{ method: 'PATCH', url: '/api/health' }, 405, 'METHOD_NOT_ALLOWED'],
      [{ method: 'DELETE', url: '/api/submit/AbCdEfGhIjKlMnOpQrStU' }, 405, 'METHOD_NOT_ALLOWED'],
      [
        {
          method: 'POST',
          url: '/api/subjects',
          headers: { ...bearer(teacher.token), 'content-type': 'application/json' },
          payload: '{"name": "Kunst",',
        },
        400,
        'MALFORMED_BODY',
      ],
      [
        {
          method: 'POST',
          url: '/api/subjects',
          headers: { ...bearer(teacher.token), 'content-type': 'application/xml' },
          payload: '<name>Kunst</name>',
        },
        415,
        'UNSUPPORTED_MEDIA_TYPE',
      ],
      [
        {
          method: 'POST',
          url: '/api/subjects',
          headers: { ...bearer(teacher.token), 'content-type': 'application/json' },
          payload: JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) }),
        },
        413,
        'PAYLOAD_TOO_LARGE',
      ],
    ];
    for (const [request, status, code] of cases) {
      const res = await t.app.inject(request);
      const what = `${request.method} ${typeof request.url === 'string' ? request.url.slice(0, 40) : ''}`;
      expect(res.statusCode, what).toBe(status);
      expect(res.headers['content-type'], what).toMatch(/application\/json/);
      const body = ZApiError.parse(res.json());
      expect(body.error.code, what).toBe(code);
      expect(body.requestId, what).toBe(res.headers['x-request-id']);
    }
    // Every route with a path parameter: an over-long one is the same 404 as an unknown id.
    const withParams = t.app.routeAccess.filter((r) => r.url.includes('/:'));
    expect(withParams.length).toBeGreaterThan(30);
    for (const route of withParams) {
      const res = await t.app.inject({
        method: route.method as InjectOptions['method'],
        url: route.url.replace(/:(\w+)/g, longId),
        headers: bearer(teacher.token),
      });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(404);
      expect(ZApiError.parse(res.json()).requestId).toBe(res.headers['x-request-id']);
    }
    // A request line Node cannot parse never reaches a route: still the one shape.
    const raw = await new Promise<string>((resolve) => {
      const socket = net.connect(Number(new URL(base).port), '127.0.0.1', () =>
        socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\nKaputte Kopfzeile\r\n\r\n'),
      );
      let answer = '';
      socket.on('data', (chunk: Buffer) => (answer += chunk.toString('utf8')));
      socket.on('close', () => resolve(answer));
    });
    expect(raw).toMatch(/^HTTP\/1\.1 400 /);
    const rawBody = ZApiError.parse(JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4)));
    expect(rawBody.error.code).toBe('MALFORMED_BODY');
    expect(raw).toContain(`X-Request-Id: ${rawBody.requestId}`);

    const notAllowed = await t.app.inject({ method: 'PATCH', url: '/api/health' });
    expect(notAllowed.headers.allow).toMatch(/GET/);
  });
});

describe('A NUL sent to the built-in auth', () => {
  it('is a GoTrue-shaped 400, not a 500', async () => {
    const t = await createTestApp();
    try {
      const headers = { apikey: 'anon', 'content-type': 'application/json' };
      const attempts = [
        {
          url: '/auth/v1/signup',
          payload: { email: 'nul@schule.example', password: 'Sonnenblume42', data: { name: 'a\u0000' } },
        },
        {
          url: '/auth/v1/token?grant_type=password',
          payload: { email: 'nu\u0000l@schule.example', password: 'Sonnenblume42' },
        },
      ];
      for (const { url, payload } of attempts) {
        const res = await t.app.inject({ method: 'POST', url, headers, payload });
        expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, url).toBeLessThan(500);
        expect(res.json(), url).toHaveProperty('error_code');
      }
    } finally {
      await t.close();
    }
  });
});

describe('A NUL that reaches the database anyway', () => {
  it('is still the client’s 400, not a 500', async () => {
    const t = await createTestApp({
      prepare: (app) => {
        // A route without the contract's text rule, writing what it gets.
        app.post('/api/test/raw', { config: { access: 'public' } }, async (request) => {
          const { text, doc } = request.body as { text: string; doc: unknown };
          await app.db.execute(sql`select ${text}::text, ${JSON.stringify(doc)}::jsonb`);
          return { ok: true };
        });
      },
    });
    try {
      for (const payload of [
        { text: 'a\u0000', doc: {} },
        { text: 'a', doc: { text: 'b\u0000' } },
      ]) {
        const res = await t.app.inject({ method: 'POST', url: '/api/test/raw', payload });
        expect(res.statusCode).toBe(400);
        expect(ZApiError.parse(res.json()).error.code).toBe('TEXT_CONTROL_CHARACTERS');
      }
      const fine = await t.app.inject({
        method: 'POST',
        url: '/api/test/raw',
        payload: { text: 'a', doc: {} },
      });
      expect(fine.statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
