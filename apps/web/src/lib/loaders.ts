import { notFound } from '@tanstack/react-router';
import { ApiError } from './api';

/**
 * For loaders of pages about one record (`/classes/$classId` …): an id the server does not know — or that
 * belongs to another teacher, which the API answers the same way — shows the 404 page, not an error page.
 */
export async function orNotFound<T>(promise: Promise<T>): Promise<T> {
  try {
    return await promise;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400))
      notFound({ throw: true });
    throw error;
  }
}
