// One lint configuration for the whole workspace; Prettier owns formatting, and
// dependency-cruiser the layers and import cycles (.dependency-cruiser.cjs).
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', '**/.bench-build/**', 'data/**', 'migrations/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: {
        // Type-aware rules: each file is checked against the tsconfig.json of its package. The
        // workspace-level TypeScript files that no package's tsconfig includes get a default
        // project instead (listed by name: the default project is slow, so no globs here).
        projectService: {
          allowDefaultProject: [
            'vitest.config.ts',
            'vitest-summary-reporter.ts',
            'server/vitest.config.ts',
            'shared/vitest.config.ts',
          ],
          defaultProject: 'tsconfig.base.json',
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      'no-restricted-syntax': [
        'error',
        { selector: 'ExportDefaultDeclaration', message: 'Use named exports.' },
      ],
      // Off: an async function without `await` is deliberate here. Fastify plugins, hooks and
      // handlers are written async (Fastify tells async ones from callback-style ones by that),
      // and test fakes of async interfaces are async so that a throw becomes a rejection, as in
      // the real thing. Rewriting them with Promise.resolve() would only add noise.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    // Off in tests: Vitest types its asymmetric matchers (expect.any(), expect.objectContaining()
    // and the like) as `any`, so every `toEqual({ id: expect.any(Number) })` would be reported.
    files: ['**/*.test.{ts,tsx}', 'server/test/**'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    files: ['server/src/**/*.ts'],
    ignores: ['server/src/config/config.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration from config.ts only.' },
      ],
    },
  },
  {
    files: ['client/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Plain JavaScript (this file, the service worker) is in no TypeScript project.
    files: ['**/*.{js,mjs,cjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // dependency-cruiser reads its configuration as CommonJS.
    files: ['**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['client/public/sw.js'],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
  {
    files: ['**/*.config.{ts,js}', 'eslint.config.js'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  prettier,
);
