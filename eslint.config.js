// @ts-check
// Lint (docs/architecture.md, Import boundaries): typescript-eslint's recommended rules, and the one-way imports of the
// design as import-boundary rules of our own `arch` plugin, built on eslint-plugin-import-x.
// The imports are resolved (eslint-import-resolver-typescript: `./x.js` is `./x.ts`,
// `@eo/contract` is packages/contract/src), so a rule sees the file an import names.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';
import { rules as importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import reactHooks from 'eslint-plugin-react-hooks';

const root = import.meta.dirname;
const subdirs = (/** @type {string} */ rel) =>
  readdirSync(path.join(root, rel), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
// Read at every run, so a new API module or web feature is covered without editing this file.
const apiModules = subdirs('apps/api/src/modules');
const webFeatures = subdirs('apps/web/src/features');

/**
 * The boundaries, one rule each; a rule is import-x's `no-restricted-paths` with these zones:
 * a file matching `target` may not import a file matching `from` (globs from the repo root).
 */
const BOUNDARIES = {
  // packages/contract is shared by both apps and depends on neither, nor on any other file of
  // ours outside it (scripts/, test/, e2e/): only its own files and installed packages.
  contract: [
    {
      target: 'packages/contract/**',
      from: '**',
      except: [`${root}/packages/contract/**`, `${root}/node_modules/**`, `${root}/**/node_modules/**`],
      message: 'packages/contract imports nothing from apps/ (nor scripts/, test/, e2e/): only its own files and packages.',
    },
  ],
  // API layering inside apps/api/src: routes → service → repository, never backwards or skipping.
  'api-layers': [
    {
      target: 'apps/api/src/**/*.routes.ts',
      from: 'apps/api/src/**/*.repository.ts',
      message: 'Layers are routes → service → repository: routes call a service, never a repository.',
    },
    {
      target: 'apps/api/src/**/*.repository.ts',
      from: ['apps/api/src/**/*.service.ts', 'apps/api/src/**/*.routes.ts'],
      message: 'Layers are routes → service → repository: a repository imports no service or routes.',
    },
    {
      target: 'apps/api/src/**/*.service.ts',
      from: 'apps/api/src/**/*.routes.ts',
      message: 'Layers are routes → service → repository: a service imports no routes.',
    },
  ],
  // A module's repositories are its own: other modules go through its service.
  'api-modules': apiModules.map((m) => ({
    target: `apps/api/src/modules/${m}/**`,
    from: apiModules.filter((o) => o !== m).map((o) => `apps/api/src/modules/${o}/**/*.repository.ts`),
    message: `Module "${m}" may not import another module's repository: call that module's service.`,
  })),
  // Web: components/lib → features → app; a feature never imports another feature.
  'web-features': [
    ...webFeatures.map((f) => ({
      target: `apps/web/src/features/${f}/**`,
      from: webFeatures.filter((o) => o !== f).map((o) => `apps/web/src/features/${o}/**`),
      message: `Feature "${f}" may not import another feature: move shared code to components/ or lib/.`,
    })),
    {
      target: 'apps/web/src/features/**',
      from: 'apps/web/src/app/**',
      message: 'A feature imports nothing from app/ (app/ composes the features).',
    },
    {
      target: ['apps/web/src/components/**', 'apps/web/src/lib/**'],
      from: ['apps/web/src/features/**', 'apps/web/src/app/**'],
      message: 'components/ and lib/ are shared: they import no feature and nothing from app/.',
    },
  ],
};

const arch = {
  meta: { name: 'arch' },
  rules: {
    ...Object.fromEntries(Object.keys(BOUNDARIES).map((name) => [name, importX['no-restricted-paths']])),
    'no-cycle': importX['no-cycle'],
  },
};

export default defineConfig(
  // As .gitignore: installed, built, generated and local data.
  { ignores: ['**/node_modules/', '**/dist/', '**/data/', '**/.tmp/', '**/test-results/', 'e2e/screenshots/', 'e2e/report/'] },
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },

  // typescript-eslint's recommended rules, without type information (fast: no type-check pass).
  tseslint.configs.recommended,
  {
    rules: {
      // A leading underscore marks a binding kept on purpose: a destructured field dropped from
      // `...rest`, an argument a callback's signature needs.
      '@typescript-eslint/no-unused-vars': ['error', {
        argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_',
        destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true,
      }],
    },
  },
  {
    // Tests and their helpers read untyped JSON bodies and build deliberately malformed inputs:
    // `any` there is the point (about 50 uses across the suites), not a hole in the types.
    files: ['**/*.test.{ts,tsx}', 'apps/api/test/**', 'e2e/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },

  // The two classic hook rules (the code's `eslint-disable … react-hooks/exhaustive-deps` refer to them).
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },

  // Import boundaries and cycles.
  {
    files: ['**/*.{ts,tsx,mts,js,mjs}'],
    plugins: { arch },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({
        project: ['tsconfig.json', 'apps/web/tsconfig.json', 'e2e/tsconfig.json'],
        noWarnOnMultipleProjects: true,
      })],
    },
    rules: {
      ...Object.fromEntries(Object.entries(BOUNDARIES).map(([name, zones]) => [`arch/${name}`, ['error', { basePath: root, zones }]])),
      'arch/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // Nothing imports a test, so a test is on no cycle; walking its imports (most reach the whole
    // app through the harness) took about half of lint's time.
    files: ['**/*.test.{ts,tsx}', 'e2e/**/*.spec.ts'],
    rules: { 'arch/no-cycle': 'off' },
  },
  {
    // Belt and braces for the contract: the apps' package names, resolvable or not.
    files: ['packages/contract/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: ['@eo/api', '@eo/api/*', '@eo/web', '@eo/web/*'], message: 'packages/contract imports nothing from apps/.' }] }] },
  },
);
