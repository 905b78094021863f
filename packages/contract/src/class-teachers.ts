import { z } from 'zod';
import { ZId, ZUserId } from './ids';
import { ZTimestamp } from './common';
import { INVALID_EMAIL_MESSAGE } from './students';

// Co-teaching: a class's owner shares it with colleagues on the same server, each with a role. The roles are
// the access policy's verbs: "kann ansehen" views, "kann bewerten" also grades the hand-ins (scores, texts,
// AI corrections paid from their own coins, handing back), "verwaltet" also changes the class, its students,
// tasks and rubrics and who else has access. Only the owner deletes the class; nobody removes the owner.

export const CLASS_ROLES = ['view', 'grade', 'manage'] as const;
export const ZClassRole = z.enum(CLASS_ROLES);
export type ClassRole = z.infer<typeof ZClassRole>;

/** The roles as German sentences say them (the web's catalog and the API's invitation text). */
export const CLASS_ROLE_WORDS: Record<ClassRole, string> = {
  view: 'kann ansehen',
  grade: 'kann bewerten',
  manage: 'verwaltet',
};

/** The viewer's relation to a class: its owner, or a colleague's role. */
export const CLASS_ACCESS = ['owner', ...CLASS_ROLES] as const;
export const ZClassAccess = z.enum(CLASS_ACCESS);
export type ClassAccess = z.infer<typeof ZClassAccess>;

/** Whether `access` includes `verb` (the roles are ordered: view < grade < manage < owner). */
export function classAccessAllows(access: ClassAccess, verb: ClassRole): boolean {
  return (
    CLASS_ACCESS.indexOf(access) === 0 ||
    CLASS_ROLES.indexOf(verb) <= CLASS_ROLES.indexOf(access as ClassRole)
  );
}

export const CLASS_TEACHER_STATUSES = ['pending', 'accepted'] as const;

/** One teacher with access to a class: the owner (role `owner`, always accepted) or a colleague. */
export const ZClassTeacher = z.object({
  user_id: ZUserId,
  /** From the teacher's profile; empty when they have none. */
  name: z.string(),
  email: z.string(),
  role: ZClassAccess,
  /** An invited colleague sees nothing of the class until they accept. */
  status: z.enum(CLASS_TEACHER_STATUSES),
  /** When the colleague was invited; null for the owner. */
  invited_at: ZTimestamp.nullable(),
});
export type ClassTeacher = z.infer<typeof ZClassTeacher>;

/** `GET /api/classes/:id/teachers`: the owner first, then colleagues in the order they were invited. */
export const ZListClassTeachersResponse = z.object({ teachers: z.array(ZClassTeacher) });
export type ListClassTeachersResponse = z.infer<typeof ZListClassTeachersResponse>;

/** `POST /api/classes/:id/teachers`: invites a colleague by the e-mail address of their account. */
export const ZShareClassRequest = z
  .object({
    email: z
      .string({ error: INVALID_EMAIL_MESSAGE })
      .trim()
      .toLowerCase()
      .pipe(z.email({ error: INVALID_EMAIL_MESSAGE })),
    role: ZClassRole,
  })
  .strict();
export type ShareClassRequest = z.infer<typeof ZShareClassRequest>;

/** `PATCH /api/classes/:id/teachers/:userId`. */
export const ZUpdateClassTeacherRequest = z.object({ role: ZClassRole }).strict();
export type UpdateClassTeacherRequest = z.infer<typeof ZUpdateClassTeacherRequest>;

export const ZClassTeacherParams = z.object({ id: ZId, userId: ZUserId });

/** An invitation waiting for the invited teacher's answer (`GET /api/class-invitations`). */
export const ZClassInvitation = z.object({
  class_id: ZId,
  class_name: z.string(),
  grade: z.string(),
  subject_name: z.string(),
  /** The teacher who invited (from their profile; empty when none). */
  invited_by_name: z.string(),
  role: ZClassRole,
  invited_at: ZTimestamp,
});
export type ClassInvitation = z.infer<typeof ZClassInvitation>;
export const ZListClassInvitationsResponse = z.object({ invitations: z.array(ZClassInvitation) });
export type ListClassInvitationsResponse = z.infer<typeof ZListClassInvitationsResponse>;

/** The notification type an invitation sends to the invited teacher's bell. */
export const CLASS_INVITATION_NOTIFICATION = 'class_invitation';
