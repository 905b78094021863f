import { AppError } from '../../lib/app-error';

/** `ids` must be exactly the current set, else 409 RUBRIC_ORDER_MISMATCH (another tab changed it). */
export function assertSameSet(current: readonly string[], ids: readonly string[]): void {
  const wanted = new Set(ids);
  if (wanted.size !== ids.length || wanted.size !== current.length || !current.every((id) => wanted.has(id)))
    throw new AppError('RUBRIC_ORDER_MISMATCH');
}
