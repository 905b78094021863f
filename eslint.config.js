// Type-checked lint for every workspace; each package runs `eslint .` from its own folder.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const webFeatures = readdirSync(new URL('./apps/web/src/features/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
/** The public entry files of a web feature (see the web blocks below). */
const webFeatureEntry = '(?!(?:index|queries|lazy)$)';
const intoWebFeature = {
  regex: `(^|/)features/[^/]+/${webFeatureEntry}`,
  message: 'Import a feature only through its index.ts, queries.ts or lazy.tsx, not its internals.',
};
const ownWebFeatureIndex = {
  regex: '^\\.{1,2}(/\\.\\.)*(/index)?$',
  message: "Inside a feature, import the module itself: the feature's own index.ts makes cycles.",
};

/**
 * The web features a feature may import (through their entry files): one way only, so that no two features
 * import each other. A page that needs several features lives in apps/web/src/pages/ (the pages layer), a
 * query key in apps/web/src/lib/queryKeys.ts. A new feature must be listed here; a cycle stops the lint.
 */
const webFeatureDeps = {
  account: ['auth', 'registration'],
  admin: ['auth', 'notifications'],
  ai: ['config'],
  analytics: [],
  auth: ['config'],
  classes: ['auth', 'config', 'subjects'],
  config: [],
  corrections: ['ai', 'config'],
  dev: ['ai', 'editor', 'submissions', 'tasks'],
  editor: [],
  grading: ['classes', 'editor', 'students', 'submissions'],
  notifications: [],
  pwa: [],
  registration: ['auth', 'subjects'],
  rubrics: ['ai', 'auth', 'tasks'],
  students: ['classes'],
  subjects: ['auth'],
  submissions: ['ai', 'config', 'corrections', 'editor', 'rubrics', 'tasks'],
  tasks: ['auth', 'classes', 'editor'],
};
for (const [feature, deps] of Object.entries(webFeatureDeps)) {
  for (const name of [feature, ...deps])
    if (!webFeatures.includes(name))
      throw new Error(`eslint.config.js: webFeatureDeps names no feature ${name}`);
}
for (const feature of webFeatures) {
  if (!(feature in webFeatureDeps))
    throw new Error(`eslint.config.js: add features/${feature} to webFeatureDeps`);
}
{
  const done = new Set();
  const visit = (feature, path) => {
    if (path.includes(feature)) {
      const cycle = [...path.slice(path.indexOf(feature)), feature].join(' → ');
      throw new Error(`eslint.config.js: webFeatureDeps has a cycle: ${cycle}`);
    }
    if (done.has(feature)) return;
    for (const dep of webFeatureDeps[feature]) visit(dep, [...path, feature]);
    done.add(feature);
  };
  for (const feature of Object.keys(webFeatureDeps)) visit(feature, []);
}
/** Inside features/<feature>/: the features it may not import, and the pages layer above all features. */
const webFeatureOrder = (feature) => {
  const refused = webFeatures.filter((f) => f !== feature && !webFeatureDeps[feature].includes(f));
  const allowed = webFeatureDeps[feature].join(', ') || 'no other feature';
  return [
    {
      regex: refused.length ? `^(\\.\\./)+(features/)?(?:${refused.join('|')})(/|$)` : '(?!)',
      message: `features/${feature} may import ${allowed} (webFeatureDeps in eslint.config.js, one way only); a page that needs more features belongs in src/pages/, a shared query key in lib/queryKeys.ts.`,
    },
    {
      regex: '^(\\.\\./)+pages(/|$)',
      message: 'The pages layer composes features; a feature never imports it.',
    },
  ];
};
/** components/, lib/ and i18n/ lie below every feature: what they need from one is passed in by the caller. */
const noWebFeatureBelow = {
  regex: '^(\\.\\./)+(features|pages|routes)(/|$)',
  message:
    'components/, lib/ and i18n/ import no feature, page or route: move the shared part down here, or let the caller (route, page) pass it in.',
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/.data/**',
      '**/.turbo/**',
      '**/drizzle/**',
      '**/routeTree.gen.ts',
      '**/*.config.js',
      '**/*.config.ts',
      'eslint.config.js',
      '.pnpmfile.cjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: { projectService: true },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      // Fastify plugins and hooks are async by contract even when they do not await.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Only the env modules read process.env; everything else gets validated config.
    files: ['apps/api/src/**/*.ts'],
    ignores: ['apps/api/src/env.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration from src/env.ts.' },
      ],
    },
  },
  // The API's layers (docs/ARCHITECTURE.md §3): routes → domain → db. Only app.ts mounts the routes.
  {
    files: ['apps/api/src/**/*.ts'],
    ignores: ['apps/api/src/routes/**', 'apps/api/src/app.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)routes(/|$)',
              message: 'Only app.ts mounts routes; call the domain layer instead.',
            },
          ],
        },
      ],
    },
  },
  {
    // lib/ holds engines and helpers below the domain: they know no domain, plugin or route module.
    files: ['apps/api/src/lib/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)(domain|plugins|routes)(/|$)',
              message: 'lib/ stays below the domain: pass what it needs in, or move the code out of lib/.',
            },
          ],
        },
      ],
    },
  },
  {
    // Operations see the app through ctx.services; plugins are wiring, only their types may be imported.
    files: ['apps/api/src/domain/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'fastify-plugin', message: 'Plugins live in src/plugins.' }],
          patterns: [
            { regex: '(^|/)routes(/|$)', message: 'The domain layer must not depend on routes.' },
            {
              regex: '(^|/)plugins/',
              allowTypeImports: true,
              message: 'Reach services through ctx.services; import only types from plugins.',
            },
          ],
        },
      ],
    },
  },
  {
    // A route folder is one resource: it shares code with other resources only through the domain layer.
    files: ['apps/api/src/routes/api/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./(?!\\.)',
              message: 'Route folders do not import each other; move shared logic into src/domain.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  // Web features (apps/web/src/features/<name>/) use each other only through their public entry files:
  // index.ts (components and small helpers), queries.ts (query options, mutations) and lazy.tsx (components
  // loaded on demand, e.g. the editor), and only in the one-way order of webFeatureDeps. Data never imports
  // components, so the index files make no import cycles. Inside a feature relative imports are free; lib/,
  // components/ and i18n/ are shared and import no feature; pages/ composes several features for a route.
  // The entry files cost no bundle size: apps/web/package.json declares the app's modules free of side
  // effects, so a route's chunk keeps only what it uses (the public /submit page stays small).
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/features/**'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [intoWebFeature] }] },
  },
  {
    files: ['apps/web/src/{components,lib,i18n}/**/*.{ts,tsx}'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [noWebFeatureBelow] }] },
  },
  ...webFeatures.flatMap((feature) => [
    {
      files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
      rules: {
        '@typescript-eslint/no-restricted-imports': [
          'error',
          {
            patterns: [
              intoWebFeature,
              {
                regex: `^(\\.\\./)+(?:${webFeatures.filter((f) => f !== feature).join('|')})/${webFeatureEntry}`,
                message: intoWebFeature.message,
              },
              ownWebFeatureIndex,
              ...webFeatureOrder(feature),
            ],
          },
        ],
      },
    },
    {
      files: [`apps/web/src/features/${feature}/{queries,*Queries}.ts`],
      rules: {
        '@typescript-eslint/no-restricted-imports': [
          'error',
          {
            patterns: [
              intoWebFeature,
              {
                regex: '^\\.\\./[^./][^/]*(/(?!queries$).*)?$',
                message:
                  "A feature's data uses other features only through their queries.ts (no components).",
              },
              ownWebFeatureIndex,
              ...webFeatureOrder(feature),
            ],
          },
        ],
      },
    },
  ]),
  prettier,
);
