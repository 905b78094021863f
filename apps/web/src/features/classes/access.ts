import { classAccessAllows, type ClassAccess, type ClassRole } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
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
 */
export function useClassAccess(classId: string): ClassAccessInfo {
  const { data } = useQuery(classQueryOptions(classId));
  const role: ClassAccess = data?.my_role ?? 'owner';
  return { role, can: (verb) => classAccessAllows(role, verb), isOwner: role === 'owner' };
}
