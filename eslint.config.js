// One lint configuration for the whole workspace; Prettier owns formatting.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const clientFeatures = readdirSync(new URL('./client/src/features', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// The features a client feature may import, where one composes another (Home shows the Play now
// panel): one way only, so two features never depend on each other, even through a third. What
// two features share without one composing the other moves down to components/ or lib/.
const clientFeatureImports = {
  home: ['play-now', 'computer-opponent', 'daily'],
  'game-lists': ['play-now'],
  'play-now': ['computer-opponent'],
  game: ['computer-opponent', 'ratings', 'challenges'],
  profiles: ['ratings', 'challenges'],
  notices: ['challenges'],
  daily: ['game'],
};

for (const start of Object.keys(clientFeatureImports)) {
  for (const name of [start, ...clientFeatureImports[start]]) {
    if (!clientFeatures.includes(name)) throw new Error(`no client feature ${name}`);
  }
  const visit = (feature, trail) => {
    if (trail.includes(feature)) {
      throw new Error(`client features import each other: ${[...trail, feature].join(' → ')}`);
    }
    for (const next of clientFeatureImports[feature] ?? []) visit(next, [...trail, feature]);
  };
  visit(start, []);
}

// The client's layers, as import-x/no-restricted-paths zones.
const clientLayerZones = [
  ...clientFeatures.map((feature) => ({
    target: `./client/src/features/${feature}`,
    from: './client/src/features',
    except: [feature, ...(clientFeatureImports[feature] ?? [])].map((name) => `./${name}`),
    message:
      'A feature imports another only where clientFeatureImports says it composes it: move what they share to components/ or lib/.',
  })),
  {
    target: ['./client/src/components', './client/src/lib', './client/src/config'],
    from: ['./client/src/features', './client/src/app'],
    message: 'components/, lib/ and config/ sit below the features and the app.',
  },
  {
    target: ['./client/src/lib', './client/src/config'],
    from: './client/src/components',
    message:
      'lib/ and config/ sit below components/: lib/ exposes a hook or an interface that a component fills instead.',
  },
];

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
    ignores: ['server/src/config.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration from config.ts only.' },
      ],
    },
  },
  {
    // Plugins are infrastructure and know no domain: a domain that needs one uses what the
    // plugin exposes (the games domain registers its metrics in `app.metrics`), never the
    // other way round.
    files: ['server/src/plugins/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                'games',
                'sessions',
                'challenges',
                'friends',
                'leaderboards',
                'accounts',
                'realtime',
              ].flatMap((domain) => [`../${domain}`, `../${domain}/*`, `**/src/${domain}/*`]),
              message:
                'plugins/ is infrastructure: it imports no domain folder. Expose what the domain needs instead (a decorator, an option).',
            },
          ],
        },
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
    // The client's layers (bulletproof-react, client/src/README.md): app → features →
    // components → lib → config; a feature imports only the features clientFeatureImports lets
    // it. No module imports itself back, however far round.
    files: ['client/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // no-cycle follows each import into the module it names, which it can only parse as
      // TypeScript once told which files are.
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      // `@/…` imports resolve through client/tsconfig.json's `paths`. The rule skips an import
      // it cannot resolve, so without this every aliased import would pass unchecked.
      'import-x/resolver-next': [
        createNodeResolver({
          tsconfig: {
            configFile: new URL('./client/tsconfig.json', import.meta.url).pathname,
          },
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: clientLayerZones }],
      'import-x/no-cycle': 'error',
    },
  },
  {
    // Nor does a feature import the app, which assembles the features; a test may, to mount the
    // screen in the app's providers.
    files: ['client/src/**/*.{ts,tsx}'],
    ignores: ['client/src/**/*.test.{ts,tsx}', 'client/src/**/*.test-support.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...clientLayerZones,
            {
              target: './client/src/features',
              from: './client/src/app',
              message: 'Features sit below the app: the app imports them, never the other way.',
            },
          ],
        },
      ],
    },
  },
  {
    // The end-to-end tests and the reliability suite drive the app from outside, as a browser
    // would; what they share with the server's tests comes from @jotto/test-support (which
    // stays outside the server too) and the wire contract from @jotto/shared.
    files: ['client/e2e/**', 'reliability/**', 'test-support/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/src/**', '**/server/test/**', '@jotto/server', '@jotto/server/**'],
              message:
                'Not from the server: take test helpers from @jotto/test-support and the wire contract from @jotto/shared.',
            },
          ],
        },
      ],
    },
  },
  {
    // Test support (src/test/, and *.test-support.tsx beside the tests it serves) is for tests
    // only: Vite bundles what the app imports, so a production module importing it would ship it.
    files: ['client/src/**/*.{ts,tsx}'],
    ignores: [
      'client/src/**/*.test.{ts,tsx}',
      'client/src/**/*.test-support.{ts,tsx}',
      'client/src/test/**',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/*.test-support.*', '@/test/**', '**/test/**'],
              message: 'Test support is for tests only.',
            },
          ],
        },
      ],
    },
  },
  {
    // Plain JavaScript (this file, the service worker) is in no TypeScript project.
    files: ['**/*.{js,mjs,cjs}'],
    ...tseslint.configs.disableTypeChecked,
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
