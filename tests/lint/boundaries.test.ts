import { readdirSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../e2e/helpers/server';

// The layer rules of eslint.config.js, checked on small pieces of code placed (virtually) in the tree. Only the
// import rules run: the type-aware rules would need the files to exist.

const eslint = new ESLint({
  cwd: repoRoot,
  overrideConfig: { languageOptions: { parserOptions: { projectService: false, project: null } } },
  ruleFilter: ({ ruleId }) => ruleId.endsWith('no-restricted-imports'),
});

async function importErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => m.ruleId?.endsWith('no-restricted-imports')).map((m) => m.message);
}

describe('API layers', () => {
  it('keeps the domain layer free of routes and plugin internals', async () => {
    const file = 'apps/api/src/domain/classes/scratch.ts';
    expect(
      await importErrors(file, "import x from '../../routes/api/classes';\nexport { x };\n"),
    ).toHaveLength(1);
    expect(
      await importErrors(
        file,
        "import { createMailer } from '../../plugins/app/mailer';\nexport { createMailer };\n",
      ),
    ).toHaveLength(1);
    expect(await importErrors(file, "import fp from 'fastify-plugin';\nexport { fp };\n")).toHaveLength(1);
    expect(
      await importErrors(
        file,
        "import type { Mailer } from '../../plugins/app/mailer';\nexport type { Mailer };\n",
      ),
    ).toEqual([]);
    expect(
      await importErrors(file, "import { accessible } from '../access';\nexport { accessible };\n"),
    ).toEqual([]);
  });

  it('keeps lib/ below the domain, plugins and routes', async () => {
    const file = 'apps/api/src/lib/uploads/scratch.ts';
    for (const code of [
      "import { accessible } from '../../domain/access';\nexport { accessible };\n",
      "import type { Mailer } from '../../plugins/app/mailer';\nexport type { Mailer };\n",
      "import routes from '../../routes';\nexport { routes };\n",
    ])
      expect(await importErrors(file, code), code).toHaveLength(1);
    expect(
      await importErrors(file, "import { sweepTempFiles } from '../storage';\nexport { sweepTempFiles };\n"),
    ).toEqual([]);
  });

  it('lets only app.ts import routes', async () => {
    const code = "import routes from './routes';\nexport { routes };\n";
    expect(await importErrors('apps/api/src/app.ts', code)).toEqual([]);
    expect(await importErrors('apps/api/src/server.ts', code)).toHaveLength(1);
    expect(
      await importErrors('apps/api/src/ai/gateway.ts', "import r from '../routes/context';\nexport { r };\n"),
    ).toHaveLength(1);
  });

  it('keeps route folders from importing each other', async () => {
    const file = 'apps/api/src/routes/api/submissions/index.ts';
    expect(await importErrors(file, "import { x } from '../classes/service';\nexport { x };\n")).toHaveLength(
      1,
    );
    expect(await importErrors(file, "import { x } from '../../../domain/classes';\nexport { x };\n")).toEqual(
      [],
    );
    expect(await importErrors(file, "import { ctxOf } from '../../context';\nexport { ctxOf };\n")).toEqual(
      [],
    );
    expect(await importErrors(file, "import { x } from './schemas';\nexport { x };\n")).toEqual([]);
  });
});

describe('web features', () => {
  it('are imported only through their public entry files', async () => {
    const route = 'apps/web/src/routes/_default/classes/index.tsx';
    expect(
      await importErrors(
        route,
        "import { X } from '../../../features/classes/components/ClassesPage';\nexport { X };\n",
      ),
    ).toHaveLength(1);
    expect(
      await importErrors(route, "import { X } from '../../../features/classes';\nexport { X };\n"),
    ).toEqual([]);
    expect(
      await importErrors(route, "import { x } from '../../../features/classes/queries';\nexport { x };\n"),
    ).toEqual([]);
  });

  it("keep other features' internals out of reach", async () => {
    const file = 'apps/web/src/features/grading/components/Scratch.tsx';
    expect(
      await importErrors(
        file,
        "import { X } from '../../submissions/components/SubmissionsTable';\nexport { X };\n",
      ),
    ).toHaveLength(1);
    expect(await importErrors(file, "import { X } from '../../submissions';\nexport { X };\n")).toEqual([]);
    expect(await importErrors(file, "import { X } from './GradingPage';\nexport { X };\n")).toEqual([]);
  });

  it('import other features only in the declared one-way order', async () => {
    // classes lies below students, subjects and tasks: a class's page that shows them is in src/pages/.
    const file = 'apps/web/src/features/classes/components/Scratch.tsx';
    expect(await importErrors(file, "import { X } from '../../students';\nexport { X };\n")).toHaveLength(1);
    expect(
      await importErrors(file, "import { x } from '../../tasks/queries';\nexport { x };\n"),
    ).toHaveLength(1);
    expect(await importErrors(file, "import { x } from '../../subjects/queries';\nexport { x };\n")).toEqual(
      [],
    );
    // The reverse of a declared dependency is refused, in data as in components.
    expect(
      await importErrors(
        'apps/web/src/features/subjects/components/Scratch.tsx',
        "import { x } from '../../classes/queries';\nexport { x };\n",
      ),
    ).toHaveLength(1);
    expect(
      await importErrors(
        'apps/web/src/features/corrections/queries.ts',
        "import { x } from '../submissions/queries';\nexport { x };\n",
      ),
    ).toHaveLength(1);
    expect(
      await importErrors(
        'apps/web/src/features/submissions/queries.ts',
        "import { x } from '../corrections/queries';\nexport { x };\n",
      ),
    ).toEqual([]);
    // A shared query key comes from the registry.
    expect(
      await importErrors(
        file,
        "import { queryKeys } from '../../../lib/queryKeys';\nexport { queryKeys };\n",
      ),
    ).toEqual([]);
  });

  it('never import each other, neither directly nor around a circle', async () => {
    // Every ordered pair of features, as the lint decides it: the allowed imports form no cycle.
    const features = readdirSync(path.join(repoRoot, 'apps/web/src/features'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    const allowed = new Map<string, string[]>();
    for (const from of features) {
      const targets: string[] = [];
      for (const to of features.filter((f) => f !== from)) {
        const code = `import * as x from '../../${to}';\nexport { x };\n`;
        const errors = await importErrors(`apps/web/src/features/${from}/components/Scratch.tsx`, code);
        if (errors.length === 0) targets.push(to);
      }
      allowed.set(from, targets);
    }
    const cycles: string[] = [];
    const visit = (feature: string, trail: string[]) => {
      if (trail.includes(feature)) return void cycles.push([...trail, feature].join(' → '));
      for (const next of allowed.get(feature) ?? []) visit(next, [...trail, feature]);
    };
    for (const feature of features) visit(feature, []);
    expect(cycles).toEqual([]);
    expect(allowed.get('students')).toEqual(['classes']);
  });

  it('stay out of the pages layer, and pages use features only through their entry files', async () => {
    expect(
      await importErrors(
        'apps/web/src/features/tasks/components/Scratch.tsx',
        "import { TaskPage } from '../../../pages/TaskPage';\nexport { TaskPage };\n",
      ),
    ).toHaveLength(1);
    const page = 'apps/web/src/pages/Scratch.tsx';
    expect(
      await importErrors(
        page,
        "import { ClassTasks } from '../features/tasks';\nimport { ClassStudents } from '../features/students';\nexport { ClassTasks, ClassStudents };\n",
      ),
    ).toEqual([]);
    expect(
      await importErrors(
        page,
        "import { X } from '../features/tasks/components/TaskCards';\nexport { X };\n",
      ),
    ).toHaveLength(1);
  });
});

describe('components/, lib/ and i18n/ of the web app', () => {
  it('import no feature, page or route, not even a type', async () => {
    for (const [file, code] of [
      ['apps/web/src/components/layouts/Scratch.tsx', "import { UserMenu } from '../../features/account';"],
      ['apps/web/src/components/Scratch.tsx', "import { x } from '../features/config/queries';"],
      ['apps/web/src/lib/Scratch.ts', "import type { AuthClient } from '../features/auth';"],
      ['apps/web/src/lib/Scratch.ts', "import { ClassPage } from '../pages/ClassPage';"],
      ['apps/web/src/i18n/Scratch.ts', "import { x } from '../routes/__root';"],
    ]) {
      expect(await importErrors(file!, `${code}\nexport {};\n`), file).toHaveLength(1);
    }
    expect(
      await importErrors(
        'apps/web/src/components/Scratch.tsx',
        "import { toast } from '../lib/toast';\nimport { de } from '../i18n/de';\nexport { toast, de };\n",
      ),
    ).toEqual([]);
  });
});
