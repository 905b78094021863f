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
});
