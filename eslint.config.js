// Lint for the whole repository: TypeScript, React hooks, accessibility (jsx-a11y),
// the TanStack Query and Router rules, and the import boundaries of ARCHITECTURE.md.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import pluginQuery from '@tanstack/eslint-plugin-query';
import pluginRouter from '@tanstack/eslint-plugin-router';
import globals from 'globals';
import { existsSync, readdirSync } from 'node:fs';

// Features don't import each other (ARCHITECTURE.md): one block per feature folder.
const features = existsSync('app/features')
  ? readdirSync('app/features', { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
  : [];

// Server domains don't import each other (ARCHITECTURE.md): what several share lives in server/lib.
const domains = existsSync('server/routes')
  ? readdirSync('server/routes', { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
  : [];

const restrict = (patterns, message) => ({
  'no-restricted-imports': ['error', { patterns: [{ group: patterns, message }] }],
});

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      '.tools',
      'dist',
      'data',
      'app/route-tree.gen.ts',
      'test-results',
      'playwright-report',
      'coverage',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      eqeqeq: ['error', 'always'],
      'no-console': 'off',
    },
  },
  {
    files: ['app/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
  ...pluginQuery.configs['flat/recommended'],
  ...pluginRouter.configs['flat/recommended'],
  // Import boundaries (ARCHITECTURE.md): the contract depends on valibot only;
  // components/ and lib/ never reach into features/ or routes/; features don't import
  // each other; the app never imports the server and the server never imports the app.
  {
    files: ['contract/**/*.ts'],
    rules: restrict(
      ['#app/*', '#server/*', '../app/*', '../server/*', 'react', 'hono', 'kysely'],
      'contract/ depends on valibot only',
    ),
  },
  {
    files: ['app/components/**', 'app/lib/**'],
    rules: restrict(
      ['#app/features/*', '#app/routes/*', '**/features/*', '**/routes/*', '#server/*'],
      'components/ and lib/ never import features/ or routes/',
    ),
  },
  ...features.map((feature) => ({
    files: [`app/features/${feature}/**`],
    rules: restrict(
      [
        '#app/routes/*',
        '**/routes/*',
        '#server/*',
        ...features
          .filter((f) => f !== feature)
          .flatMap((f) => [`#app/features/${f}/*`, `**/features/${f}/*`, `../${f}/*`]),
      ],
      'features never import each other, routes or the server',
    ),
  })),
  {
    files: ['server/**'],
    rules: restrict(['#app/*', '**/app/*'], 'the server never imports the app'),
  },
  // The endpoint table imports every schema: the app takes its types only, and builds
  // URLs from #contract/paths (generated from the table), so no page loads them all.
  {
    files: ['app/**/*.ts', 'app/**/*.tsx'],
    ignores: ['app/**/*.test.ts', 'app/**/*.test.tsx'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: ['#contract/endpoints', '#contract/call'].map((name) => ({
            name,
            allowTypeImports: true,
            message: 'build URLs with #contract/paths; take only types from the endpoint table',
          })),
        },
      ],
    },
  },
  ...domains.map((domain) => ({
    files: [`server/routes/${domain}/**`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['#app/*', '**/app/*'], message: 'the server never imports the app' },
            {
              group: domains
                .filter((d) => d !== domain)
                .flatMap((d) => [`#server/routes/${d}/*`, `**/routes/${d}/*`, `../${d}/*`, `../../${d}/*`]),
              message: 'server domains never import each other; shared code lives in server/lib',
            },
          ],
        },
      ],
    },
  })),
);
