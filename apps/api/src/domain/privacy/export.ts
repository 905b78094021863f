import type { SubmissionListEntry } from '@app/contract';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Readable } from 'node:stream';
import { classes, classUser, feedbackReleases, submissionFiles } from '../../db/schema';
import { isoTimestamp } from '../../lib/sql';
import { namesOf } from '../../lib/student-names';
import { accessible, requireStudentAccount } from '../access';
import { getClass, listClassStudents } from '../classes';
import { actorId, cipherOf, type Ctx } from '../context';
import { fileColumns } from '../files';
import { exportDate, exportZip } from '../files/zip';
import { loadGrading } from '../grading';
import { listSubmissions } from '../submissions';
import { listTasks } from '../tasks';

// The teacher's export of one student's or one class's data (ADR 022), for a request under the GDPR or
// before retention deletes a school year's hand-ins. Read through the operations the pages use, as the
// account export is, so it holds exactly what the teacher sees; written by the same ZIP helper.

const README_PARTS = `submissions.json        Die Abgaben mit Status, Punkten, Rückmeldung je Kompetenzbereich und Dateiliste.
grading.json            Die Bewertung je Abgabe: Punkte und Texte je Kompetenz (mit den Vorschlägen
                        der KI) und die Rückmeldung je Kompetenzbereich.
feedback_releases.json  Die ausgeteilten Rückmeldungen, so wie der Schüler sie sieht.
files.json              Die hochgeladenen Dateien mit Name, Typ, Größe, Prüfsumme (SHA-256) und ihrem
                        Pfad in diesem Archiv (null, falls die Datei im Speicher fehlte).
files/                  Die Dateien selbst: files/<Aufgaben-ID>/<Abgabe-ID>/<Dateiname>;
                        noch keiner Abgabe zugeordnete Dateien liegen unter files/<Aufgaben-ID>/unmatched/.
`;

const STUDENT_README = `Klassenzimmer – Export der Daten eines Schülers
===============================================

Dieses Archiv enthält alle Daten, die Klassenzimmer zu diesem Schüler speichert. Die JSON-Dateien sind
UTF-8-kodiert und lassen sich mit jedem Texteditor oder Tabellenprogramm öffnen.

student.json            Der Schüler: ID, Vor- und Nachname und die Klassen, in denen er ist.
${README_PARTS}`;

const CLASS_README = `Klassenzimmer – Export der Daten einer Klasse
=============================================

Dieses Archiv enthält alle Daten, die Klassenzimmer zu dieser Klasse speichert. Die JSON-Dateien sind
UTF-8-kodiert und lassen sich mit jedem Texteditor oder Tabellenprogramm öffnen.

class.json              Die Klasse: Name, Jahrgang, Beschreibung, Fach.
students.json           Die Schüler der Klasse mit ihren Namen.
tasks.json              Die Aufgaben der Klasse.
${README_PARTS}
Die IDs verbinden die Dateien miteinander: Eine Abgabe nennt ihre Aufgabe (task_id) und den Schüler
(student_id, siehe students.json).
`;

/** A name as a plain ASCII file-name part: "Lea Müller" → "lea-mueller". */
export function asciiSlug(text: string, fallback: string): string {
  const slug = text
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  return slug || fallback;
}

export interface DataExport {
  fileName: string;
  stream: Readable;
}

/** Grading, releases and files of these submissions, and the not yet matched files of `unmatchedOfTasks`. */
async function writeSubmissions(
  ctx: Ctx,
  zip: ReturnType<typeof exportZip>,
  list: SubmissionListEntry[],
  unmatchedOfTasks: string[],
): Promise<number> {
  const { db } = ctx;
  const teacherId = actorId(ctx);
  const ids = list.map((s) => s.id);
  const grading = [];
  for (const submission of list) grading.push(await loadGrading(ctx, submission.id));
  const releases =
    ids.length === 0
      ? []
      : await db
          .select({
            submission_id: feedbackReleases.submission_id,
            released_at: isoTimestamp(feedbackReleases.released_at),
            content: feedbackReleases.content,
          })
          .from(feedbackReleases)
          .where(inArray(feedbackReleases.submission_id, ids))
          .orderBy(asc(feedbackReleases.submission_id));
  const scope = accessible.submissionFiles('view', teacherId);
  const matched =
    ids.length === 0
      ? []
      : await db
          .select({ ...fileColumns, storage_key: submissionFiles.storage_key })
          .from(submissionFiles)
          .where(and(scope, inArray(submissionFiles.submission_id, ids)));
  const unmatched =
    unmatchedOfTasks.length === 0
      ? []
      : await db
          .select({ ...fileColumns, storage_key: submissionFiles.storage_key })
          .from(submissionFiles)
          .where(
            and(
              scope,
              inArray(submissionFiles.task_id, unmatchedOfTasks),
              isNull(submissionFiles.submission_id),
            ),
          );
  const files = [...matched, ...unmatched].sort(
    (a, b) =>
      a.task_id.localeCompare(b.task_id) ||
      a.uploaded_at.localeCompare(b.uploaded_at) ||
      a.id.localeCompare(b.id),
  );
  zip.json('submissions.json', list);
  zip.json('grading.json', grading);
  zip.json('feedback_releases.json', releases);
  const index = await zip.files(files);
  zip.json('files.json', index);
  return index.length;
}

/**
 * `GET /api/students/:id/export`: one student of the teacher (created by them or in one of their classes,
 * else 404 STUDENT_NOT_FOUND) with their classes of this teacher, submissions, grading, releases and files.
 */
export async function exportStudentData(ctx: Ctx, studentId: string, now = new Date()): Promise<DataExport> {
  const teacherId = await requireStudentAccount(ctx, studentId, 'view');
  const { db } = ctx;
  const names = await namesOf(db, cipherOf(ctx), [studentId]);
  const name = names.get(studentId)!;
  const memberOf = await db
    .select({ id: classes.id, name: classes.name, grade: classes.grade })
    .from(classUser)
    .innerJoin(classes, eq(classes.id, classUser.class_id))
    .where(and(eq(classUser.user_id, studentId), accessible.classes('view', teacherId)))
    .orderBy(asc(classes.name), asc(classes.id));
  const list = (await listSubmissions(ctx)).filter((s) => s.student_id === studentId);

  const zip = exportZip(ctx, now, STUDENT_README);
  zip.json('student.json', { user_id: studentId, ...name, classes: memberOf });
  const files = await writeSubmissions(ctx, zip, list, []);
  const stream = zip.finish();
  ctx.log.info({ studentId, files, submissions: list.length }, 'student data exported');
  const slug = asciiSlug(`${name.first_name} ${name.last_name}`, 'student');
  return { fileName: `klassenzimmer-schueler-${slug}-${exportDate(now)}.zip`, stream };
}

/**
 * `GET /api/classes/:id/export`: one class of the teacher (else 404 CLASS_NOT_FOUND) with its students, tasks,
 * every submission of those tasks with grading and releases, and all files of the tasks (also unmatched).
 */
export async function exportClassData(ctx: Ctx, classId: string, now = new Date()): Promise<DataExport> {
  const cls = await getClass(ctx, classId);
  const students = await listClassStudents(ctx, classId);
  const classTasks = await listTasks(ctx, classId);
  const list: SubmissionListEntry[] = [];
  for (const task of classTasks) list.push(...(await listSubmissions(ctx, task.id)));

  const zip = exportZip(ctx, now, CLASS_README);
  zip.json('class.json', cls);
  zip.json('students.json', students);
  zip.json('tasks.json', classTasks);
  const files = await writeSubmissions(
    ctx,
    zip,
    list,
    classTasks.map((t) => t.id),
  );
  const stream = zip.finish();
  ctx.log.info({ classId, files, submissions: list.length }, 'class data exported');
  const slug = asciiSlug(`${cls.grade} ${cls.name}`, 'class');
  return { fileName: `klassenzimmer-klasse-${slug}-${exportDate(now)}.zip`, stream };
}
