import { asc, inArray } from 'drizzle-orm';
import { Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import {
  coinLedger,
  feedbackReleases,
  notifications as notificationsTable,
  submissionFiles,
  submissions,
} from '../../db/schema';
import { isoTimestamp } from '../../lib/sql';
import { cleanFileName } from '../../lib/uploads/filename';
import { accessible } from '../access';
import { listClasses, listClassStudents } from '../classes';
import { coinBalance } from '../coins';
import { actorId, type Ctx } from '../context';
import { fileColumns } from '../files';
import { loadGrading } from '../grading';
import { notificationColumns } from '../notifications';
import { getProfile } from '../profiles';
import { listClusters, listCriteria, listSkillGroups } from '../rubrics';
import { listSubjects } from '../subjects';
import { listSubmissions } from '../submissions';
import { listTasks } from '../tasks';
import { rolesOf } from './roles';
import { requireUser } from './users';

// "Export my data" (PRODUCT.md §4 Account, ARCHITECTURE.md §5): everything of the signed-in user as one ZIP.
// Every part is read through the operations the pages use, so the export shows the rows exactly as the API
// does and only what the access policy grants the user; nothing here has its own serialisation.

/** The export's date in the school's time zone: the file name the user sees. */
const exportDate = (now: Date) => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Berlin' }).format(now);

export const exportFileName = (now: Date) => `klassenzimmer-export-${exportDate(now)}.zip`;

const README = `Klassenzimmer – Export deiner Daten
====================================

Dieses Archiv enthält alle Daten, die Klassenzimmer zu deinem Konto speichert. Die JSON-Dateien
sind UTF-8-kodiert und lassen sich mit jedem Texteditor oder Tabellenprogramm öffnen.

profile.json            Dein Profil: Vor- und Nachname, Schule, Avatar, Farbmodus (entschlüsselt).
account.json            Dein Konto: E-Mail-Adresse, Anlagedatum, Rollen.
subjects.json           Deine Fächer.
classes.json            Deine Klassen.
students.json           Die Schüler deiner Klassen mit ihren Namen, je Klasse.
tasks.json              Deine Aufgaben.
rubrics.json            Deine Bewertungsraster: Kompetenzbereiche mit Kompetenzen und Niveaustufen,
                        die Kriterien je Kompetenzbereich und die Kriterien-Cluster.
submissions.json        Die Abgaben zu deinen Aufgaben mit Status, Punkten und Dateiliste.
grading.json            Deine Bewertung je Abgabe: Punkte und Texte je Kompetenz (mit den
                        Vorschlägen der KI) und die Rückmeldung je Kompetenzbereich.
feedback_releases.json  Die ausgeteilten Rückmeldungen, so wie die Schüler sie sehen.
notifications.json      Deine Benachrichtigungen.
coins.json              Dein Coin-Guthaben und alle Buchungen.
files.json              Alle hochgeladenen Dateien mit Name, Typ, Größe, Prüfsumme (SHA-256) und
                        ihrem Pfad in diesem Archiv (null, falls die Datei im Speicher fehlte).
files/                  Die Dateien selbst: files/<Aufgaben-ID>/<Abgabe-ID>/<Dateiname>;
                        noch keiner Abgabe zugeordnete Dateien liegen unter files/<Aufgaben-ID>/unmatched/.

Die IDs verbinden die Dateien miteinander: Eine Abgabe nennt ihre Aufgabe (task_id) und den
Schüler (student_id, siehe students.json), eine Aufgabe ihre Klasse (class_id).
`;

const json = (value: unknown) => Buffer.from(`${JSON.stringify(value, null, 2)}\n`, 'utf8');

/** `<name>` unique within its folder: a second `scan.jpg` becomes `<file id>-scan.jpg`. */
function entryPath(folder: string, name: string, id: string, taken: Set<string>): string {
  let path = `${folder}/${cleanFileName(name)}`;
  if (taken.has(path)) path = `${folder}/${id}-${cleanFileName(name)}`;
  taken.add(path);
  return path;
}

/**
 * The signed-in user's data as a ZIP stream (JSON per entity, the uploaded files, a German README). The JSON
 * is collected first, so that a failing read answers as an error before any byte is sent; the files are
 * streamed one after the other from storage while the client downloads.
 */
export async function exportAccountData(ctx: Ctx): Promise<{ fileName: string; stream: Readable }> {
  const userId = actorId(ctx);
  const { db, services } = ctx;
  const now = new Date();

  const [user, roles, profile, subjects, classes, tasks, skillGroups, clusters, list, notifications] =
    await Promise.all([
      requireUser(ctx, userId),
      rolesOf(db, userId),
      getProfile(ctx),
      listSubjects(ctx),
      listClasses(ctx),
      listTasks(ctx),
      listSkillGroups(ctx),
      listClusters(ctx),
      listSubmissions(ctx),
      db
        .select(notificationColumns)
        .from(notificationsTable)
        .where(accessible.notifications(userId))
        .orderBy(asc(notificationColumns.created_at), asc(notificationColumns.id)),
    ]);
  // One after the other: PGlite has one connection, and these are few per teacher.
  const students = [];
  for (const c of classes) students.push({ class_id: c.id, students: await listClassStudents(ctx, c.id) });
  const criteria = [];
  for (const group of skillGroups)
    criteria.push({ group_id: group.id, criteria: await listCriteria(ctx, group.id) });
  const grading = [];
  for (const submission of list) grading.push(await loadGrading(ctx, submission.id));

  const mine = accessible.submissions(userId);
  const releases = await db
    .select({
      submission_id: feedbackReleases.submission_id,
      released_at: isoTimestamp(feedbackReleases.released_at),
      content: feedbackReleases.content,
    })
    .from(feedbackReleases)
    .where(
      inArray(
        feedbackReleases.submission_id,
        db.select({ id: submissions.id }).from(submissions).where(mine),
      ),
    )
    .orderBy(asc(feedbackReleases.submission_id));
  const coinRows = await db
    .select({
      id: coinLedger.id,
      delta: coinLedger.delta,
      reason: coinLedger.reason,
      reference: coinLedger.reference,
      created_at: isoTimestamp(coinLedger.created_at),
    })
    .from(coinLedger)
    .where(accessible.coinLedger(userId))
    .orderBy(asc(coinLedger.created_at), asc(coinLedger.id));
  const balance = await coinBalance(db, userId);
  const files = await db
    .select({ ...fileColumns, storage_key: submissionFiles.storage_key })
    .from(submissionFiles)
    .where(accessible.submissionFiles(userId))
    .orderBy(asc(submissionFiles.task_id), asc(submissionFiles.uploaded_at), asc(submissionFiles.id));

  const zip = new ZipFile();
  const mtime = now;
  const add = (name: string, value: unknown) => zip.addBuffer(json(value), name, { mtime });
  zip.addBuffer(Buffer.from(README, 'utf8'), 'README.txt', { mtime });
  add('profile.json', { profile });
  add('account.json', {
    id: user.id,
    email: user.email,
    created_at: user.createdAt,
    email_confirmed_at: user.emailConfirmedAt,
    last_sign_in_at: user.lastSignInAt,
    roles,
  });
  add('subjects.json', subjects);
  add('classes.json', classes);
  add('students.json', students);
  add('tasks.json', tasks);
  add('rubrics.json', { skill_groups: skillGroups, criteria, clusters });
  add('submissions.json', list);
  add('grading.json', grading);
  add('feedback_releases.json', releases);
  add('notifications.json', notifications);
  add('coins.json', { balance, ledger: coinRows });

  const taken = new Set<string>();
  const fileIndex = [];
  for (const { storage_key, ...file } of files) {
    // A stored object that went missing is listed without a path rather than breaking the whole archive.
    if (!(await services.storage.exists(storage_key))) {
      ctx.log.warn({ fileId: file.id }, 'Datei für den Export fehlt im Speicher');
      fileIndex.push({ ...file, zip_path: null });
      continue;
    }
    const folder = `files/${file.task_id}/${file.submission_id ?? 'unmatched'}`;
    const path = entryPath(folder, file.original_name, file.id, taken);
    fileIndex.push({ ...file, zip_path: path });
    zip.addReadStreamLazy(
      path,
      // Images and PDFs are compressed already.
      { mtime: new Date(file.uploaded_at), compress: false },
      (callback) => {
        services.storage.get(storage_key).then(
          (stream) => callback(null, stream),
          (err: unknown) => callback(err, Readable.from([])),
        );
      },
    );
  }
  add('files.json', fileIndex);
  zip.end();

  ctx.log.info({ userId, files: fileIndex.length, submissions: list.length }, 'account data exported');
  const stream = zip.outputStream as Readable;
  // A file that cannot be read mid-way ends the download with an error instead of a silently short archive.
  zip.on('error', (err: unknown) => stream.destroy(err instanceof Error ? err : new Error(String(err))));
  return { fileName: exportFileName(now), stream };
}
