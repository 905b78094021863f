import { CLASS_INVITATION_NOTIFICATION, ZRealtimeChangeEvent, type RealtimeChangeEvent } from '@app/contract';
import type { QueryClient } from '@tanstack/react-query';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { queryKeys } from './queryKeys';

/**
 * The one realtime client (ARCHITECTURE.md §2): an EventSource on `GET /api/events` (server-sent events, the
 * session cookie authenticates it) shared by every component that wants live data. Change events invalidate
 * the queries that show the changed rows; the browser reconnects by itself after a network break, and a
 * `reset` (the server may have missed changes) refetches everything that is on screen.
 */

const EVENTS_URL = '/api/events';
/** Invalidations are collected this long, so a class's worth of events refetches a list once, not 30 times. */
const BATCH_MS = 250;

interface Connection {
  source: EventSource;
  users: number;
}

let connection: Connection | null = null;

/** Which query keys show a changed row (hierarchical keys: `['tasks', taskId, 'submissions']` …). */
export function affectedKeys(event: RealtimeChangeEvent): {
  exact: (readonly unknown[])[];
  submissionIds: string[];
} {
  const row = event.eventType === 'DELETE' ? event.old : event.new;
  const taskId = typeof row.task_id === 'string' ? row.task_id : null;
  const submissionId =
    typeof row.submission_id === 'string'
      ? row.submission_id
      : event.table === 'submissions' && typeof row.id === 'string'
        ? row.id
        : null;
  switch (event.table) {
    case 'submissions':
      // A submission's status also changes the price preview of the task's AI corrections.
      return {
        exact: taskId
          ? [
              queryKeys.submissions.list(taskId),
              queryKeys.submissions.files(taskId),
              queryKeys.corrections.task(taskId),
            ]
          : [],
        submissionIds: submissionId ? [submissionId] : [],
      };
    case 'submission_files':
      return {
        exact: taskId ? [queryKeys.submissions.list(taskId), queryKeys.submissions.files(taskId)] : [],
        submissionIds: submissionId ? [submissionId] : [],
      };
    case 'skill_feedback':
    case 'skill_group_feedback':
      return { exact: [], submissionIds: submissionId ? [submissionId] : [] };
    case 'notifications':
      // An invitation to a colleague's class arrives on the bell and waits at the top of the class list.
      return {
        exact:
          row.type === CLASS_INVITATION_NOTIFICATION
            ? [queryKeys.notifications.all, queryKeys.classes.invitations()]
            : [queryKeys.notifications.all],
        submissionIds: [],
      };
    case 'class_teachers': {
      // Co-teaching: someone was invited, accepted, declined, left, was removed or got another role. The
      // class list, the invitations and the class change (its `my_role`, and below it its teachers).
      const classId = typeof row.class_id === 'string' ? row.class_id : null;
      return {
        exact: [
          queryKeys.classes.list(),
          queryKeys.classes.invitations(),
          ...(classId ? [queryKeys.classes.detail(classId)] : []),
        ],
        submissionIds: [],
      };
    }
    default:
      return { exact: [], submissionIds: [] };
  }
}

/** Collects changes and invalidates once per batch. */
function createInvalidator(queryClient: QueryClient) {
  const keys = new Map<string, readonly unknown[]>();
  const submissionIds = new Set<string>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  const flush = () => {
    timer = null;
    for (const key of keys.values()) void queryClient.invalidateQueries({ queryKey: key });
    if (submissionIds.size > 0) {
      const ids = new Set(submissionIds);
      // A feedback row belongs to a submission: refresh every list and view that mentions it (the task's
      // submission list, the grading page). Lists of tasks are keyed by task, so refresh those too.
      void queryClient.invalidateQueries({
        predicate: (query) =>
          query.queryKey.some((part) => typeof part === 'string' && ids.has(part)) ||
          (query.queryKey[0] === 'tasks' && query.queryKey[2] === 'submissions'),
      });
    }
    keys.clear();
    submissionIds.clear();
  };
  return {
    add(event: RealtimeChangeEvent) {
      const affected = affectedKeys(event);
      for (const key of affected.exact) keys.set(JSON.stringify(key), key);
      for (const id of affected.submissionIds) submissionIds.add(id);
      timer ??= setTimeout(flush, BATCH_MS);
    },
  };
}

function open(queryClient: QueryClient): Connection {
  const source = new EventSource(EVENTS_URL, { withCredentials: true });
  const invalidator = createInvalidator(queryClient);
  source.addEventListener('change', (message) => {
    let event: RealtimeChangeEvent;
    try {
      event = ZRealtimeChangeEvent.parse(JSON.parse((message as MessageEvent<string>).data));
    } catch {
      return;
    }
    invalidator.add(event);
  });
  source.addEventListener('reset', () => void queryClient.invalidateQueries());
  return { source, users: 0 };
}

/**
 * Keeps the realtime stream open while the calling component is mounted (one stream per tab, however many
 * components ask); its change events invalidate the affected queries (`affectedKeys`).
 */
export function useRealtimeEvents(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    connection ??= open(queryClient);
    const current = connection;
    current.users += 1;
    return () => {
      current.users -= 1;
      if (current.users === 0) {
        current.source.close();
        if (connection === current) connection = null;
      }
    };
  }, [queryClient]);
}
