import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from './env';

function captureError(fn: () => unknown): unknown {
  try {
    fn();
  } catch (err) {
    return err;
  }
  return undefined;
}

describe('environment', () => {
  it('uses the documented defaults', () => {
    const env = loadEnv({});
    expect(env).toMatchObject({ HOST: '127.0.0.1', PORT: 3000, MIGRATE: true, AI_PROVIDER: 'none' });
    expect(env.DATA_DIR).toBe(path.resolve('.data'));
    expect(env.PUBLIC_URL).toBe('http://localhost:3000');
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('stops on a bad value and names the variable', () => {
    expect(() => loadEnv({ PORT: 'abc' })).toThrow(EnvError);
    const err = captureError(() =>
      loadEnv({ PORT: '99999', AI_PROVIDER: 'magic', DATABASE_URL: 'not a url' }),
    );
    expect(err).toBeInstanceOf(EnvError);
    expect((err as EnvError).variables.sort()).toEqual(['AI_PROVIDER', 'DATABASE_URL', 'PORT']);
    expect((err as EnvError).message).toContain('PORT');
  });

  it('reads flags and strips a trailing slash from PUBLIC_URL', () => {
    const env = loadEnv({
      MIGRATE: '0',
      DEMO: 'false',
      PUBLIC_URL: 'https://schule.example/',
      DATABASE_URL: '',
    });
    expect(env).toMatchObject({ MIGRATE: false, DEMO: false, PUBLIC_URL: 'https://schule.example' });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('refuses WORKERS=off and only on the embedded database, which one process owns', () => {
    expect(loadEnv({}).WORKERS).toBe('on');
    for (const workers of ['off', 'only']) {
      const err = captureError(() => loadEnv({ WORKERS: workers }));
      expect(err).toBeInstanceOf(EnvError);
      expect((err as EnvError).variables).toEqual(['WORKERS']);
      expect((err as EnvError).message).toContain('braucht DATABASE_URL');
      expect(loadEnv({ WORKERS: workers, DATABASE_URL: 'postgres://db/app' }).WORKERS).toBe(workers);
    }
    expect((captureError(() => loadEnv({ WORKERS: 'yes' })) as EnvError).variables).toEqual(['WORKERS']);
  });

  it('reads AI_FEEDBACK_RUNS as 1 to 7; unset or empty leaves the provider’s default (ADR 024)', () => {
    expect(loadEnv({}).AI_FEEDBACK_RUNS).toBeUndefined();
    expect(loadEnv({ AI_FEEDBACK_RUNS: '' }).AI_FEEDBACK_RUNS).toBeUndefined();
    expect(loadEnv({ AI_FEEDBACK_RUNS: '5' }).AI_FEEDBACK_RUNS).toBe(5);
    for (const bad of ['0', '8', '2.5', 'drei'])
      expect((captureError(() => loadEnv({ AI_FEEDBACK_RUNS: bad })) as EnvError).variables).toEqual([
        'AI_FEEDBACK_RUNS',
      ]);
  });

  it('reads RETENTION_SCHOOL_YEARS as 1 to 50 school years; unset or empty keeps data forever (ADR 022)', () => {
    expect(loadEnv({}).RETENTION_SCHOOL_YEARS).toBeUndefined();
    expect(loadEnv({ RETENTION_SCHOOL_YEARS: '' }).RETENTION_SCHOOL_YEARS).toBeUndefined();
    expect(loadEnv({ RETENTION_SCHOOL_YEARS: '2' }).RETENTION_SCHOOL_YEARS).toBe(2);
    for (const bad of ['0', '51', '1.5', 'zwei']) {
      const err = captureError(() => loadEnv({ RETENTION_SCHOOL_YEARS: bad })) as EnvError;
      expect(err.variables).toEqual(['RETENTION_SCHOOL_YEARS']);
      expect(err.message).toContain('ganze Zahl von 1 bis 50 erwartet');
    }
  });
});
