// The workspace's layers and the rule against import cycles, checked by dependency-cruiser
// (`pnpm lint`; `pnpm deps:graph` draws the server's folders). dependency-cruiser rather than an
// ESLint plugin: it reads the whole module graph at once, so a cycle of any length, across
// folders and packages, is one finding, and one file states every layer of the server, the
// client and shared; ESLint sees one file at a time.
//
// Every folder is covered by default: a server folder missing from SERVER_LAYERS, a client
// folder missing from CLIENT_LAYERS, and a client feature importing another feature not listed
// in CLIENT_FEATURE_IMPORTS, are each a violation until someone decides where they sit.

/** The server's folders (and top-level files), lowest first: each imports only those before it. */
const SERVER_LAYERS = [
  'repo-root',
  'errors',
  'config',
  'db',
  'lib',
  'plugins',
  'sessions',
  'settings',
  'blocks',
  'realtime',
  'ratings',
  'games',
  'watching',
  'leaderboards',
  'friends',
  'notices',
  'challenges',
  'matchmaking',
  'moderation',
  'bots',
  'daily',
  'accounts',
  'ops',
  'cli',
  'app',
  'main',
];

/** The client's layers, lowest first (bulletproof-react): app → features → components → lib. */
const CLIENT_LAYERS = ['config', 'styles', 'lib', 'components', 'features', 'app', 'main', 'sw'];

/**
 * The features a client feature may import, where one composes another (Home shows the Play now
 * panel): one way only. What two features share without one composing the other moves down to
 * components/ or lib/. Every other feature imports none.
 */
const CLIENT_FEATURE_IMPORTS = {
  home: ['play-now', 'computer-opponent', 'daily'],
  'game-lists': ['play-now'],
  'play-now': ['computer-opponent'],
  game: ['computer-opponent', 'ratings', 'challenges'],
  profiles: ['ratings', 'challenges'],
  notices: ['challenges'],
  daily: ['game'],
  watching: ['game'],
};

/** Tests and their support may reach anything (a test mounts a screen in the app's providers). */
const TESTS = '(\\.test\\.tsx?$|\\.test-support\\.tsx?$|/test/|/e2e/)';

const under = (root, names) => `^${root}/(${names.join('|')})(/|\\.tsx?$)`;

const serverRules = SERVER_LAYERS.map((layer, index) => ({
  name: `server-layer-${layer}`,
  comment: `server/src/${layer} imports only the layers below it: ${SERVER_LAYERS.slice(0, index).join(', ')}`,
  severity: 'error',
  from: { path: under('server/src', [layer]), pathNot: TESTS },
  to: { path: '^server/src/', pathNot: under('server/src', SERVER_LAYERS.slice(0, index + 1)) },
}));

const clientRules = CLIENT_LAYERS.map((layer, index) => ({
  name: `client-layer-${layer}`,
  comment: `client/src/${layer} imports only the layers below it: ${CLIENT_LAYERS.slice(0, index).join(', ')}`,
  severity: 'error',
  from: { path: under('client/src', [layer]), pathNot: TESTS },
  to: {
    path: '^client/src/',
    pathNot: [under('client/src', CLIENT_LAYERS.slice(0, index + 1)), '\\.css$'],
  },
}));

const composing = Object.keys(CLIENT_FEATURE_IMPORTS);
const featureRules = [
  ...composing.map((feature) => ({
    name: `client-feature-${feature}`,
    comment: `features/${feature} imports only the features it composes: ${CLIENT_FEATURE_IMPORTS[feature].join(', ')}`,
    severity: 'error',
    from: { path: `^client/src/features/${feature}/`, pathNot: TESTS },
    to: {
      path: '^client/src/features/',
      pathNot: under('client/src/features', [feature, ...CLIENT_FEATURE_IMPORTS[feature]]),
    },
  })),
  {
    name: 'client-features-apart',
    comment:
      'a feature imports no other feature unless CLIENT_FEATURE_IMPORTS says it composes it: move what they share to components/ or lib/',
    severity: 'error',
    from: {
      path: '^client/src/features/([^/]+)/',
      pathNot: [under('client/src/features', composing), TESTS],
    },
    to: { path: '^client/src/features/', pathNot: '^client/src/features/$1/' },
  },
];

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'No module imports itself back, however far round.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'server-folder-in-a-layer',
      comment: 'Every folder of server/src has a place in SERVER_LAYERS (.dependency-cruiser.cjs).',
      severity: 'error',
      from: { path: '^server/src/', pathNot: [under('server/src', SERVER_LAYERS), TESTS] },
      to: {},
    },
    {
      name: 'client-folder-in-a-layer',
      comment: 'Every folder of client/src has a place in CLIENT_LAYERS (.dependency-cruiser.cjs).',
      severity: 'error',
      from: { path: '^client/src/', pathNot: [under('client/src', CLIENT_LAYERS), TESTS] },
      to: {},
    },
    ...serverRules,
    ...clientRules,
    ...featureRules,
    {
      name: 'shared-stands-alone',
      comment: 'shared/ is what server and client agree on: it imports neither.',
      severity: 'error',
      from: { path: '^shared/' },
      to: { path: '^(server|client)/' },
    },
    {
      name: 'tests-only-support',
      comment: 'Test support is for tests only: an app module importing it would ship it.',
      severity: 'error',
      from: { path: '^(client|server|shared)/src/', pathNot: TESTS },
      to: { path: TESTS },
    },
    {
      name: 'outside-in',
      comment:
        'The end-to-end tests, the reliability suite and the test support drive the app from outside: test helpers come from @jotto/test-support, the wire contract from @jotto/shared.',
      severity: 'error',
      from: { path: '^(client/e2e|reliability|test-support)/' },
      to: { path: '^server/(src|test)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|\\.bench-build|data|coverage)/' },
    tsPreCompilationDeps: true,
    // The client's `@/x` is `client/src/x` (its tsconfig's `paths`), given to the resolver as
    // an alias: dependency-cruiser's reading of tsconfig `paths` needs a `baseUrl`, which the
    // client's tsconfig does not set.
    webpackConfig: { fileName: '.dependency-cruiser-resolve.cjs' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json', '.d.ts'],
    },
    reporterOptions: {
      dot: {
        collapsePattern:
          '^(server/src/[^/]+|client/src/features/[^/]+|client/src/[^/]+|shared/src)',
      },
    },
  },
};
