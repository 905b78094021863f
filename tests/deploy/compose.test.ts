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
  profiles: z.array(z.string()).optional(),
});
const ZCompose = z.object({
  services: z.record(z.string(), ZService),
  volumes: z.record(z.string(), z.unknown().nullable()),
});

const composeText = readFileSync(path.join(repoRoot, 'docker-compose.yml'), 'utf8');
// Compose applies YAML merge keys (`<<: *app`), so read them the same way.
const compose = ZCompose.parse(parse(composeText, { merge: true }));
const dockerfile = readFileSync(path.join(repoRoot, 'Dockerfile'), 'utf8');
const envExample = readFileSync(path.join(repoRoot, '.env.example'), 'utf8');
const caddyfile = readFileSync(path.join(repoRoot, 'deploy', 'Caddyfile'), 'utf8');
const known = Object.keys(ZEnv.in.shape);
/** The services running the app image, and what WORKERS each gets. */
const APP_SERVICES = { api: '${API_WORKERS:-on}', 'api-2': 'off', worker: 'only' } as const;

/** An .env for the scale and s3 profiles as .env.example describes it. */
const SCALED_WITH_MINIO = {
  API_WORKERS: 'off',
  STORAGE: 's3',
  S3_ENDPOINT: 'http://minio:9000',
  S3_BUCKET: 'klassenzimmer',
  S3_ACCESS_KEY_ID: 'klassenzimmer',
  S3_SECRET_ACCESS_KEY: 'geheim-123',
  S3_FORCE_PATH_STYLE: '1',
};

/** The environment as compose would substitute it from an .env that sets `given` (and the password). */
function substituted(environment: Record<string, string>, given: Record<string, string> = {}) {
  const vars: Record<string, string> = { POSTGRES_PASSWORD: 'pw', ...given };
  return Object.fromEntries(
    Object.entries(environment).map(([k, v]) => [
      k,
      v.replace(
        /\$\{(\w+)(?::-([^}]*)|:\?[^}]*)?\}/g,
        (_m, name: string, fallback?: string) => vars[name] ?? fallback ?? '',
      ),
    ]),
  );
}

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
    for (const name of Object.keys(APP_SERVICES)) {
      for (const key of Object.keys(compose.services[name]?.environment ?? {}))
        expect(known, `${name}: ${key}`).toContain(key);
    }
    expect(postgres?.environment?.POSTGRES_PASSWORD).toMatch(/^\$\{POSTGRES_PASSWORD:\?/);
  });

  it('accepts its own environment as valid configuration, alone and in the scale profile', () => {
    for (const [name, workers] of Object.entries(APP_SERVICES)) {
      const environment = compose.services[name]?.environment ?? {};
      expect(environment.WORKERS, name).toBe(workers);
      for (const given of [{}, SCALED_WITH_MINIO]) {
        const parsed = ZEnv.safeParse(substituted(environment, given));
        expect(parsed.error?.issues ?? [], name).toEqual([]);
      }
    }
    expect(ZEnv.parse(substituted(api?.environment ?? {})).WORKERS).toBe('on');
    expect(ZEnv.parse(substituted(api?.environment ?? {}, { API_WORKERS: 'off' })).WORKERS).toBe('off');
  });
});

describe('docker-compose.yml profiles', () => {
  const service = (name: string) => {
    const found = compose.services[name];
    expect(found, name).toBeDefined();
    return found!;
  };

  it('starts PostgreSQL and one API by default; scale adds a second API, a worker and the proxy; s3 MinIO', () => {
    const byProfile = (profile?: string) =>
      Object.entries(compose.services)
        .filter(([, s]) => (profile ? s.profiles?.includes(profile) : !s.profiles))
        .map(([name]) => name)
        .sort();
    expect(byProfile()).toEqual(['api', 'postgres']);
    expect(byProfile('scale')).toEqual(['api-2', 'proxy', 'worker']);
    expect(byProfile('s3')).toEqual(['minio', 'minio-bucket']);
  });

  it('runs every app process on the one PostgreSQL, the shared volume and the same image', () => {
    for (const name of Object.keys(APP_SERVICES)) {
      const s = service(name);
      expect(s.image, name).toBe('klassenzimmer/api:latest');
      expect(s.depends_on?.postgres?.condition, name).toBe('service_healthy');
      expect(s.environment?.DATABASE_URL, name).toMatch(/@postgres:5432\//);
      expect(s.volumes, name).toContain('appdata:/data');
      expect(JSON.stringify(s.healthcheck?.test), name).toContain('http://127.0.0.1:3000/api/health');
    }
  });

  it('publishes the single API on 3000 and, in the scale profile, only the proxy', () => {
    expect(service('api').ports).toEqual(['${API_PORT:-3000}:3000']);
    expect(service('proxy').ports).toEqual(['${PROXY_PORT:-8080}:80']);
    for (const name of ['api-2', 'worker', 'minio', 'postgres'])
      expect(service(name).ports, name).toBeUndefined();
    for (const [name, s] of Object.entries(compose.services)) {
      // The one-shot bucket setup ends; everything else reports its health.
      if (name !== 'minio-bucket') expect(s.healthcheck, name).toBeDefined();
    }
  });

  it('proxies to both API processes without buffering (server-sent events), checking their health', () => {
    const proxy = service('proxy');
    expect(proxy.volumes).toContain('./deploy/Caddyfile:/etc/caddy/Caddyfile:ro');
    expect(proxy.depends_on?.api?.condition).toBe('service_healthy');
    expect(proxy.depends_on?.['api-2']?.condition).toBe('service_healthy');
    expect(caddyfile).toMatch(/reverse_proxy api:3000 api-2:3000 \{/);
    expect(caddyfile).toMatch(/^\s*flush_interval -1$/m);
    expect(caddyfile).toMatch(/^\s*health_uri \/api\/health$/m);
  });
});

describe('.env.example', () => {
  const listed = new Set([...envExample.matchAll(/^#? ?([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]));

  it('names every variable of the app’s configuration', () => {
    const missing = known.filter((key) => !listed.has(key));
    expect(missing).toEqual([]);
  });

  it('names every variable docker-compose.yml reads, and sets the required ones', () => {
    const read = new Set([...composeText.matchAll(/\$\{(\w+)/g)].map((m) => m[1]));
    expect([...read].filter((name) => !listed.has(name))).toEqual([]);
    expect(envExample).toMatch(/^POSTGRES_PASSWORD=\S+/m);
  });
});

describe('Dockerfile', () => {
  it('builds with the lockfile and starts the bundled server', () => {
    expect(dockerfile).toContain('pnpm install --frozen-lockfile');
    expect(dockerfile).toMatch(/CMD \["node", "apps\/api\/dist\/server\.js"\]/);
    expect(dockerfile).toMatch(/USER node/);
  });

  it('listens on the port and answers the health check the compose services rely on', () => {
    expect(dockerfile).toMatch(/ENV [^\n]*HOST=0\.0\.0\.0 PORT=3000 DATA_DIR=\/data/);
    expect(dockerfile).toMatch(/^EXPOSE 3000$/m);
    expect(dockerfile).toMatch(/^HEALTHCHECK .*http:\/\/127\.0\.0\.1:3000\/api\/health/m);
    // `pnpm worker` in the image: the same entry point with WORKERS=only.
    expect(compose.services.worker?.environment?.WORKERS).toBe('only');
  });
});
