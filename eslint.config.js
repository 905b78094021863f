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
  // index.ts (components and small helpers), queries.ts (query keys, query options, mutations) and lazy.tsx
  // (components loaded on demand, e.g. the editor). Data never imports components, so the index files make
  // no import cycles. Inside a feature relative imports are free; lib/, components/ and i18n/ are shared.
  // The entry files cost no bundle size: apps/web/package.json declares the app's modules free of side
  // effects, so a route's chunk keeps only what it uses (the public /submit page stays small).
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/features/**'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [intoWebFeature] }] },
  },
  ...webFeatures.map((feature) => ({
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
          ],
        },
      ],
    },
  })),
  {
    files: ['apps/web/src/features/*/{queries,*Queries}.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            intoWebFeature,
            {
              regex: '^\\.\\./[^./][^/]*(/(?!queries$).*)?$',
              message: "A feature's data uses other features only through their queries.ts (no components).",
            },
            ownWebFeatureIndex,
          ],
        },
      ],
    },
  },
  prettier,
);
