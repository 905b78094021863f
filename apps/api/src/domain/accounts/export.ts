import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { Readable } from 'node:stream';
import {
  classes as classesTable,
  coinLedger,
  feedbackReleases,
  notifications as notificationsTable,
  rubricTemplates,
  skillFeedback,
  skillGroupFeedback,
  skillGroups as skillGroupsTable,
  skills as skillsTable,
  submissionFiles,
  submissions,
  tasks as tasksTable,
} from '../../db/schema';
import { isoTimestamp } from '../../lib/sql';
import { accessible, ownedBy } from '../access';
import { listClasses, listClassStudents } from '../classes';
import { coinBalance } from '../coins';
import { actorId, type Ctx } from '../context';
import { fileColumns } from '../files';
import { exportDate, exportZip } from '../files/zip';
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
// does and only what the access policy grants the user; nothing here has its own serialisation. Classes
// colleagues shared with the user are not theirs: of those, only the user's own grading goes in, apart
// (grading_in_shared_classes.json), without the students' names or files.

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
rubric_templates.json   Deine Vorlagen in der Raster-Bibliothek (privat oder für deine Schule).
submissions.json        Die Abgaben zu deinen Aufgaben mit Status, Punkten und Dateiliste.
grading.json            Deine Bewertung je Abgabe: Punkte und Texte je Kompetenz (mit den
                        Vorschlägen der KI) und die Rückmeldung je Kompetenzbereich.
feedback_releases.json  Die ausgeteilten Rückmeldungen, so wie die Schüler sie sehen.
grading_in_shared_classes.json
                        Deine Bewertungen in Klassen, die Kolleginnen und Kollegen mit dir geteilt
                        haben: je Abgabe deine Punkte und Texte (ohne Namen und Dateien der Schüler;
                        die Klasse selbst gehört der Lehrkraft, die sie angelegt hat).
notifications.json      Deine Benachrichtigungen.
coins.json              Dein Coin-Guthaben und alle Buchungen.
files.json              Alle hochgeladenen Dateien mit Name, Typ, Größe, Prüfsumme (SHA-256) und
                        ihrem Pfad in diesem Archiv (null, falls die Datei im Speicher fehlte).
files/                  Die Dateien selbst: files/<Aufgaben-ID>/<Abgabe-ID>/<Dateiname>;
                        noch keiner Abgabe zugeordnete Dateien liegen unter files/<Aufgaben-ID>/unmatched/.

Die IDs verbinden die Dateien miteinander: Eine Abgabe nennt ihre Aufgabe (task_id) und den
Schüler (student_id, siehe students.json), eine Aufgabe ihre Klasse (class_id).
`;

/**
 * The signed-in user's data as a ZIP stream (JSON per entity, the uploaded files, a German README). The JSON
 * is collected first, so that a failing read answers as an error before any byte is sent; the files are
 * streamed one after the other from storage while the client downloads.
 */
export async function exportAccountData(ctx: Ctx): Promise<{ fileName: string; stream: Readable }> {
  const userId = actorId(ctx);
  const { db } = ctx;
  const now = new Date();

  const [
    user,
    roles,
    profile,
    subjects,
    allClasses,
    allTasks,
    allSkillGroups,
    clusters,
    allSubmissions,
    notifications,
  ] = await Promise.all([
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
      .where(accessible.notifications('view', userId))
      .orderBy(asc(notificationColumns.created_at), asc(notificationColumns.id)),
  ]);
  // The user's own classes; shared ones are their owners' (only the user's grading there, below).
  const classes = allClasses.filter((c) => c.my_role === 'owner');
  const classIds = new Set(classes.map((c) => c.id));
  const tasks = allTasks.filter((task) => classIds.has(task.class_id));
  const taskIds = new Set(tasks.map((task) => task.id));
  const list = allSubmissions.filter((submission) => taskIds.has(submission.task_id));
  const skillGroups = allSkillGroups.filter((group) => group.created_by === userId);
  // One after the other: PGlite has one connection, and these are few per teacher.
  const students = [];
  for (const c of classes) students.push({ class_id: c.id, students: await listClassStudents(ctx, c.id) });
  const criteria = [];
  for (const group of skillGroups)
    criteria.push({ group_id: group.id, criteria: await listCriteria(ctx, group.id) });
  const grading = [];
  for (const submission of list) grading.push(await loadGrading(ctx, submission.id));

  const mine = and(
    accessible.submissions('view', userId),
    inArray(
      submissions.task_id,
      db.select({ id: tasksTable.id }).from(tasksTable).where(ownedBy.tasks(userId)),
    ),
  );
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
    .where(accessible.coinLedger('view', userId))
    .orderBy(asc(coinLedger.created_at), asc(coinLedger.id));
  const balance = await coinBalance(db, userId);
  const files = await db
    .select({ ...fileColumns, storage_key: submissionFiles.storage_key })
    .from(submissionFiles)
    .where(
      and(
        accessible.submissionFiles('view', userId),
        inArray(
          submissionFiles.task_id,
          db.select({ id: tasksTable.id }).from(tasksTable).where(ownedBy.tasks(userId)),
        ),
      ),
    )
    .orderBy(asc(submissionFiles.task_id), asc(submissionFiles.uploaded_at), asc(submissionFiles.id));
  const sharedGrading = await gradingInSharedClasses(ctx, userId);
  const templates = await db
    .select({
      id: rubricTemplates.id,
      title: rubricTemplates.title,
      description: rubricTemplates.description,
      subject: rubricTemplates.subject,
      grade: rubricTemplates.grade,
      visibility: rubricTemplates.visibility,
      content: rubricTemplates.content,
      created_at: isoTimestamp(rubricTemplates.created_at),
      updated_at: isoTimestamp(rubricTemplates.updated_at),
    })
    .from(rubricTemplates)
    .where(ownedBy.rubricTemplates(userId))
    .orderBy(asc(rubricTemplates.created_at), asc(rubricTemplates.id));

  const zip = exportZip(ctx, now, README);
  zip.json('profile.json', { profile });
  zip.json('account.json', {
    id: user.id,
    email: user.email,
    created_at: user.createdAt,
    email_confirmed_at: user.emailConfirmedAt,
    last_sign_in_at: user.lastSignInAt,
    roles,
  });
  zip.json('subjects.json', subjects);
  zip.json('classes.json', classes);
  zip.json('students.json', students);
  zip.json('tasks.json', tasks);
  zip.json('rubrics.json', { skill_groups: skillGroups, criteria, clusters });
  zip.json('rubric_templates.json', templates);
  zip.json('submissions.json', list);
  zip.json('grading.json', grading);
  zip.json('feedback_releases.json', releases);
  zip.json('grading_in_shared_classes.json', sharedGrading);
  zip.json('notifications.json', notifications);
  zip.json('coins.json', { balance, ledger: coinRows });
  const fileIndex = await zip.files(files);
  zip.json('files.json', fileIndex);
  const stream = zip.finish();

  ctx.log.info({ userId, files: fileIndex.length, submissions: list.length }, 'account data exported');
  return { fileName: exportFileName(now), stream };
}

/** The user's scores, texts and group feedback in classes other teachers own, per class and task. */
async function gradingInSharedClasses(ctx: Ctx, userId: string) {
  const { db } = ctx;
  const notMine = ne(classesTable.created_by, userId);
  const skillsRows = await db
    .select({
      class_name: classesTable.name,
      task_title: tasksTable.title,
      submission_id: skillFeedback.submission_id,
      skill: skillsTable.name,
      score: skillFeedback.score,
      reason: skillFeedback.reason,
      recommendation: skillFeedback.recommendation,
      updated_at: isoTimestamp(skillFeedback.updated_at),
    })
    .from(skillFeedback)
    .innerJoin(skillsTable, eq(skillsTable.id, skillFeedback.skill_id))
    .innerJoin(submissions, eq(submissions.id, skillFeedback.submission_id))
    .innerJoin(tasksTable, eq(tasksTable.id, submissions.task_id))
    .innerJoin(classesTable, eq(classesTable.id, tasksTable.class_id))
    .where(and(eq(skillFeedback.created_by, userId), notMine))
    .orderBy(
      asc(classesTable.name),
      asc(tasksTable.title),
      asc(skillFeedback.submission_id),
      asc(skillsTable.name),
    );
  const groupRows = await db
    .select({
      class_name: classesTable.name,
      task_title: tasksTable.title,
      submission_id: skillGroupFeedback.submission_id,
      skill_group: skillGroupsTable.name,
      feedback: skillGroupFeedback.feedback,
    })
    .from(skillGroupFeedback)
    .innerJoin(skillGroupsTable, eq(skillGroupsTable.id, skillGroupFeedback.skillGroup_id))
    .innerJoin(submissions, eq(submissions.id, skillGroupFeedback.submission_id))
    .innerJoin(tasksTable, eq(tasksTable.id, submissions.task_id))
    .innerJoin(classesTable, eq(classesTable.id, tasksTable.class_id))
    .where(and(eq(skillGroupFeedback.created_by, userId), notMine))
    .orderBy(asc(classesTable.name), asc(tasksTable.title), asc(skillGroupFeedback.submission_id));
  return { skills: skillsRows, skill_groups: groupRows };
}
