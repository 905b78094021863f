import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAi } from '../fixtures/fake-openai';
import { mentions, type FakeServer } from '../fixtures/fake-ai-control';
import { launchBrowser, openPage } from './helpers/browser';
import { minimalPdf, photo } from './helpers/files';
import { removeDir, startServer, type RunningServer } from './helpers/server';

/**
 * Rubrics, AI corrections and grading as a new user tries them, in real Chromium against the built app with
 * AI_PROVIDER=openai and the fake OpenAI-compatible endpoint on loopback: a rubric generated for a task
 * (replacing a hand-made one after the confirmation), AI feedback requested for a class of five hand-ins, the
 * statuses turning 'Korrigiert' live (server-sent events, no reload), one score corrected (sums follow, a
 * reload keeps it), handed back, and the student's feedback link opened without a session.
 */
describe('Rubric, AI feedback for a class, grading and handing back in a real browser', () => {
  const API_KEY = 'sk-e2e-feedback';
  const students = [
    { first: 'Greta', last: 'Gansmeier' },
    { first: 'Max', last: 'Maierhofer' },
    { first: 'Olga', last: 'Ottenbruch' },
    { first: 'Paul', last: 'Pfefferkorn' },
    { first: 'Rosa', last: 'Rübenacker' },
  ];
  const suffix = Math.random().toString(36).slice(2, 6);
  const taskTitle = `Lineare Gleichungen ${suffix}`;

  let fake: FakeServer;
  let server: RunningServer;
  let browser: Browser;
  let origin: string;
  let token: string;
  let classId: string;
  let taskId: string;
  let page: Page;
  let errors: string[];
  /** Paths of every request the teacher's page made (to see the event stream). */
  const requested: string[] = [];
  let feedbackLink = '';
  /** The corrected student's scores after the teacher's change: total, and per group. */
  let corrected: { total: string; groups: Map<string, string> };
  /** Greta's total and the teacher's score of Lösungsweg, once corrected. */
  let graded: { total: number; max: number; score: number };

  async function api<T>(method: string, url: string, body?: unknown): Promise<T> {
    const res = await fetch(origin + url, {
      method,
      headers: { Authorization: `Bearer ${token}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${url} → ${res.status}: ${text}`);
    return JSON.parse(text) as T;
  }

  /** A student hands in through the public link, as the submit page does (multipart: studentId, files). */
  async function handIn(studentId: string, files: Array<{ name: string; type: string; bytes: Buffer }>) {
    const form = new FormData();
    form.append('studentId', studentId);
    for (const file of files)
      form.append('files', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
    const res = await fetch(`${origin}/api/submissions/studentupload/${taskId}`, {
      method: 'POST',
      body: form,
    });
    if (!res.ok) throw new Error(`upload → ${res.status}: ${await res.text()}`);
  }

  const fileOf = (first: string) => `${first.toLowerCase()}-seite-1.jpg`;
  const points = (score: number) => (score === 1 ? '1 Punkt' : `${score} Punkte`);

  function rowOf(first: string) {
    const student = students.find((s) => s.first === first)!;
    return page.locator(`[data-testid=submission-row][data-student="${student.first} ${student.last}"]`);
  }

  async function statuses(): Promise<string[]> {
    return page
      .locator('[data-testid=submission-row] [data-status]')
      .evaluateAll((els) => els.map((el) => el.getAttribute('data-status') ?? ''));
  }

  /**
   * expect.poll with room for a busy machine (two cores shared by everyone): its default of one second is
   * too short when the server answers slowly.
   */
  function poll<T>(fn: () => T | Promise<T>, options: { timeout?: number } = {}) {
    return expect.poll(fn, { timeout: 15_000, interval: 100, ...options });
  }

  /** The unread count the header's bell names ('Benachrichtigungen, 2 ungelesen'). */
  async function unreadOnBell(): Promise<number> {
    const bell = page.getByRole('link', { name: /^Benachrichtigungen, / });
    const name = (await bell.getAttribute('aria-label')) ?? (await bell.textContent()) ?? '';
    return Number(/(\d+) ungelesen/.exec(name)?.[1] ?? 0);
  }

  /** A toast with this text is on screen. */
  async function expectToast(text: string | RegExp) {
    await poll(() => page.locator('[data-toast]').filter({ hasText: text }).first().isVisible()).toBe(true);
  }

  beforeAll(async () => {
    fake = await startFakeOpenAi({ apiKey: API_KEY });
    server = await startServer({
      env: {
        AI_PROVIDER: 'openai',
        OPENAI_BASE_URL: `${fake.url}/v1`,
        OPENAI_API_KEY: API_KEY,
        OPENAI_MODEL: 'fake-model',
        // Two jobs at a time: with the fake's delay the five rows visibly pass through 'In Korrektur'.
        FEEDBACK_CONCURRENCY: '2',
      },
    });
    origin = server.url.replace('127.0.0.1', 'localhost');
    browser = await launchBrowser();

    // The demo teacher's session, as /demo gives it: the class and hand-ins are set up through the API.
    const session = await fetch(`${origin}/api/demo/session`, { method: 'POST' });
    token = ((await session.json()) as { access_token: string }).access_token;
    const subject = await api<{ id: string }>('POST', '/api/subjects', { name: `Mathematik ${suffix}` });
    classId = (
      await api<{ id: string }>('POST', '/api/classes', {
        name: `8a ${suffix}`,
        grade: '8',
        subject_id: subject.id,
      })
    ).id;
    await api('POST', '/api/createStudents', {
      class_id: classId,
      names: students.map((s) => `${s.first} ${s.last}`),
    });
    taskId = (
      await api<{ id: string }>('POST', '/api/tasks', {
        title: taskTitle,
        description: '',
        class_id: classId,
        due_date: null,
        status: 'published',
        data: {
          type: 'doc',
          content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Löse 3x + 4 = 19 nach x auf.' }] }],
        },
        feedback_template: null,
        allow_late_submissions: false,
      })
    ).id;

    // Five hand-ins through the public link: photos, and one student with a PDF as well.
    const submitPage = await fetch(`${origin}/api/submit/${taskId}`).then(
      (r) => r.json() as Promise<{ students: Array<{ id: string; label: string }> }>,
    );
    expect(submitPage.students).toHaveLength(5);
    for (const [index, student] of students.entries()) {
      const entry = submitPage.students.find((s) => s.label === `${student.first} ${student.last[0]}.`);
      if (!entry) throw new Error(`${student.first} fehlt auf der Abgabeseite`);
      const files = [
        { name: fileOf(student.first), type: 'image/jpeg', bytes: await photo(480, 640, index) },
      ];
      if (index === 2) files.push({ name: 'rechnung.pdf', type: 'application/pdf', bytes: minimalPdf() });
      await handIn(entry.id, files);
    }

    ({ page, errors } = await openPage(browser));
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    // Records the change events the page's event stream receives (the app's own listeners are untouched).
    await page.addInitScript(() => {
      const changes: Array<{ table: string; new: Record<string, unknown> }> = [];
      (window as unknown as { __changes: typeof changes }).__changes = changes;
      const Original = window.EventSource;
      window.EventSource = class extends Original {
        constructor(url: string | URL, init?: EventSourceInit) {
          super(url, init);
          this.addEventListener('change', (message) => {
            changes.push(JSON.parse((message as MessageEvent<string>).data) as (typeof changes)[number]);
          });
        }
      };
    });
    // A new user's way in: the demo button.
    await page.goto(`${origin}/demo`);
    await page.getByRole('button', { name: 'Demo starten' }).click();
    await page.waitForURL('**/classes');
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await fake?.close();
    if (server) removeDir(server.dataDir);
  });

  it('generates the rubric of the task with the AI, replacing a hand-made one after confirming', async () => {
    await page.goto(`${origin}/classes/${classId}/tasks/${taskId}`);
    await poll(() => page.getByRole('heading', { level: 1 }).textContent()).toContain(taskTitle);
    for (const student of students) {
      await poll(() => rowOf(student.first).locator('[data-status]').getAttribute('data-status')).toBe(
        'abgegeben',
      );
    }

    // A first group by hand, which the generated rubric is to replace.
    const rubric = page.getByRole('region', { name: 'Bewertungsraster', exact: true });
    await rubric.getByRole('textbox', { name: 'Neuer Kompetenzbereich' }).fill('Alter Bereich');
    await rubric.getByRole('button', { name: 'Kompetenzbereich anlegen' }).click();
    const groupsShown = () =>
      rubric
        .getByRole('button', { name: /^Kompetenzbereich „.*“ aus dieser Aufgabe entfernen$/ })
        .evaluateAll((els) => els.map((el) => /„(.*)“/.exec(el.getAttribute('aria-label') ?? '')?.[1]));
    await poll(groupsShown).toEqual(['Alter Bereich']);

    await rubric.getByRole('button', { name: 'Mit KI erstellen' }).click();
    const step = page.getByRole('region', { name: 'Bewertungsraster mit KI erstellen' });
    await step.getByRole('button', { name: 'Kompetenzen vorschlagen' }).click();

    // The proposal, editable: the teacher renames a skill and raises its maximum.
    await poll(() => step.getByRole('textbox', { name: 'Name des Kompetenzbereichs 1' }).inputValue()).toBe(
      'Fachliche Richtigkeit',
    );
    await step.getByRole('textbox', { name: 'Name der Kompetenz 1.2' }).fill('Ergebnis und Probe');
    await step.getByRole('textbox', { name: 'Höchstpunktzahl der Kompetenz 1.2' }).fill('3');
    await step.getByRole('button', { name: 'Stufen erzeugen und speichern' }).click();

    const confirm = page.getByRole('dialog', { name: 'Bisheriges Bewertungsraster ersetzen?' });
    await confirm.getByRole('button', { name: 'Ersetzen und erstellen' }).click();

    // Saved with a descriptor for every score; the hand-made group is gone.
    await poll(groupsShown).toEqual(['Fachliche Richtigkeit', 'Darstellung']);
    expect(await rubric.getByTestId('rubric-state').getAttribute('data-complete')).toBe('true');
    expect(
      await rubric.getByRole('textbox', { name: 'Beschreibung für 3 Punkte bei „Lösungsweg“' }).inputValue(),
    ).toContain('Lösungsweg');
    const saved = await api<{
      skill_groups: Array<{
        name: string;
        skills: Array<{ name: string; maxScore: number; details: unknown[] }>;
      }>;
    }>('GET', `/api/tasks/${taskId}/rubric`);
    expect(saved.skill_groups.map((g) => g.name)).toEqual(['Fachliche Richtigkeit', 'Darstellung']);
    expect(saved.skill_groups[0]!.skills.map((s) => [s.name, s.maxScore, s.details.length])).toEqual([
      ['Lösungsweg', 3, 4],
      ['Ergebnis und Probe', 3, 4],
    ]);
    expect(errors).toEqual([]);
  });

  it('requests AI feedback for the class and shows the statuses turn to Korrigiert live', async () => {
    // Slow enough answers that the rows are seen 'In Korrektur' and the progress moves before all are done.
    fake.control.delayMs = 1500;
    // A marker on the window: it survives only if the page is never reloaded.
    await page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));
    // Every text the progress line shows, in order, as the page renders it.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { __progress: string[] }).__progress = seen;
      new MutationObserver(() => {
        const text = document.querySelector('[data-testid=correction-progress]')?.textContent;
        if (text && seen[seen.length - 1] !== text) seen.push(text);
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    const { coinCount } = await api<{ coinCount: number }>('GET', '/api/notifications');
    const unreadBefore = await unreadOnBell();

    // The button names what it does and what it costs (one coin per submission).
    const all = page.getByRole('button', {
      name: 'KI-Korrektur für alle: 5 Abgaben für 5 Coins korrigieren lassen',
    });
    await poll(() => all.isEnabled()).toBe(true);
    await poll(() =>
      page.getByText(`5 Abgaben warten · Kosten: 5 Coins · Guthaben: ${coinCount} Coins`).isVisible(),
    ).toBe(true);
    await all.click();
    await expectToast(`KI-Korrektur für 5 Abgaben gestartet. Guthaben: ${coinCount - 5} Coins.`);

    await poll(statuses).toContain('in Korrektur');
    await poll(statuses, { timeout: 30_000 }).toEqual(Array<string>(5).fill('korrigiert'));
    for (const student of students) {
      await poll(() => rowOf(student.first).getByText('Korrigiert', { exact: true }).isVisible()).toBe(true);
    }
    // The progress went up while the jobs finished ("2 von 5 korrigiert" …) and is gone when all are done.
    const progress = await page.evaluate(() => (window as unknown as { __progress: string[] }).__progress);
    const counts = progress.map((text) => {
      const match = /^(\d) von 5 korrigiert$/.exec(text);
      if (!match) throw new Error(`Fortschritt „${text}“`);
      return Number(match[1]);
    });
    expect(counts.length).toBeGreaterThanOrEqual(2);
    expect(counts).toEqual([...counts].sort((a, b) => a - b));
    expect(counts.some((n) => n > 0 && n < 5)).toBe(true);
    await poll(() => page.getByTestId('correction-progress').count()).toBe(0);

    // Without a reload; the news came over the event stream: every submission's change reached the page.
    expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
    expect(requested).toContain('/api/events');
    const changes = await page.evaluate(
      () =>
        (window as unknown as { __changes: Array<{ table: string; new: Record<string, unknown> }> })
          .__changes,
    );
    const statusesOf = (id: unknown) =>
      changes.filter((c) => c.table === 'submissions' && c.new.id === id).map((c) => c.new.status);
    const rowIds = await page
      .locator('[data-testid=submission-row] a[href*="/submissions/"]')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')!.split('/').pop()));
    expect(rowIds).toHaveLength(5);
    for (const id of rowIds) {
      expect(statusesOf(id)[0]).toBe('inKorrektur');
      expect(statusesOf(id).at(-1)).toBe('korrigiert');
    }
    // One notification for the finished class, counted on the bell as it arrives.
    await poll(unreadOnBell).toBe(unreadBefore + 1);
    // The AI saw the work (an image per page), never a student's name. Only the text parts are searched: a
    // short name could turn up by chance inside an image's base64.
    const feedbackCalls = fake.control.requests.filter(
      (r) =>
        (r.body as { response_format?: { json_schema?: { name?: string } } }).response_format?.json_schema
          ?.name === 'skill_feedback',
    );
    // Three runs per submission, the openai default (ADR 024).
    expect(feedbackCalls).toHaveLength(5 * 3);
    type Part = { type: string; text?: string };
    const sent = feedbackCalls
      .flatMap((r) => (r.body as { messages: Array<{ content: string | Part[] }> }).messages)
      .flatMap((m): Part[] =>
        typeof m.content === 'string' ? [{ type: 'text', text: m.content }] : m.content,
      )
      .map((part) => part.text ?? '')
      .join('\n');
    expect(sent).toContain('Löse 3x + 4 = 19 nach x auf.');
    expect(feedbackCalls.every((r) => JSON.stringify(r.body).includes('data:image/'))).toBe(true);
    for (const student of students) {
      expect(mentions(sent, student.first)).toBe(false);
      expect(mentions(sent, student.last)).toBe(false);
    }
    fake.control.delayMs = 0;
    expect(errors).toEqual([]);
  });

  it('lets the teacher correct one score: the sums follow at once and a reload keeps it', async () => {
    await page.getByRole('link', { name: 'Abgabe von Greta Gansmeier bewerten' }).click();
    await page.waitForURL(/\/submissions\/[A-Za-z0-9_-]+$/);
    await poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(
      'Bewertung: Greta Gansmeier',
    );

    const total = page.getByTestId('total-score');
    const group = page.getByRole('region', { name: 'Fachliche Richtigkeit' });
    const groupScore = group.getByTestId('group-score');
    const levels = group.getByRole('group', { name: 'Punkte für Lösungsweg' });
    await poll(() => levels.locator('[aria-pressed=true]').count()).toBe(1);

    const parse = (text: string | null) => {
      const match = /(\d+) \/ (\d+)/.exec(text ?? '');
      if (!match) throw new Error(`keine Punktzahl in „${text}“`);
      return { score: Number(match[1]), max: Number(match[2]) };
    };
    const before = { total: parse(await total.textContent()), group: parse(await groupScore.textContent()) };
    expect(before.total.max).toBe(8);
    expect(before.group.max).toBe(6);
    const aiScore = Number(
      /^(\d+)/.exec((await levels.locator('[aria-pressed=true]').innerText()).trim())?.[1],
    );
    const newScore = aiScore === 3 ? 1 : 3;

    await levels.getByRole('button', { name: new RegExp(`^${points(newScore)}\\b`) }).click();
    const delta = newScore - aiScore;
    await poll(async () => parse(await groupScore.textContent()).score).toBe(before.group.score + delta);
    await poll(async () => parse(await total.textContent()).score).toBe(before.total.score + delta);
    await expectToast('Feedback erfolgreich aktualisiert');
    const skill = page.locator('[data-testid=skill][data-skill="Lösungsweg"]');
    await poll(() => skill.getByText('Von dir bewertet').isVisible()).toBe(true);
    await poll(() => skill.getByText(`KI-Vorschlag war: ${points(aiScore)}`).isVisible()).toBe(true);
    // The AI's reason was written for its own score: the student would not see it, unless kept.
    await poll(() =>
      skill.getByText(new RegExp(`Die Begründung der KI passt zu ${points(aiScore)}\\.`)).isVisible(),
    ).toBe(true);
    const keep = skill.getByRole('checkbox', { name: 'Begründung der KI beibehalten' });
    await keep.check();
    await poll(() => skill.getByText(/Die Begründung der KI passt zu/).count()).toBe(0);

    // Saved on the server: a reload shows the teacher's score and the same sums.
    await page.reload();
    await poll(() => levels.locator('[aria-pressed=true]').innerText()).toMatch(
      new RegExp(`^${points(newScore)}\\b`),
    );
    await poll(() => keep.isChecked()).toBe(true);
    await poll(async () => parse(await total.textContent()).score).toBe(before.total.score + delta);
    graded = { total: before.total.score + delta, max: before.total.max, score: newScore };
    corrected = {
      total: `${before.total.score + delta} von ${before.total.max} Punkten`,
      groups: new Map([
        ['Fachliche Richtigkeit', `${before.group.score + delta} von ${before.group.max} Punkten`],
      ]),
    };
    const darstellung = parse(
      await page.getByRole('region', { name: 'Darstellung' }).getByTestId('group-score').textContent(),
    );
    corrected.groups.set('Darstellung', `${darstellung.score} von ${darstellung.max} Punkten`);
    expect(errors).toEqual([]);
  });

  it('marks the AI’s evidence for a skill as a box over the photo it quotes (ADR 024)', async () => {
    const skill = page.locator('[data-testid=skill][data-skill="Fachsprache"]');
    await skill.getByRole('button', { name: 'Beleg zu Fachsprache in der Abgabe zeigen' }).click();
    const box = page.getByRole('img', { name: /^Beleg zu Fachsprache: „/ });
    await poll(() => box.isVisible()).toBe(true);
    const photoOf = page.getByRole('img', { name: `${fileOf('Greta')} – Greta Gansmeier` });
    for (const width of [1366, 768, 360]) {
      await page.setViewportSize({ width, height: 900 });
      await box.scrollIntoViewIfNeeded();
      const [marked, shown] = [await box.boundingBox(), await photoOf.boundingBox()];
      if (!marked || !shown) throw new Error('Beleg oder Foto ohne Fläche');
      // Inside the photo, with the size the fake's box gives (40 % × 25 % of the picture).
      expect(marked.width).toBeGreaterThan(20);
      expect(marked.x).toBeGreaterThanOrEqual(shown.x - 1);
      expect(marked.y).toBeGreaterThanOrEqual(shown.y - 1);
      expect(marked.x + marked.width).toBeLessThanOrEqual(shown.x + shown.width + 1);
      expect(marked.y + marked.height).toBeLessThanOrEqual(shown.y + shown.height + 1);
      expect(marked.width / shown.width).toBeCloseTo(0.4, 1);
      expect(marked.height / shown.height).toBeCloseTo(0.25, 1);
    }
    await page.setViewportSize({ width: 1280, height: 720 });
    await skill.getByRole('button', { name: 'Markierung ausblenden' }).click();
    await poll(() => box.count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('lists the teacher’s change in the Änderungsverlauf; accept-all is offered for this submission (ADR 026)', async () => {
    const history = page.getByRole('region', { name: 'Änderungsverlauf' });
    const mine = history.getByTestId('grade-change').filter({ has: page.getByText('Du', { exact: true }) });
    await poll(() => mine.first().innerText()).toMatch(
      new RegExp(`Lösungsweg:.*→\\s*(auf\\s*)?${points(graded.score)}`, 's'),
    );
    await poll(() => history.getByTestId('grade-change').filter({ hasText: 'KI' }).count()).toBeGreaterThan(
      0,
    );
    await poll(() => page.getByRole('button', { name: 'Alle Vorschläge übernehmen' }).isEnabled()).toBe(true);
    await page.setViewportSize({ width: 1280, height: 720 });
    expect(errors).toEqual([]);
  });

  it('hands the feedback back and shows the student’s personal link', async () => {
    await page.getByRole('button', { name: 'Austeilen', exact: true }).click();
    const link = page.getByRole('textbox', { name: 'Persönlicher Link zur Rückmeldung' });
    await poll(() => link.inputValue()).toMatch(/\/feedback\/[A-Za-z0-9_-]{20,}$/);
    feedbackLink = await link.inputValue();
    await poll(() => page.locator('[data-status]').first().getAttribute('data-status')).toBe('ausgeteilt');
    await expectToast('Feedback ausgeteilt');
    expect(new URL(feedbackLink).origin).toBe(origin);

    // Back on the task page: Greta's row is handed back, the others stay corrected.
    await page.getByRole('link', { name: 'Zur Aufgabe' }).click();
    await poll(() => rowOf('Greta').locator('[data-status]').getAttribute('data-status')).toBe('ausgeteilt');
    expect((await statuses()).sort()).toEqual(['ausgeteilt', ...Array<string>(4).fill('korrigiert')]);
    expect(errors).toEqual([]);
  });

  it('opens the feedback link without a session: first name only, the scores and the texts', async () => {
    const { page: student, errors: studentErrors } = await openPage(browser);
    await student.goto(feedbackLink);
    await poll(() => student.getByRole('heading', { level: 1, name: 'Hallo Greta!' }).isVisible()).toBe(true);
    await poll(() => student.getByRole('heading', { level: 2, name: taskTitle }).isVisible()).toBe(true);
    await poll(() => student.getByTestId('link-total').innerText()).toContain(corrected.total);
    for (const [name, score] of corrected.groups) {
      const region = student.getByRole('region', { name });
      await poll(() => region.getByText(score).first().isVisible()).toBe(true);
      await poll(() => region.getByText(/Rückmeldung zu .*: solide Arbeit/).isVisible()).toBe(true);
    }
    // The AI's texts of the skill, kept by the teacher for the changed score: reason, evidence, recommendation.
    const content = student.getByRole('region', { name: 'Fachliche Richtigkeit' });
    await poll(() => content.getByText(/Lösungsweg: \d von 3 Punkten erreicht\./).isVisible()).toBe(true);
    await poll(() => content.getByText('„Ausschnitt zu Lösungsweg“').isVisible()).toBe(true);
    await poll(() => content.getByText(/(Übe|Weiter so bei) Lösungsweg/).isVisible()).toBe(true);
    await poll(() => student.getByRole('img', { name: fileOf('Greta') }).isVisible()).toBe(true);

    const text = await student.locator('body').innerText();
    expect(text).not.toContain('Gansmeier');
    for (const other of students.slice(1)) expect(text).not.toContain(other.first);
    expect(studentErrors).toEqual([]);
  });
  it('keeps the handed-back version on the link while the teacher changes it, until handed back again', async () => {
    await page.getByRole('link', { name: 'Abgabe von Greta Gansmeier bewerten' }).click();
    await page.waitForURL(/\/submissions\/[A-Za-z0-9_-]+$/);
    const levels = page.getByRole('group', { name: 'Punkte für Lösungsweg' });
    await poll(() => levels.locator('[aria-pressed=true]').count()).toBe(1);
    // 2 differs from the teacher's 1 or 3.
    await levels.getByRole('button', { name: /^2 Punkte\b/ }).click();
    const total = `${graded.total + 2 - graded.score} von ${graded.max} Punkten`;
    await poll(() => page.getByText('geändert seit der Rückgabe', { exact: true }).isVisible()).toBe(true);
    await poll(() =>
      page.getByText(/Der Schüler sieht noch die Fassung, die du ausgeteilt hast/).isVisible(),
    ).toBe(true);

    // The student still sees what was handed back.
    const { page: student, errors: studentErrors } = await openPage(browser);
    await student.goto(feedbackLink);
    await poll(() => student.getByTestId('link-total').innerText()).toContain(corrected.total);

    // The task's list marks Greta's row too.
    await page.getByRole('link', { name: 'Zur Aufgabe' }).click();
    await poll(() =>
      rowOf('Greta').getByText('geändert seit der Rückgabe', { exact: true }).isVisible(),
    ).toBe(true);
    await page.getByRole('link', { name: 'Abgabe von Greta Gansmeier bewerten' }).click();
    await page.getByRole('button', { name: 'Erneut austeilen' }).click();
    await expectToast('Feedback ausgeteilt');
    await poll(() => page.getByText('geändert seit der Rückgabe', { exact: true }).count()).toBe(0);

    await student.reload();
    await poll(() => student.getByTestId('link-total').innerText()).toContain(total);
    expect(studentErrors).toEqual([]);
    expect(errors).toEqual([]);
  });
});
