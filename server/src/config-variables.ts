import path from 'node:path';
import { type Static, type TObject, type TSchema, Type } from 'typebox';
import {
  OAUTH_PROVIDER_DEFINITIONS,
  OAUTH_PROVIDERS,
  type OAuthProvider,
  STEAM_OPENID_URL,
} from './accounts/providers.ts';
import { FORMATS, type FormatName } from './config-formats.ts';
import { REPO_ROOT } from './repo-root.ts';

// Every environment variable the server reads, declared once: its schema (what env-schema
// checks, and so the type of its value), its name, and its entry in docs/CONFIGURATION.md,
// which server/src/config-doc.ts writes from these declarations (`pnpm config:doc`).

/** A section of docs/CONFIGURATION.md: its heading and the paragraphs before its list. */
export interface DocSection {
  title: string;
  intro?: string[];
}

/** The sections that list the server's variables, in the manual's order. */
export const CONFIG_SECTIONS = {
  server: { title: 'Server and network' },
  database: { title: 'Database' },
  redis: { title: 'Redis' },
  realtime: {
    title: 'Real-time channel',
    intro: ["How many sockets a player may hold (docs/PRODUCT.md, 'Real-time channel')."],
  },
  caches: {
    title: 'Caches of sessions and polls',
    intro: [
      "Each node keeps sessions and the answers of the routes clients poll (a versus game's " +
        "counts, a board, a challenge's info) in memory, so that a poll of something unchanged " +
        'reads no database; every change is announced to every node over Redis after it ' +
        "commits, and drops the copies (docs/ARCHITECTURE.md, 'Polling').",
    ],
  },
  security: { title: 'Sessions and security' },
  mail: { title: 'Mail' },
  social: {
    title: 'Social sign-in',
    intro: [
      'A provider is on when its client id and secret are both set; without them its sign-in ' +
        'answers "not configured". Register `$API_PUBLIC_URL/auth/{provider}/callback` with ' +
        "each provider (docs/PRODUCT.md, 'Social sign-in').",
    ],
  },
  push: { title: 'Push notifications' },
  rateLimits: {
    title: 'Rate limits',
    intro: [
      'Counted per client address (see `TRUST_PROXY`), across all nodes with `REDIS_URL` ' +
        "(docs/PRODUCT.md, 'Rate limits').",
    ],
  },
  jobs: { title: 'Leaderboards and jobs' },
  bot: {
    title: 'Computer opponent',
    intro: [
      "The computer's moves are made by a timer on every node (docs/PRODUCT.md, 'Computer " +
        "opponent').",
    ],
  },
  logs: { title: 'Metrics and logs' },
} satisfies Record<string, DocSection>;
export type ConfigSection = keyof typeof CONFIG_SECTIONS;

/**
 * What a declaration says besides its schema. `description` is the variable's meaning, as the
 * manual gives it: that is what JSON Schema's `description` is for. The words that complete
 * "NAME must be …" in an error are `expected` instead, because they name the accepted values
 * (which the manual also shows, in brackets after the default) and an error needs no meaning.
 * The schema helpers below set `expected`; a declaration sets it where they cannot.
 */
export interface Documentation {
  section: ConfigSection;
  /** Markdown, read after "- `NAME`, default `…` (accepted values): ". */
  description: string;
  expected?: string;
  /** How the manual states the default when the schema's `default` cannot say it all. */
  defaultText?: string;
}

/** The keys a declaration adds to its schema: annotations for ajv, which checks none of them. */
export const DOCUMENTATION_KEYWORDS = ['variable', 'section', 'expected', 'defaultText'];

/** A declared variable, as its schema carries it (TypeBox keeps options as properties). */
export type Variable = TSchema &
  Documentation & { variable: string; default?: unknown; writeOnly?: boolean };

/** Whether a schema of the tree below is a variable (else it is a group of them). */
export const isVariable = (schema: TSchema): schema is Variable =>
  'variable' in schema && typeof schema.variable === 'string';

/** The variables of a tree, in declaration order (depth first). */
export function variablesIn(tree: TObject): Variable[] {
  return Object.values(tree.properties).flatMap((schema) =>
    isVariable(schema) ? [schema] : variablesIn(schema as TObject),
  );
}

/** A tree's values as its declarations shape them; a variable unset without a default is null. */
export type DeclaredValues<Tree extends TObject> = NullWhenUnset<Static<Tree>>;
type NullWhenUnset<Values> = {
  [Key in keyof Values]-?: Values[Key] extends Record<string, unknown>
    ? NullWhenUnset<Values[Key]>
    : undefined extends Values[Key]
      ? Exclude<Values[Key], undefined> | null
      : Values[Key];
};

/**
 * Copies each variable's value (checked by ajv against this very tree) to its place in the
 * tree: the config object, but for the fields loadConfig derives afterwards.
 */
export function valuesIn<Tree extends TObject>(
  tree: Tree,
  values: Record<string, unknown>,
): DeclaredValues<Tree> {
  const copy = (node: TObject): Record<string, unknown> =>
    Object.fromEntries(
      Object.entries(node.properties).map(([key, schema]) => [
        key,
        isVariable(schema) ? (values[schema.variable] ?? null) : copy(schema as TObject),
      ]),
    );
  return copy(tree) as DeclaredValues<Tree>;
}

/** The variable `name`: its schema, and how docs/CONFIGURATION.md lists it. */
const variable = <Schema extends TSchema>(
  name: string,
  schema: Schema,
  documentation: Documentation,
) => Type.With(schema, { variable: name, ...documentation });

const wholeNumber = (fallback: number, minimum: number, maximum: number) =>
  Type.Integer({
    default: fallback,
    minimum,
    maximum,
    finite: true,
    expected: `a whole number from ${minimum} to ${maximum}`,
  });
const formatted = (format: FormatName) =>
  Type.Optional(Type.String({ format, expected: FORMATS[format].expected }));
// An enum: TypeBox types a union of literals built from an array as `never`, which the config's
// type would then inherit.
const oneOf = <const Values extends string[]>(
  values: readonly [...Values],
  fallback?: Values[number],
) =>
  Type.Enum(values, {
    expected: `one of ${values.join(', ')}`,
    ...(fallback === undefined ? {} : { default: fallback }),
  });
// `writeOnly` marks a secret, whose value a problem never repeats.
const secret = (minLength: number) =>
  Type.Optional(
    Type.String({ minLength, writeOnly: true, expected: `at least ${minLength} characters long` }),
  );
// What simple-oauth2 (under @fastify/oauth2) accepts; anything else would fail the start.
const credential = () =>
  Type.Optional(
    Type.String({
      pattern: '^[\\x21-\\x7E]+$',
      writeOnly: true,
      expected: 'printable ASCII without spaces',
    }),
  );
const rateLimit = (name: string, fallback: number, description: string) =>
  variable(name, wholeNumber(fallback, 1, 1_000_000), { section: 'rateLimits', description });

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const LOG_FORMATS = ['pretty', 'json'] as const;

/**
 * The server's variables, arranged as the config object whose fields they fill: loadConfig
 * copies each value to its place (null when unset without a default). Where the config holds
 * something else (a parsed list, a resolved path, a value that combines several variables:
 * DerivedConfig in config.ts), the tree holds the variable's value and loadConfig's derived
 * step works out the field from it. The manual lists each section's variables in this order.
 */
export const CONFIG_VARIABLES = Type.Object({
  port: variable('PORT', wholeNumber(3000, 0, 65535), {
    section: 'server',
    description: 'the HTTP port of the API, the client and Socket.IO.',
  }),
  host: variable('HOST', Type.String({ default: '0.0.0.0' }), {
    section: 'server',
    expected: 'an IP address or host name',
    description: 'the interface to listen on.',
  }),
  apiPrefix: variable(
    'API_PREFIX',
    Type.String({
      default: '/api',
      pattern: '^/[A-Za-z0-9_-]+(/[A-Za-z0-9_-]+)*$',
      expected: 'a path like /api',
    }),
    {
      section: 'server',
      description: 'prefix of every API route; Socket.IO is at `${API_PREFIX}/socket.io`.',
    },
  ),
  publicUrl: variable('PUBLIC_URL', formatted('http-url'), {
    section: 'server',
    description:
      'where players reach the client: links in e-mails, sign-in redirects, push links, the ' +
      "app's own origin for the cross-site rule. Unset, links follow the host each request came " +
      'to (so `http://127.0.0.1:3000` stays there). **Set it in production**, where the Host ' +
      "header is the client's to choose.",
  }),
  clientOrigins: variable('CLIENT_ORIGIN', formatted('origin-list'), {
    section: 'server',
    description:
      'the origins allowed to call the API with credentials, for split hosting (CORS and the ' +
      'cross-site rule). Cookies then become `SameSite=None; Secure`.',
  }),
  clientDistDir: variable(
    'CLIENT_DIST_DIR',
    Type.String({ default: path.join(REPO_ROOT, 'client', 'dist') }),
    {
      section: 'server',
      expected: 'a folder',
      defaultText: 'default `client/dist` of the repository',
      description: 'the built client to serve.',
    },
  ),
  trustProxy: variable(
    'TRUST_PROXY',
    Type.String({
      format: 'trust-proxy',
      default: 'false',
      expected: FORMATS['trust-proxy'].expected,
    }),
    {
      section: 'server',
      description:
        'which proxies may name the client (`X-Forwarded-*`): the number of hops you run ' +
        '(`1`), or their addresses and CIDRs (`10.0.0.0/8, uniquelocal`; the names ' +
        '`loopback`, `linklocal` and `uniquelocal` work too). `true` is refused: it trusts the ' +
        "left-most entry, which the client writes. See docs/SECURITY.md, 'Rate limits and client addresses'.",
    },
  ),

  databaseUrl: variable('DATABASE_URL', formatted('postgres-url'), {
    section: 'database',
    description: 'uses PostgreSQL through postgres.js. Unset, the embedded PGlite is used.',
  }),
  databasePoolSize: variable('DATABASE_POOL_SIZE', wholeNumber(10, 1, 500), {
    section: 'database',
    description: 'Postgres connections per node.',
  }),
  databaseTimeouts: Type.Object({
    statementTimeoutMs: variable(
      'DATABASE_STATEMENT_TIMEOUT_MS',
      wholeNumber(5_000, 100, 3_600_000),
      {
        section: 'database',
        description:
          'a statement of the app that runs longer fails (Postgres `statement_timeout`), and its ' +
          'request answers 503.',
      },
    ),
    lockTimeoutMs: variable('DATABASE_LOCK_TIMEOUT_MS', wholeNumber(2_000, 100, 3_600_000), {
      section: 'database',
      description:
        'a statement that waits longer for a lock fails (`lock_timeout`): a table locked ' +
        'elsewhere answers players 503 within this, instead of holding their guesses for as ' +
        "long as the lock. Migrations run without either. While this node's statements time " +
        'out, `/readyz` reports the database as `timing out` (503).',
    }),
  }),
  // A relative path is taken from INIT_CWD (see loadConfig).
  dataDir: variable('DATA_DIR', Type.String({ default: path.join(REPO_ROOT, 'data') }), {
    section: 'database',
    expected: 'a folder, or memory://',
    defaultText: 'default `data` of the repository',
    description:
      'the folder of the embedded database; `memory://` keeps it in memory. PGlite serves one ' +
      'process at a time.',
  }),

  redisUrl: variable('REDIS_URL', formatted('redis-url'), {
    section: 'redis',
    description:
      'for cross-node event fan-out, rate limits counted across nodes, and one-time sign-in ' +
      'state shared by the nodes. Unset, all of it is in-process (one node). Every node of a ' +
      'cluster must share it.',
  }),

  realtime: Type.Object({
    socketsPerSession: variable('SOCKETS_PER_SESSION', wholeNumber(8, 1, 1_000), {
      section: 'realtime',
      description:
        "Socket.IO connections one session may hold at once: a player's tabs of one browser. " +
        "The next handshake is refused with the `connect_error` message 'too many " +
        "connections: at most 8 per session' (the client then polls).",
    }),
    socketsPerAccount: variable('SOCKETS_PER_ACCOUNT', wholeNumber(20, 1, 10_000), {
      section: 'realtime',
      description:
        "the same for all the sessions of one account: 'too many connections: at most 20 per " +
        "account'. Both are counted across every node with `REDIS_URL` (in each node's memory " +
        "while Redis is away); a node that dies gives its sockets' places back within 60 s.",
    }),
  }),

  cacheMaxStaleMs: variable('CACHE_MAX_STALE_MS', wholeNumber(2_000, 100, 60_000), {
    section: 'caches',
    description:
      'how long after a node last heard from Redis it still answers from those copies: the ' +
      'most a poll can lag a change while Redis is down or hung. After that the node reads the ' +
      'database until Redis answers again, and then forgets what it had cached.',
  }),
  cacheMaxAgeSeconds: variable('CACHE_MAX_AGE_SECONDS', wholeNumber(30, 0, 3_600), {
    section: 'caches',
    description:
      'the longest a copy is kept without being read again (`0` turns both caches off): the ' +
      "bound on staleness when a change's announcement was lost while Redis was up (its node " +
      'crashed between the commit and the announcement, or that node alone lost Redis).',
  }),

  sessionSecret: variable('SESSION_SECRET', secret(32), {
    section: 'security',
    defaultText: 'a development default',
    description:
      'keys the stored hashes of session ids and verification codes, and signs cookies. **Set ' +
      'it in production** (the start-up log warns while the default is in use); every node ' +
      'must share it.',
  }),
  dailySecret: variable('DAILY_SECRET', secret(32), {
    section: 'security',
    defaultText: 'by default an HMAC of `SESSION_SECRET`',
    description:
      "the key of the Daily Jotto word draw (docs/PRODUCT.md, 'Daily Jotto'). Whoever has it " +
      'can compute every future daily word, so keep it secret; every node must share it. Set ' +
      'it to keep the daily words when `SESSION_SECRET` is rotated: changing the key changes ' +
      "today's word and every later one (games already started keep theirs, so two players " +
      'could have different words on the day of the change).',
  }),
  cookieSecure: variable('COOKIE_SECURE', formatted('flag'), {
    section: 'security',
    defaultText: 'default on with an https `PUBLIC_URL` or a cross-site client, else off',
    description: 'forces the `Secure` flag on the session cookie.',
  }),
  contentSecurityPolicy: Type.Object({
    connectSrc: variable('CSP_CONNECT_SRC', formatted('csp-sources'), {
      section: 'security',
      description:
        'extra `connect-src` sources of the Content-Security-Policy (for example ' +
        '`https://fcm.googleapis.com wss://x.example`). Host sources with a scheme only: ' +
        'keywords are refused, so configuration can add a third party but cannot switch the ' +
        'policy off.',
    }),
    scriptSrc: variable('CSP_SCRIPT_SRC', formatted('csp-sources'), {
      section: 'security',
      description:
        'extra `script-src` sources, the same way (a script host such as ' +
        '`https://www.googletagmanager.com`).',
    }),
    imgSrc: variable('CSP_IMG_SRC', formatted('csp-sources'), {
      section: 'security',
      description:
        'extra `img-src` sources, the same way (an analytics pixel host). docs/SECURITY.md ' +
        "('Security headers and Content-Security-Policy') lists what analytics and web push need.",
    }),
  }),

  smtpUrl: variable('SMTP_URL', formatted('smtp-url'), {
    section: 'mail',
    description:
      'for the verification and password reset mails (nodemailer). Unset, the verification ' +
      'link is written to the log instead, as one info line ending with the link ' +
      "('Verification link for {username} <{e-mail}> (SMTP_URL is not set: logged, not " +
      "mailed): {link}'), readable and copyable as it stands in pretty logs. The password " +
      "reset link likewise ('Password reset link for …').",
  }),
  mailFrom: variable('MAIL_FROM', Type.String({ default: 'Jotto <no-reply@jotto.local>' }), {
    section: 'mail',
    expected: 'a mail address, with a display name if wanted',
    description: 'the sender of our mail.',
  }),

  // The providers' own variables are declared by OAUTH_VARIABLES below.
  socialSignIn: Type.Object({
    apiPublicUrl: variable('API_PUBLIC_URL', formatted('http-url'), {
      section: 'social',
      defaultText:
        'default `$PUBLIC_URL$API_PREFIX`, or `http://localhost:$PORT$API_PREFIX` without ' +
        '`PUBLIC_URL`',
      description: 'the API as browsers reach it; sign-in callbacks are built on it.',
    }),
    steamEnabled: variable(
      'STEAM_ENABLED',
      Type.String({ format: 'flag', default: 'true', expected: FORMATS.flag.expected }),
      {
        section: 'social',
        description:
          'Steam sign-in (OpenID 2.0) needs no credentials; `false` makes it answer "not ' +
          'configured".',
      },
    ),
    steamOpenIdUrl: variable(
      'STEAM_OPENID_URL',
      Type.String({
        format: 'http-url',
        default: STEAM_OPENID_URL,
        expected: FORMATS['http-url'].expected,
      }),
      { section: 'social', description: "Steam's OpenID 2.0 endpoint." },
    ),
  }),

  firebaseServiceAccount: variable('FIREBASE_SERVICE_ACCOUNT', formatted('service-account'), {
    section: 'push',
    description:
      'for firebase-admin push notifications. Unset, push is off, said once in the start-up ' +
      'log. The browser side needs the `VITE_FIREBASE_*` variables below.',
  }),

  rateLimits: Type.Object({
    login: rateLimit(
      'RATE_LIMIT_LOGIN',
      10,
      'login attempts (and social sign-in callbacks) per address per minute.',
    ),
    loginAccount: rateLimit(
      'RATE_LIMIT_LOGIN_ACCOUNT',
      10,
      'login attempts per account per window, from any address; a browser that signed in to ' +
        'the account before has its own count.',
    ),
    loginAccountWindowSeconds: variable('RATE_LIMIT_ACCOUNT_WINDOW', wholeNumber(900, 1, 86_400), {
      section: 'rateLimits',
      description:
        'seconds of that window. Fixed: refused attempts do not extend it, so a lockout ends ' +
        'with it.',
    }),
    register: rateLimit('RATE_LIMIT_REGISTER', 5, 'registrations per address per minute.'),
    search: rateLimit('RATE_LIMIT_SEARCH', 60, 'user searches per address per minute.'),
    play: rateLimit('RATE_LIMIT_PLAY', 120, 'guesses per address per minute.'),
    guestGames: rateLimit(
      'RATE_LIMIT_GUEST_GAMES',
      10,
      'games a guest (not signed in) may start per address per minute (each keeps a session ' +
        'and a game for 24 hours). Signed-in players are counted by the next one instead.',
    ),
    accountGames: rateLimit(
      'RATE_LIMIT_ACCOUNT_GAMES',
      30,
      'games a signed-in account may start per minute, counted per account whatever its ' +
        'address.',
    ),
    analysis: rateLimit(
      'RATE_LIMIT_ANALYSIS',
      30,
      'post-game analyses (`GET /game/:id/analysis`, CPU-bound) per address per minute.',
    ),
    passwordReset: rateLimit(
      'RATE_LIMIT_PASSWORD_RESET',
      5,
      'password reset requests (`POST /password/forgot`) and resets (`POST /password/reset`) ' +
        'per address per minute. Whatever it is, one e-mail address gets at most 3 reset mails ' +
        'an hour.',
    ),
    verifyResend: rateLimit(
      'RATE_LIMIT_VERIFY_RESEND',
      3,
      'verification mails sent again (`POST /user/verify/resend`, each one mails someone) per ' +
        'address per minute.',
    ),
  }),

  leaderboardRefreshSeconds: variable('LEADERBOARD_REFRESH_SECONDS', wholeNumber(300, 5, 86_400), {
    section: 'jobs',
    description:
      "seconds between leaderboard recomputations (docs/PRODUCT.md, 'Points and " +
      "leaderboards'). Every node runs the timer; the cluster computes once per period. The " +
      'Daily Jotto leaders are recomputed every minute the same way, once per cluster, with no ' +
      'setting.',
  }),
  idleSoloGameDays: variable('IDLE_SOLO_GAME_DAYS', wholeNumber(30, 1, 3_650), {
    section: 'jobs',
    description:
      'the hourly purge (of expired sessions and abandoned guest games) also deletes ' +
      'unfinished solo games nobody has played for this many days, but for a signed-in ' +
      "player's dailies, and games against the computer whose player has left them that long.",
  }),

  bot: Type.Object({
    moveDelayMs: variable(
      'BOT_MOVE_DELAY_MS',
      Type.String({
        format: 'ms-range',
        default: '3000-8000',
        expected: FORMATS['ms-range'].expected,
      }),
      {
        section: 'bot',
        description:
          'each move of the computer waits a delay drawn uniformly from this range after its ' +
          "previous move (or the game's start), like a person thinking. Tests set a short one " +
          '(`50-150`).',
      },
    ),
    tickMs: variable('BOT_TICK_MS', wholeNumber(500, 10, 60_000), {
      section: 'bot',
      description:
        'how often each node looks for due moves: one indexed query per tick per node, and at ' +
        'most 16 moves made per tick.',
    }),
    leaseMs: variable('BOT_LEASE_MS', wholeNumber(15_000, 100, 600_000), {
      section: 'bot',
      description:
        'how long the node that claimed a move may take to make it. A node that stops ' +
        'meanwhile leaves its claim to expire; another node then makes the move. Longer than ' +
        'any move takes (a few database statements), short enough that a game waits little ' +
        'when a node dies.',
    }),
  }),

  logLevel: variable('LOG_LEVEL', oneOf(LOG_LEVELS, 'info'), {
    section: 'logs',
    description:
      'the least severe level logged (Pino). Each request logs one line when it completes ' +
      "(method, URL, status, duration): API requests at `info`; the client's pages and " +
      'assets, the probes (`/healthz`, `/readyz`, `/metrics`) and every 304 (a poll whose ' +
      'answer had not changed) at `debug`.',
  }),
  // No default here: it depends on where the output goes (see loadConfig).
  logFormat: variable('LOG_FORMAT', Type.Optional(oneOf(LOG_FORMATS)), {
    section: 'logs',
    defaultText: 'default `pretty` on a terminal, else `json`',
    description:
      '`pretty` writes readable, coloured lines for a person (pino-pretty); `json` one JSON ' +
      'object per line, for log collectors. Both mask the same secrets.',
  }),
  metrics: Type.Object({
    token: variable(
      'METRICS_TOKEN',
      Type.Optional(
        Type.String({
          pattern: '^[\\x21-\\x7E]{16,}$',
          writeOnly: true,
          expected: 'at least 16 printable ASCII characters without spaces',
        }),
      ),
      {
        section: 'logs',
        description:
          '`GET /metrics` then requires `Authorization: Bearer <token>` (401 otherwise).',
      },
    ),
    // After PORT: ajv has made PORT a number (or applied its default) by the time this compares.
    port: variable(
      'METRICS_PORT',
      Type.Optional(
        Type.Integer({
          minimum: 1,
          maximum: 65535,
          finite: true,
          not: { const: { $data: '1/PORT' } },
          expected: 'a whole number from 1 to 65535 other than PORT',
        }),
      ),
      {
        section: 'logs',
        description:
          "serve `GET /metrics` on this port (on `HOST`, not `PORT`) instead, where the app's " +
          'port then answers 404 for it. Unset, it is on `PORT`, open unless `METRICS_TOKEN` ' +
          'is set.',
      },
    ),
  }),
});

export type OAuthSuffix =
  'CLIENT_ID' | 'CLIENT_SECRET' | 'AUTHORIZE_URL' | 'TOKEN_URL' | 'USERINFO_URL';

/** One variable every OAuth provider has, named `{envPrefix}_{suffix}` (GOOGLE_CLIENT_ID, …). */
interface OAuthVariable {
  suffix: OAuthSuffix;
  schema: TSchema & Documentation;
  /** Whether a provider has it: USERINFO_URL only where the identity needs a call of its own. */
  hasIt: (provider: OAuthProvider) => boolean;
}

const PROVIDERS_OWN = "default the provider's own, from `server/src/accounts/providers.ts`";
const oauthUrl = (description: string) =>
  Type.With(formatted('http-url'), { section: 'social', defaultText: PROVIDERS_OWN, description });
const always = () => true;

/** The providers' variables, in the manual's order; loadConfig reads them into `oauth`. */
export const OAUTH_VARIABLES: OAuthVariable[] = [
  {
    suffix: 'CLIENT_ID',
    schema: Type.With(credential(), { section: 'social', description: "the provider's app id." }),
    hasIt: always,
  },
  {
    suffix: 'CLIENT_SECRET',
    schema: Type.With(credential(), {
      section: 'social',
      description: 'its secret; set both or neither.',
    }),
    hasIt: always,
  },
  {
    suffix: 'AUTHORIZE_URL',
    schema: oauthUrl(
      "the provider's authorization endpoint, for a proxy or for tests pointing it at a local " +
        'server.',
    ),
    hasIt: always,
  },
  { suffix: 'TOKEN_URL', schema: oauthUrl('its token endpoint, the same way.'), hasIt: always },
  {
    suffix: 'USERINFO_URL',
    schema: oauthUrl(
      'its userinfo endpoint, the same way; a provider whose token response names the user ' +
        'has none.',
    ),
    hasIt: (provider) => OAUTH_PROVIDER_DEFINITIONS[provider].userinfoUrl !== null,
  },
];

/** The name of one of a provider's variables: `oauthVariableName('google', 'CLIENT_ID')`. */
export const oauthVariableName = (provider: OAuthProvider, suffix: OAuthSuffix) =>
  `${OAUTH_PROVIDER_DEFINITIONS[provider].envPrefix}_${suffix}`;

/** The providers that have the variable, in OAUTH_PROVIDERS' order. */
export const providersWith = (oauthVariable: OAuthVariable) =>
  OAUTH_PROVIDERS.filter((provider) => oauthVariable.hasIt(provider));

/** Every provider's variables by name (GOOGLE_CLIENT_ID, …), as env-schema checks them. */
export const oauthVariablesByName = (): Record<string, TSchema> =>
  Object.fromEntries(
    OAUTH_VARIABLES.flatMap((oauthVariable) =>
      providersWith(oauthVariable).map((provider) => [
        oauthVariableName(provider, oauthVariable.suffix),
        oauthVariable.schema,
      ]),
    ),
  );
