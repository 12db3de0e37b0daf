import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { oneWayModules } from './scripts/eslint-one-way-modules.mjs';

// Import boundaries (README.md "How it is built", ADR 013): domain imports nothing of ours and
// no framework; contracts import only domain; server and web never import each other; web
// features don't import each other (shared pieces live in web/components, web/lib or web/app).
const webFeatures = (() => {
  try {
    return readdirSync('src/web/features', { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
  } catch {
    return [];
  }
})();

const boundaryZones = [
  {
    target: './src/domain',
    from: './src/contracts',
    message: 'domain is pure: it imports nothing of ours',
  },
  {
    target: './src/domain',
    from: './src/server',
    message: 'domain is pure: it imports nothing of ours',
  },
  {
    target: './src/domain',
    from: './src/web',
    message: 'domain is pure: it imports nothing of ours',
  },
  { target: './src/contracts', from: './src/server', message: 'contracts import only domain' },
  { target: './src/contracts', from: './src/web', message: 'contracts import only domain' },
  { target: './src/server', from: './src/web', message: 'server and web never import each other' },
  { target: './src/web', from: './src/server', message: 'server and web never import each other' },
  ...webFeatures.map((feature) => ({
    target: `./src/web/features/${feature}`,
    from: './src/web/features',
    except: [`./${feature}`],
    message: 'web features do not import each other: move shared code to components/ or lib/',
  })),
];

// Test support (src/server/test, src/web/test) is for tests only: the test files, the end-to-end
// suite and the benchmarks import it; production code and scripts never do, and no production
// file imports the test runner (ADR 024).
const testSupportZones = [
  {
    target: './src',
    from: './src/server/test',
    message: 'src/server/test is test support: only *.test.ts, tests/e2e and bench import it',
  },
  {
    target: './src',
    from: './src/web/test',
    message: 'src/web/test is test support: only *.test.tsx, tests/e2e and bench import it',
  },
];
// Shared web code (components/, lib/) is below the features and the app shell: it never imports
// them (a piece two features need moves down, never sideways through a feature).
const sharedWebZones = ['./src/web/components', './src/web/lib'].flatMap((target) =>
  ['./src/web/features', './src/web/app'].map((from) => ({
    target,
    from,
    message: 'shared web code (components/, lib/) never imports features/ or app/',
  })),
);
const testFiles = [
  '**/*.test.{ts,tsx}',
  'tests/**',
  'bench/**',
  'src/server/test/**',
  'src/web/test/**',
];
const testRunnerPackages = {
  group: ['vitest', 'vitest/*', '@vitest/*', '@testing-library/*', 'vitest-axe', 'vitest-axe/*'],
  message: 'the test runner is for tests: move this into src/server/test or src/web/test',
};

const frameworkPackages = [
  'react',
  'react-*',
  '@tanstack/*',
  'fastify',
  '@fastify/*',
  'kysely',
  'pg',
  '@electric-sql/*',
  'node:*',
  'better-auth',
  'nodemailer',
];

export default tseslint.config(
  {
    ignores: [
      'dist',
      'data',
      'scratch',
      'node_modules',
      'coverage',
      'tests/e2e/.artifacts',
      'src/web/public',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'import-x': importX },
    settings: {
      // Which files the import rules read to follow imports further (no-cycle walks them).
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'] }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: boundaryZones }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'scripts/**', 'deploy/**'],
    ignores: testFiles,
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { zones: [...boundaryZones, ...testSupportZones, ...sharedWebZones] },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: testFiles,
    rules: { 'no-restricted-imports': ['error', { patterns: [testRunnerPackages] }] },
  },
  {
    files: ['src/domain/**/*.ts'],
    ignores: ['src/domain/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: frameworkPackages, message: 'domain is pure: no I/O, no framework' },
            testRunnerPackages,
          ],
        },
      ],
    },
  },
  {
    // Only env.ts reads the environment (the web reads nothing of it).
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/server/env.ts', 'src/**/*.test.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'read settings through src/server/env.ts' },
      ],
    },
  },
  {
    // SQL lives in repositories (ADR 013): a use case reads like the flow and asks a
    // *.repository.ts for rows; db/ and adapters/ speak SQL by nature; tests set up rows.
    files: ['src/server/**/*.ts'],
    ignores: [
      'src/server/**/*.repository.ts',
      'src/server/db/**',
      'src/server/adapters/**',
      'src/server/test/**',
      'src/server/**/*.test.ts',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'CallExpression[callee.property.name=/^(selectFrom|selectNoFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto)$/]',
          message: 'SQL belongs in a *.repository.ts of the module (ADR 013)',
        },
        {
          selector: "TaggedTemplateExpression[tag.name='sql']",
          message: 'SQL belongs in a *.repository.ts of the module (ADR 013)',
        },
      ],
    },
  },
  {
    // Dates and times become text in one place (issue 29, ADR 037): src/domain/text/date-styles.ts,
    // through src/web/lib/dates.ts on the web. A screen or an email names a style there. And no
    // autoFocus (ADR 043).
    files: ['src/web/**/*.{ts,tsx}', 'src/server/adapters/mail/**/*.ts'],
    ignores: testFiles,
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression[callee.property.name=/^toLocale(Date|Time)String$/]',
          message: 'format dates with a style of src/web/lib/dates.ts (ADR 037)',
        },
        {
          selector:
            "CallExpression[callee.property.name='toLocaleString'][callee.object.type='NewExpression'][callee.object.callee.name='Date']",
          message: 'format dates with a style of src/web/lib/dates.ts (ADR 037)',
        },
        {
          selector:
            "NewExpression[callee.object.name='Intl'][callee.property.name='DateTimeFormat']",
          message: 'format dates with a style of src/web/lib/dates.ts (ADR 037)',
        },
        {
          // React DOM focuses such an element as it mounts; Preact leaves it to the browser,
          // which ignores it on elements added after the page loaded (ADR 043).
          selector: "JSXAttribute[name.name='autoFocus']",
          message:
            'use ref={focusOnMount} (src/web/lib/focus-on-mount.ts): autoFocus does nothing here',
        },
      ],
    },
  },
  {
    // Server modules depend on each other one way (issue 24): lessons announces what happens to
    // a lesson (lesson-events.ts), payments and notifications listen, app.ts wires them. No file
    // cycle either. ignoreExternal: no-cycle need not walk node_modules (PGlite's bundle is too
    // deep for the parser).
    files: ['src/server/**/*.ts'],
    plugins: { tutora: { rules: { 'one-way-modules': oneWayModules } } },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'tutora/one-way-modules': 'error',
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      // A cycle makes the load order decide what a module sees (and defeats code splitting).
      'import-x/no-cycle': 'error',
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
);
