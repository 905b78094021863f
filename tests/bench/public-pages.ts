// The public student pages the paint benches load (public-paint.ts, lighthouse-paint.ts), seeded alike.
import { photo } from '../e2e/helpers/files';

/** A teacher (the demo account) sets up the class, the task, a hand-in and its hand-back through the API. */
export async function seedPublicPages(origin: string) {
  const session = await fetch(`${origin}/api/demo/session`, { method: 'POST' });
  if (!session.ok) throw new Error(`demo session → ${session.status}: ${await session.text()}`);
  const { access_token: token } = (await session.json()) as { access_token: string };
  async function api<T>(method: string, url: string, body?: unknown): Promise<T> {
    const res = await fetch(origin + url, {
      method,
      headers: {
        Authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${url} → ${res.status}: ${text}`);
    return JSON.parse(text) as T;
  }

  const names = [
    'Anna Bauer',
    'Ben Schneider',
    'Clara Hoffmann',
    'David Wagner',
    'Emma Becker',
    'Felix Schulz',
    'Greta Gansmeier',
    'Hannah Koch',
    'Jonas Richter',
    'Klara Wolf',
    'Leon Schröder',
    'Lina Neumann',
    'Max Maierhofer',
    'Mia Schwarz',
    'Noah Zimmermann',
    'Olga Ottenbruch',
    'Paul Pfefferkorn',
    'Rosa Rübenacker',
    'Samuel Krüger',
    'Sophie Hartmann',
    'Tim Lange',
    'Uta Werner',
    'Viktor Krause',
    'Yusuf Demir',
    'Zoe Zander',
  ];
  const title = 'Brüche addieren und kürzen';
  const subject = await api<{ id: string }>('POST', '/api/subjects', { name: 'Mathematik' });
  const klass = await api<{ id: string }>('POST', '/api/classes', {
    name: '6b',
    grade: '6',
    subject_id: subject.id,
  });
  await api('POST', '/api/createStudents', { class_id: klass.id, names });
  const paragraph = (text: string) => ({ type: 'paragraph', content: [{ type: 'text', text }] });
  const task = await api<{ id: string }>('POST', '/api/tasks', {
    title,
    description:
      'Bearbeite die Aufgaben im Heft und fotografiere jede Seite gut lesbar ab. Schreibe jeden ' +
      'Rechenschritt auf und kürze das Ergebnis so weit wie möglich.',
    class_id: klass.id,
    due_date: null,
    status: 'published',
    data: {
      type: 'doc',
      content: [
        paragraph('1) Berechne 3/4 + 5/6 und 7/12 − 1/3. Bringe die Brüche zuerst auf den Hauptnenner.'),
        paragraph(
          '2) Kürze 18/24, 45/60 und 56/98 vollständig. Gib jeweils den größten gemeinsamen Teiler an.',
        ),
        paragraph('3) Lisa isst 2/5 einer Pizza, Tom 1/4. Welcher Anteil der Pizza bleibt übrig?'),
      ],
    },
    feedback_template: null,
    allow_late_submissions: false,
  });

  const submit = await fetch(`${origin}/api/submit/${task.id}`).then(
    (r) => r.json() as Promise<{ accepting: boolean; students: Array<{ id: string; label: string }> }>,
  );
  if (!submit.accepting || submit.students.length !== names.length)
    throw new Error(`submit page: accepting ${submit.accepting}, ${submit.students.length} students`);
  const greta = submit.students.find((s) => s.label === 'Greta G.');
  if (!greta) throw new Error('Greta fehlt auf der Abgabeseite');
  const form = new FormData();
  form.append('studentId', greta.id);
  form.append(
    'files',
    new Blob([new Uint8Array(await photo(960, 1280, 1))], { type: 'image/jpeg' }),
    'seite-1.jpg',
  );
  const upload = await fetch(`${origin}/api/submissions/studentupload/${task.id}`, {
    method: 'POST',
    body: form,
  });
  if (!upload.ok) throw new Error(`upload → ${upload.status}: ${await upload.text()}`);

  // A rubric of two groups, scored and commented by the teacher (no AI needed), then handed back.
  const rubric = [
    {
      name: 'Rechnen mit Brüchen',
      skills: [
        ['Hauptnenner finden', 3],
        ['Kürzen', 3],
      ] as const,
    },
    { name: 'Darstellung', skills: [['Rechenweg nachvollziehbar', 2]] as const },
  ];
  const scores: Array<{ skill: string; score: number; name: string }> = [];
  const groups: Array<{ id: string; name: string }> = [];
  for (const group of rubric) {
    const created = await api<{ id: string }>('POST', '/api/skill-groups', {
      name: group.name,
      task_id: task.id,
    });
    groups.push({ id: created.id, name: group.name });
    for (const [name, maxScore] of group.skills) {
      const skill = await api<{ id: string }>('POST', '/api/skills', {
        group_id: created.id,
        name,
        maxScore,
      });
      for (let score = 0; score <= maxScore; score++)
        await api('POST', '/api/skill-details', {
          skill_id: skill.id,
          score,
          value: `${name}: Stufe ${score} von ${maxScore}`,
        });
      scores.push({ skill: skill.id, score: maxScore - 1, name });
    }
  }
  // One row per student of the class; Greta's is the one handed in.
  const { data } = await api<{ data: Array<{ id: string; name: { first_name: string } }> }>(
    'GET',
    `/api/submissions/getAll?taskId=${task.id}`,
  );
  const submissionId = data.find((row) => row.name.first_name === 'Greta')?.id;
  if (!submissionId) throw new Error('Gretas Abgabe fehlt');
  for (const { skill, score, name } of scores) {
    await api('PUT', `/api/feedback/${submissionId}/skills/${skill}`, { score });
    await api('PUT', `/api/feedback/${submissionId}/skills/${skill}/texts`, {
      reason: `${name}: meist richtig, an einer Stelle fehlt ein Zwischenschritt.`,
      recommendation: `Übe ${name} an zwei weiteren Beispielen aus dem Buch.`,
    });
  }
  for (const group of groups)
    await api('PUT', `/api/feedback/${submissionId}/groups/${group.id}`, {
      feedback: `${group.name}: Du hast sauber gearbeitet. Achte beim nächsten Mal auf die Probe.`,
    });
  const { released } = await api<{ released: Array<{ feedback_url: string }> }>(
    'POST',
    `/api/feedback/${submissionId}/release`,
  );
  const feedbackToken = released[0]?.feedback_url.split('/feedback/')[1];
  if (!feedbackToken) throw new Error('kein Rückmelde-Link');
  return { title, taskId: task.id, feedbackToken };
}
