/**
 * Every TanStack Query key of the web app (queries and mutations), in one place (ARCHITECTURE.md §9). Keys are
 * hierarchical by resource: what belongs to a class or a task sits below it (`['classes', id, 'students']`,
 * `['tasks', id, 'submissions']`), so one invalidation or removal of the parent reaches it. Each feature builds
 * its query options from its own group here; a feature that refreshes another's data uses that group too,
 * never the other feature's queries module.
 */

const classDetail = (id: string) => ['classes', id] as const;
const taskDetail = (id: string) => ['tasks', id] as const;

export const queryKeys = {
  /** `GET /api/config`: the public config, without the session. */
  config: ['config'] as const,

  /** The signed-in user's profile (registration dialog, account, user menu). */
  profile: {
    all: ['profile'] as const,
    own: () => ['profile', 'own'] as const,
  },
  /** The registration flags of the auth user's metadata. */
  registrationFlags: (userId: string) => ['registration', 'flags', userId] as const,
  schools: {
    states: ['schools', 'states'] as const,
    search: (state: string, q: string) => ['schools', 'search', state, q] as const,
  },

  subjects: {
    all: ['subjects'] as const,
    list: () => ['subjects', 'list'] as const,
  },

  classes: {
    all: ['classes'] as const,
    list: () => ['classes', 'list'] as const,
    detail: classDetail,
    students: (id: string) => [...classDetail(id), 'students'] as const,
    token: (id: string) => [...classDetail(id), 'token'] as const,
    tasks: (id: string) => [...classDetail(id), 'tasks'] as const,
    skillProfile: (id: string) => [...classDetail(id), 'skill-profile'] as const,
    /** Who teaches the class (co-teaching): the owner and the colleagues it is shared with. */
    teachers: (id: string) => [...classDetail(id), 'teachers'] as const,
    /** The invitations to other teachers' classes waiting for the signed-in teacher's answer. */
    invitations: () => ['classes', 'invitations'] as const,
  },

  tasks: {
    all: ['tasks'] as const,
    /** All of the teacher's tasks (the picker of the rubric developer pages). */
    everything: () => ['tasks', 'all'] as const,
    detail: taskDetail,
    /** The mutations creating a task (their pending rows are not links yet). */
    create: () => ['tasks', 'create'] as const,
    pdfExport: (id: string | null) => ['pdf-exports', id] as const,
  },

  rubrics: {
    task: (taskId: string) => [...taskDetail(taskId), 'rubric'] as const,
    /** The library of the teacher's skill groups. */
    library: ['skill-groups'] as const,
    clusters: ['clusters'] as const,
    /** The rubric library's templates (ADR 038): every search, and one template with its rubric. */
    templates: ['rubric-templates'] as const,
    templateSearch: (filters: { q: string; subject: string; grade: string }) =>
      ['rubric-templates', 'search', filters] as const,
    template: (id: string) => ['rubric-templates', id] as const,
  },

  /** A task's submissions: the list of `getAll` (one entry per student) and every file, matched or not. */
  submissions: {
    all: ['submissions'] as const,
    list: (taskId: string) => [...taskDetail(taskId), 'submissions'] as const,
    files: (taskId: string) => [...taskDetail(taskId), 'files'] as const,
  },

  corrections: {
    /** Everything of a task's AI corrections (the realtime stream refreshes it). */
    task: (taskId: string) => [...taskDetail(taskId), 'corrections'] as const,
    preview: (taskId: string) => [...taskDetail(taskId), 'corrections', 'preview'] as const,
    /** The requests of a task (mutations): the bar shows why the last one was refused. */
    request: (taskId: string) => [...taskDetail(taskId), 'corrections', 'request'] as const,
  },

  grading: {
    detail: (submissionId: string) => ['submissions', submissionId, 'grading'] as const,
    /** The change history (ADR 026); below it, one entry per `updated_at` of the view it belongs to. */
    changes: (submissionId: string) => ['submissions', submissionId, 'grading', 'changes'] as const,
  },

  notifications: {
    all: ['notifications'] as const,
  },

  admin: {
    all: ['admin'] as const,
    users: () => ['admin', 'users'] as const,
    roles: () => ['admin', 'roles'] as const,
    permissions: () => ['admin', 'permissions'] as const,
    stats: () => ['admin', 'stats'] as const,
    coins: (userId: string) => ['admin', 'coins', userId] as const,
  },
};
