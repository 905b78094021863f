import { nanoid } from 'nanoid';
import { z } from 'zod';
import { ID_PATTERN } from './public';

/** Entity ids are 21-character nanoids (PRODUCT.md §9, ARCHITECTURE.md §5). */
export const ID_LENGTH = 21;

export const INVALID_ID_MESSAGE = 'Ungültige ID';

/** A fresh entity id (21 characters, nanoid alphabet). */
export function newId(): string {
  return nanoid(ID_LENGTH);
}

/** An entity id schema whose every issue carries `message` (e.g. a domain message such as `TASK_ID_MISSING`). */
export function zId(message: string = INVALID_ID_MESSAGE) {
  return z.string({ error: message }).regex(ID_PATTERN, { error: message });
}

export const ZId = zId();
export type Id = z.infer<typeof ZId>;

/**
 * User ids come from the auth provider and are UUIDs. `z.guid()` accepts any UUID-shaped value, not only
 * RFC 9562 versions, so hand-written fixture ids such as `11111111-1111-1111-1111-111111111111` pass too.
 */
export const ZUserId = z.guid({ error: 'Ungültige Nutzer-ID' });
export type UserId = z.infer<typeof ZUserId>;

/** Route params `/:id` of every resource. */
export const ZIdParams = z.object({ id: ZId });
export type IdParams = z.infer<typeof ZIdParams>;
