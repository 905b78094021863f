import { classAccessAllows, type ClassAccess, type ClassRole } from '@app/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { de } from '../../i18n/de';
import { ApiError } from '../../lib/api';
import { queryKeys } from '../../lib/queryKeys';
import { toast } from '../../lib/toast';
import { classQueryOptions } from './queries';

export interface ClassAccessInfo {
  /** The signed-in teacher's relation to the class: its owner, or the role a colleague shared it with. */
  role: ClassAccess;
  /** Whether the role includes `verb` (view < grade < manage < owner; the contract's `classAccessAllows`). */
  can: (verb: ClassRole) => boolean;
  /** Only the owner deletes the class (a colleague who manages it does everything else). */
  isOwner: boolean;
}

/**
 * What the signed-in teacher may do with a class (co-teaching): the one way the pages decide which controls
 * to show. 'view' reads, 'grade' also grades the hand-ins, 'manage' also changes the class, its students,
 * tasks and rubrics; the API refuses the rest anyway. The pages under `/classes/$classId` have the class in
 * the cache from their loaders; without it (a part rendered alone) the contract's default, the owner's.
 *
 * Access can end while the page is open (the owner removed the colleague, or the class was deleted): the
 * live update refetches the class, which then answers 404. The teacher then goes to the class list with a
 * note, and the cached class with everything under it is dropped: nothing of it stays on screen.
 */
/** Classes whose page is being left because access ended (several parts of a page ask at once). */
const leaving = new Set<string>();

export function useClassAccess(classId: string): ClassAccessInfo {
  const { data, error } = useQuery(classQueryOptions(classId));
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const gone = error instanceof ApiError && error.status === 404;
  useEffect(() => {
    if (!gone || leaving.has(classId)) return;
    leaving.add(classId);
    toast.info(de.sharing.toasts.accessLost);
    // Off the page first: its parts still read the class from the cache while they are on screen.
    void Promise.resolve(navigate({ to: '/classes', replace: true }))
      .then(() => queryClient.removeQueries({ queryKey: queryKeys.classes.detail(classId) }))
      .finally(() => leaving.delete(classId));
  }, [gone, classId, queryClient, navigate]);
  const role: ClassAccess = data?.my_role ?? 'owner';
  return { role, can: (verb) => classAccessAllows(role, verb), isOwner: role === 'owner' };
}
