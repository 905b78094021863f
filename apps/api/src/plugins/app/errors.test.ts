import { DrizzleQueryError } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { AiError } from '../../ai/types';
import { markFromDatabase } from '../../db/errors';
import { toAppError } from './errors';

// A lost connection is answered by whose server it was: the database's is 503 DATABASE_UNAVAILABLE (with
// Retry-After, the web tries again), the S3 store's or an AI provider's is not.

const socketError = (code: string) =>
  Object.assign(new Error(`read ${code}`), { code, syscall: code === 'ECONNRESET' ? 'read' : 'connect' });

describe('toAppError for connections that failed', () => {
  it('the database’s: inside drizzle’s error, or from the pool’s connect', () => {
    expect(toAppError(new DrizzleQueryError('select 1', [], socketError('ECONNRESET'))).code).toBe(
      'DATABASE_UNAVAILABLE',
    );
    expect(toAppError(markFromDatabase(socketError('ECONNREFUSED'))).code).toBe('DATABASE_UNAVAILABLE');
  });

  it('the S3 store’s or a server’s reached with fetch: 503 SERVICE_UNAVAILABLE', () => {
    const s3 = Object.assign(socketError('ECONNRESET'), { $metadata: { attempts: 3, totalRetryDelay: 120 } });
    const fetched = new TypeError('fetch failed', { cause: socketError('ECONNREFUSED') });
    for (const err of [s3, fetched]) {
      const appError = toAppError(err);
      expect(appError.code).toBe('SERVICE_UNAVAILABLE');
      expect(appError.cause).toBe(err);
    }
  });

  it('an AI provider’s, as the AI routes answer it', () => {
    expect(toAppError(new AiError('fetch', 'get_skills', 'get_skills: ECONNRESET')).code).toBe('AI_FAILED');
    expect(toAppError(new AiError('invalid_response', 'get_skills', 'get_skills: kein JSON')).code).toBe(
      'AI_INVALID_RESPONSE',
    );
  });
});
