import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { z } from 'zod';
import { ZEnv } from '../../apps/api/src/env';
import { repoRoot } from '../e2e/helpers/server';

// Docker cannot run on the build machines, so the deployment files are checked by reading them.

const ZService = z.object({
  image: z.string().optional(),
  build: z.unknown().optional(),
  environment: z.record(z.string(), z.string()).optional(),
  depends_on: z.record(z.string(), z.object({ condition: z.string() })).optional(),
  volumes: z.array(z.string()).optional(),
  healthcheck: z.object({ test: z.union([z.string(), z.array(z.string())]) }).optional(),
  ports: z.array(z.string()).optional(),
});
const ZCompose = z.object({
  services: z.record(z.string(), ZService),
  volumes: z.record(z.string(), z.unknown().nullable()),
});

const compose = ZCompose.parse(parse(readFileSync(path.join(repoRoot, 'docker-compose.yml'), 'utf8')));
const dockerfile = readFileSync(path.join(repoRoot, 'Dockerfile'), 'utf8');

describe('docker-compose.yml', () => {
  const api = compose.services.api;
  const postgres = compose.services.postgres;

  it('runs the API against a healthy Postgres 16', () => {
    expect(postgres?.image).toMatch(/^postgres:16/);
    expect(postgres?.healthcheck).toBeDefined();
    expect(api?.depends_on?.postgres?.condition).toBe('service_healthy');
    expect(api?.environment?.DATABASE_URL).toMatch(/^postgres:\/\/[^@]+@postgres:5432\//);
  });

  it('keeps data in named volumes', () => {
    const declared = Object.keys(compose.volumes);
    for (const service of [api, postgres]) {
      for (const volume of service?.volumes ?? []) {
        expect(declared).toContain(volume.split(':')[0]);
      }
    }
    expect(api?.environment?.DATA_DIR).toBe('/data');
    expect(api?.volumes).toContain('appdata:/data');
  });

  it('sets only variables the API knows, and no secret in clear text', () => {
    const known = Object.keys(ZEnv.in.shape);
    for (const key of Object.keys(api?.environment ?? {})) expect(known, key).toContain(key);
    expect(postgres?.environment?.POSTGRES_PASSWORD).toMatch(/^\$\{POSTGRES_PASSWORD:\?/);
  });

  it('accepts its own environment as valid configuration', () => {
    const env = Object.fromEntries(
      Object.entries(api?.environment ?? {}).map(([k, v]) => [
        k,
        // Substitute as compose would with an .env that only sets the required password.
        v.replace(/\$\{(\w+)(?::-([^}]*)|:\?[^}]*)?\}/g, (_m, name: string, fallback?: string) =>
          name === 'POSTGRES_PASSWORD' ? 'pw' : (fallback ?? ''),
        ),
      ]),
    );
    const parsed = ZEnv.safeParse(env);
    expect(parsed.error?.issues ?? []).toEqual([]);
  });
});

describe('Dockerfile', () => {
  it('builds with the lockfile and starts the bundled server', () => {
    expect(dockerfile).toContain('pnpm install --frozen-lockfile');
    expect(dockerfile).toMatch(/CMD \["node", "apps\/api\/dist\/server\.js"\]/);
    expect(dockerfile).toMatch(/USER node/);
  });
});
