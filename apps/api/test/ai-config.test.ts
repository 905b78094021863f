import { ZPublicConfig } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAi } from '../../../tests/fixtures/fake-openai';
import type { FakeServer } from '../../../tests/fixtures/fake-ai-control';
import { DEMO_TEACHER } from '../src/domain/demo';
import { coinBalance } from '../src/domain/coins';
import { EnvError, loadEnv } from '../src/env';
import { createTestApp, type TestApp } from './helpers/app';

// AI configuration end to end: env validation, `app.ai`, what /api/config tells the web, the demo's coins.

describe('AI environment variables', () => {
  it('default to no AI, the OpenAI endpoint, 100 starting coins and 1 coin per call', () => {
    expect(loadEnv({})).toMatchObject({
      AI_PROVIDER: 'none',
      AI_ROUTE_PREFIX: '',
      OPENAI_BASE_URL: 'https://api.openai.com/v1',
      OPENAI_MODEL: 'gpt-4o-mini',
      AI_TIMEOUT_MS: 120_000,
      AI_START_COINS: 100,
      AI_COST_FEEDBACK: 1,
    });
  });

  it('need AI_SERVICE_URL for the service provider and name bad values', () => {
    const err = (() => {
      try {
        loadEnv({ AI_PROVIDER: 'service', AI_ROUTE_PREFIX: 'kein pfad', AI_START_COINS: '-1' });
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(EnvError);
    expect((err as EnvError).variables.sort()).toEqual([
      'AI_ROUTE_PREFIX',
      'AI_SERVICE_URL',
      'AI_START_COINS',
    ]);
    expect(() => loadEnv({ AI_PROVIDER: 'service' })).toThrow(/AI_SERVICE_URL/);
    expect(
      loadEnv({ AI_PROVIDER: 'service', AI_SERVICE_URL: 'http://ai:8000', AI_ROUTE_PREFIX: '/aiapi/' }),
    ).toMatchObject({ AI_ROUTE_PREFIX: '/aiapi' });
  });
});

describe('AI off (AI_PROVIDER=none)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { DEMO: '1', AI_START_COINS: '100' } });
  });
  afterAll(() => t.close());

  it('leaves app.ai null and tells the web', async () => {
    expect(t.app.ai).toBeNull();
    const res = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(ZPublicConfig.parse(res.json()).aiProvider).toBe('none');
  });

  it('gives the demo teacher coins to try the AI with', async () => {
    const demo = await t.app.authAdmin.getUserByEmail(DEMO_TEACHER.email);
    expect(demo).toBeTruthy();
    expect(await coinBalance(t.app.db, demo!.id)).toBe(100);
  });
});

describe('AI on (AI_PROVIDER=openai)', () => {
  let fake: FakeServer;
  let t: TestApp;
  beforeAll(async () => {
    fake = await startFakeOpenAi({ apiKey: 'sk-config-test' });
    t = await createTestApp({
      env: {
        AI_PROVIDER: 'openai',
        OPENAI_BASE_URL: `${fake.url}/v1`,
        OPENAI_API_KEY: 'sk-config-test',
        OPENAI_MODEL: 'fake-model',
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('decorates app.ai with the provider, tells the web, and never logs the key', async () => {
    expect(t.app.ai?.provider).toBe('openai');
    expect(await t.app.ai!.healthcheck()).toBe(true);
    const res = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(ZPublicConfig.parse(res.json()).aiProvider).toBe('openai');
    expect(JSON.stringify(res.json())).not.toContain('sk-config-test');
    expect(JSON.stringify(t.logs)).not.toContain('sk-config-test');
  });
});

describe('AI provider down at start', () => {
  it('starts anyway and warns the operator', async () => {
    const fake = await startFakeOpenAi();
    const url = fake.url;
    await fake.close();
    const t = await createTestApp({
      env: { AI_PROVIDER: 'openai', OPENAI_BASE_URL: `${url}/v1`, OPENAI_MODEL: 'fake-model' },
    });
    try {
      await expect
        .poll(() => t.logs.some((l) => l.msg === 'KI-Anbieter antwortet nicht auf den Health-Check'))
        .toBe(true);
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
