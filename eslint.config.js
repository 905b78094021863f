// Type-checked lint for every workspace; each package runs `eslint .` from its own folder.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

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
  prettier,
);
