import { createHmac } from 'node:crypto';
import { isIP } from 'node:net';
import path from 'node:path';
import { Ajv, type ErrorObject, type KeywordDefinition } from 'ajv';
import envSchema from 'env-schema';
import { type Static, type TObject, type TSchema, Type } from 'typebox';
import {
  OAUTH_PROVIDER_DEFINITIONS,
  OAUTH_PROVIDERS,
  type OAuthProvider,
  STEAM_OPENID_URL,
} from './accounts/providers.ts';
import { REPO_ROOT } from './repo-root.ts';

/**
 * The one place that reads the environment. Everything else receives an AppConfig.
 * Every variable is listed in docs/CONFIGURATION.md.
 */
export interface AppConfig {
  /** TCP port of the HTTP server (and Socket.IO). */
  port: number;
  /** Interface to bind. */
  host: string;
  /** Prefix of every API route, e.g. `/api`. */
  apiPrefix: string;
  /** Postgres URL; when absent the embedded PGlite database in `dataDir` is used. */
  databaseUrl: string | null;
  /** Connections in the Postgres pool of each node. */
  databasePoolSize: number;
  /**
   * Bounds on every statement of the app's connections, in ms (docs/CONFIGURATION.md,
   * 'Database'): a statement running longer than `statementTimeoutMs`, or waiting longer than
   * `lockTimeoutMs` for a lock, fails, and its request answers 503 instead of hanging.
   */
  databaseTimeouts: { statementTimeoutMs: number; lockTimeoutMs: number };
  /** Folder of the embedded database (`memory://` keeps it in memory). */
  dataDir: string;
  /** Redis URL for fan-out, rate limits and cluster jobs; in-process when absent. */
  redisUrl: string | null;
  /** Origins allowed to call the API with credentials (CORS and the cross-site guard). */
  clientOrigins: string[];
  /** Secret keying the hashes of session ids and verification codes (≥ 32 characters). */
  sessionSecret: string;
  /** True when SESSION_SECRET was not set and the development default is in use. */
  sessionSecretIsDefault: boolean;
  /**
   * Key of the Daily Jotto word draw (server/src/daily/daily-word.ts): DAILY_SECRET, or one
   * derived from the session secret. Whoever has it can compute every future daily word.
   */
  dailySecret: string;
  /** SMTP URL for verification mail; when absent the link is logged. */
  smtpUrl: string | null;
  /** Sender address of the mail we send. */
  mailFrom: string;
  /**
   * Public URL of the client (links in e-mails, sign-in redirects, push links); null when
   * PUBLIC_URL is not set: links then follow the host each request came to (see public-url.ts).
   */
  publicUrl: string | null;
  /** Folder holding the built client (index.html and assets). */
  clientDistDir: string;
  /** Pino log level. */
  logLevel: (typeof LOG_LEVELS)[number];
  /**
   * How log lines are written: `pretty` (coloured, one readable line per event, for a person
   * at a terminal) or `json` (one JSON object per line, for log collectors). Same fields and
   * the same redaction either way.
   */
  logFormat: (typeof LOG_FORMATS)[number];
  /**
   * Which proxies in front may say who the client is (X-Forwarded-For, -Proto, -Host), as
   * Fastify's `trustProxy` takes it: false (none), the number of hops we run, or the proxies'
   * addresses and CIDR ranges. Never `true`, which would trust the client's own entries.
   */
  trustProxy: false | number | string[];
  /** Whether session cookies carry `Secure` (on by default for https or a cross-site client). */
  cookieSecure: boolean;
  /** A client origin differs from PUBLIC_URL: cookies must be `SameSite=None; Secure`. */
  crossSiteClient: boolean;
  /** firebase-admin service account (JSON text or a path to the file); push is off without it. */
  firebaseServiceAccount: string | null;
  /** Requests allowed per client address per minute, by kind (docs/PRODUCT.md, 'Rate limits'). */
  rateLimits: {
    login: number;
    register: number;
    search: number;
    play: number;
    /** Games a guest (not signed in) may start per address per minute. */
    guestGames: number;
    /** Games a signed-in account may start per minute, from any address. */
    accountGames: number;
    /** Password reset requests per address per minute. */
    passwordReset: number;
    /** Login attempts per account (or per account and known browser) per window. */
    loginAccount: number;
    /** That window, in seconds (short and fixed: see accounts/login-throttle.ts). */
    loginAccountWindowSeconds: number;
    /** Post-game analyses per address per minute (the route is CPU-bound). */
    analysis: number;
    /** Verification mails sent again, per address per minute (each one mails someone). */
    verifyResend: number;
  };
  /**
   * Seconds between leaderboard recomputations, once per cluster (docs/PRODUCT.md, 'Points and
   * leaderboards').
   */
  leaderboardRefreshSeconds: number;
  /**
   * How long after it last heard from Redis a node still serves what it cached (sessions, poll
   * answers), in ms: the most a poll can lag a change while Redis is down or hung.
   */
  cacheMaxStaleMs: number;
  /**
   * The longest a node keeps a cached session or poll answer without reading it again; 0 turns
   * those caches off. Bounds staleness when a change's announcement was lost with Redis up.
   */
  cacheMaxAgeSeconds: number;
  /** Days an unfinished solo game may go untouched before the hourly purge removes it. */
  idleSoloGameDays: number;
  /**
   * The computer opponent's pace and timer (docs/PRODUCT.md, 'Computer opponent'): each move
   * waits a delay drawn from `moveDelayMs` (min to max); every node looks for due moves every
   * `tickMs`; a node making a move holds it `leaseMs`, after which another may take it over.
   */
  bot: { moveDelayMs: { min: number; max: number }; tickMs: number; leaseMs: number };
  /**
   * Sockets one session and one account may hold at once, across nodes with Redis
   * (docs/PRODUCT.md, 'Real-time channel'); the rest are refused at the handshake.
   */
  realtime: { socketsPerSession: number; socketsPerAccount: number };
  /** docs/PRODUCT.md, 'Social sign-in'; the providers' defaults are in accounts/providers.ts. */
  socialSignIn: SocialSignInConfig;
  /**
   * Sources added to the Content-Security-Policy beside our own (CSP_*_SRC), for third parties
   * the client is configured to use (Firebase messaging, an analytics host).
   */
  contentSecurityPolicy: { connectSrc: string[]; scriptSrc: string[]; imgSrc: string[] };
  /**
   * Who may read GET /metrics: a bearer token it then requires, and a port of its own (on
   * `host`) instead of the app's. Neither set: served openly on the app's port.
   */
  metrics: { token: string | null; port: number | null };
}

/** One OAuth provider with its credentials; its endpoints default to the real provider's. */
export interface OAuthProviderConfig {
  clientId: string;
  clientSecret: string;
  authorizeUrl: string;
  tokenUrl: string;
  /** Null for a provider whose token response carries the identity (VK). */
  userinfoUrl: string | null;
}

export interface SocialSignInConfig {
  /** The API as browsers reach it; callbacks are `{apiPublicUrl}/auth/{provider}/callback`. */
  apiPublicUrl: string;
  /** Null: no credentials, and the provider's sign-in answers "not configured". */
  oauth: Record<OAuthProvider, OAuthProviderConfig | null>;
  /** Steam's OpenID 2.0 endpoint (it needs no credentials), or null when STEAM_ENABLED=false. */
  steamOpenIdUrl: string | null;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const LOG_FORMATS = ['pretty', 'json'] as const;
// Only for a developer's machine: the start-up log says loudly that it is in use.
const DEVELOPMENT_SESSION_SECRET = 'jotto-development-secret-change-me-in-production';
const TRUE_WORDS = ['1', 'true', 'yes'];
const FALSE_WORDS = ['0', 'false', 'no'];

/** A comma-separated list, its entries trimmed, empty ones dropped. */
const listOf = (value: string) =>
  value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);

// Values JSON Schema cannot describe get a format of their own: each names every problem of a
// value (none: valid), in the words a person setting the variable needs.
type FormatProblems = (name: string, value: string) => string[];

const urlWith =
  (protocols: string[]): FormatProblems =>
  (name, value) => {
    if (!URL.canParse(value)) return [`${name} must be a URL (got "${value}")`];
    const { protocol } = new URL(value);
    return protocols.includes(protocol)
      ? []
      : [`${name} must use ${protocols.join(' or ')} (got "${protocol}")`];
  };

const isOrigin = (value: string) =>
  URL.canParse(value) &&
  new URL(value).origin !== 'null' &&
  value.replace(/\/$/, '') === new URL(value).origin;

// A CSP host source with its scheme (https://cdn.example, wss://push.example:443,
// https://*.example/path/); keywords such as 'unsafe-inline' and bare schemes are refused,
// so configuration can add a third party but cannot switch the policy off.
const CSP_SOURCE =
  /^(https?|wss?):\/\/(\*\.)?[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*(:\d{1,5})?(\/[^\s;,'"]*)?$/;
const cspSourcesOf = (value: string) => value.split(/[\s,]+/).filter(Boolean);

// proxy-addr, under Fastify, also knows these names of address ranges.
const NAMED_RANGES = ['loopback', 'linklocal', 'uniquelocal'];
const isProxyAddress = (entry: string) => {
  if (NAMED_RANGES.includes(entry)) return true;
  const [address, prefix, extra] = entry.split('/');
  const family = isIP(address ?? '');
  const validPrefix =
    prefix === undefined ||
    (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 6 ? 128 : 32));
  return family !== 0 && validPrefix && extra === undefined;
};

// TRUST_PROXY: a hop count, or a list of proxy addresses/CIDRs. `true` is refused: it trusts
// every X-Forwarded-For entry, the left-most of which the client writes itself, so a client
// could pick the address its rate limits count under.
const trustProxyProblems: FormatProblems = (name, value) => {
  if (FALSE_WORDS.includes(value.toLowerCase())) return [];
  if (/^\d+$/.test(value)) {
    return Number(value) > 16 ? [`${name} as a hop count must be 0 to 16 (got "${value}")`] : [];
  }
  if (TRUE_WORDS.includes(value.toLowerCase())) {
    return [
      `${name}=true would trust addresses the client writes itself; set the number of proxies in front of the app (e.g. 1) or their addresses`,
    ];
  }
  return listOf(value)
    .filter((entry) => !isProxyAddress(entry))
    .map(
      (entry) =>
        `${name} must be a hop count or a list of addresses or CIDRs like 10.0.0.0/8 (got "${entry}")`,
    );
};

/** TRUST_PROXY once valid: false, a hop count, or the proxies' addresses and ranges. */
const parseTrustProxy = (value: string | undefined): AppConfig['trustProxy'] => {
  if (value === undefined || FALSE_WORDS.includes(value.toLowerCase())) return false;
  return /^\d+$/.test(value) ? Number(value) : listOf(value);
};

/** BOT_MOVE_DELAY_MS: `min-max` in milliseconds, the first no more than the second. */
const MS_RANGE = /^(\d{1,7})-(\d{1,7})$/;
const msRangeProblems: FormatProblems = (name, value) => {
  const range = MS_RANGE.exec(value);
  if (!range) return [`${name} must be a range of milliseconds like 3000-8000 (got "${value}")`];
  return Number(range[1]) <= Number(range[2])
    ? []
    : [`${name} must not start above its end (got "${value}")`];
};
const parseMsRange = (value: string) => {
  const [, min = '0', max = '0'] = MS_RANGE.exec(value) ?? [];
  return { min: Number(min), max: Number(max) };
};

const FORMATS = {
  flag: (name, value) =>
    [...TRUE_WORDS, ...FALSE_WORDS].includes(value.toLowerCase())
      ? []
      : [`${name} must be true or false (got "${value}")`],
  'http-url': urlWith(['http:', 'https:']),
  'postgres-url': urlWith(['postgres:', 'postgresql:']),
  'redis-url': urlWith(['redis:', 'rediss:']),
  'smtp-url': urlWith(['smtp:', 'smtps:']),
  'origin-list': (name, value) =>
    listOf(value)
      .filter((entry) => !isOrigin(entry))
      .map((entry) => `${name} must list origins like https://play.example.com (got "${entry}")`),
  'csp-sources': (name, value) =>
    cspSourcesOf(value)
      .filter((source) => !CSP_SOURCE.test(source))
      .map(
        (source) =>
          `${name} must list sources like https://cdn.example.com or wss://push.example.com (got "${source}")`,
      ),
  'trust-proxy': trustProxyProblems,
  'ms-range': msRangeProblems,
  // The JSON itself, or a path to the file (read when push starts).
  'service-account': (name, value) => {
    if (!value.startsWith('{')) return [];
    try {
      const parsed = JSON.parse(value) as Record<string, unknown>;
      if (typeof parsed.private_key === 'string' && typeof parsed.client_email === 'string') {
        return [];
      }
    } catch {
      // Reported below, without the value: it holds a private key.
    }
    return [
      `${name} must be a service account JSON (with private_key and client_email) or a path to one`,
    ];
  },
} satisfies Record<string, FormatProblems>;
type FormatName = keyof typeof FORMATS;
const isFormatName = (name: string): name is FormatName => Object.hasOwn(FORMATS, name);

// A variable's `description` completes "NAME must be …" when its value is refused for anything
// but its format; `writeOnly` marks a secret, whose value a problem never repeats.
const wholeNumber = (fallback: number, minimum: number, maximum: number) =>
  Type.Integer({
    default: fallback,
    minimum,
    maximum,
    finite: true,
    description: `a whole number from ${minimum} to ${maximum}`,
  });
const formatted = (format: FormatName) => Type.Optional(Type.String({ format }));
const oneOf = <const Values extends readonly string[]>(values: Values, fallback?: Values[number]) =>
  Type.Union(
    values.map((value) => Type.Literal(value)),
    {
      description: `one of ${values.join(', ')}`,
      ...(fallback === undefined ? {} : { default: fallback }),
    },
  );
// What simple-oauth2 (under @fastify/oauth2) accepts; anything else would fail the start.
const credential = () =>
  Type.Optional(
    Type.String({
      pattern: '^[\\x21-\\x7E]+$',
      writeOnly: true,
      description: 'printable ASCII without spaces',
    }),
  );

const CoreVariables = Type.Object({
  PORT: wholeNumber(3000, 0, 65535),
  HOST: Type.String({ default: '0.0.0.0' }),
  API_PREFIX: Type.String({
    default: '/api',
    pattern: '^/[A-Za-z0-9_-]+(/[A-Za-z0-9_-]+)*$',
    description: 'a path like /api',
  }),
  DATABASE_URL: formatted('postgres-url'),
  DATABASE_POOL_SIZE: wholeNumber(10, 1, 500),
  DATABASE_STATEMENT_TIMEOUT_MS: wholeNumber(5_000, 100, 3_600_000),
  DATABASE_LOCK_TIMEOUT_MS: wholeNumber(2_000, 100, 3_600_000),
  // `memory://` keeps the embedded database in memory; a relative path is taken from INIT_CWD.
  DATA_DIR: Type.String({ default: path.join(REPO_ROOT, 'data') }),
  REDIS_URL: formatted('redis-url'),
  CLIENT_ORIGIN: formatted('origin-list'),
  SESSION_SECRET: Type.Optional(
    Type.String({ minLength: 32, writeOnly: true, description: 'at least 32 characters long' }),
  ),
  DAILY_SECRET: Type.Optional(
    Type.String({ minLength: 32, writeOnly: true, description: 'at least 32 characters long' }),
  ),
  SMTP_URL: formatted('smtp-url'),
  MAIL_FROM: Type.String({ default: 'Jotto <no-reply@jotto.local>' }),
  PUBLIC_URL: formatted('http-url'),
  CLIENT_DIST_DIR: Type.String({ default: path.join(REPO_ROOT, 'client', 'dist') }),
  LOG_LEVEL: oneOf(LOG_LEVELS, 'info'),
  // No default here: it depends on where the output goes (see loadConfig).
  LOG_FORMAT: Type.Optional(oneOf(LOG_FORMATS)),
  TRUST_PROXY: formatted('trust-proxy'),
  COOKIE_SECURE: formatted('flag'),
  FIREBASE_SERVICE_ACCOUNT: Type.Optional(Type.String({ format: 'service-account' })),
  RATE_LIMIT_LOGIN: wholeNumber(10, 1, 1_000_000),
  RATE_LIMIT_REGISTER: wholeNumber(5, 1, 1_000_000),
  RATE_LIMIT_SEARCH: wholeNumber(60, 1, 1_000_000),
  RATE_LIMIT_PLAY: wholeNumber(120, 1, 1_000_000),
  RATE_LIMIT_GUEST_GAMES: wholeNumber(10, 1, 1_000_000),
  RATE_LIMIT_ACCOUNT_GAMES: wholeNumber(30, 1, 1_000_000),
  RATE_LIMIT_PASSWORD_RESET: wholeNumber(5, 1, 1_000_000),
  RATE_LIMIT_LOGIN_ACCOUNT: wholeNumber(10, 1, 1_000_000),
  RATE_LIMIT_ACCOUNT_WINDOW: wholeNumber(900, 1, 86_400),
  RATE_LIMIT_ANALYSIS: wholeNumber(30, 1, 1_000_000),
  RATE_LIMIT_VERIFY_RESEND: wholeNumber(3, 1, 1_000_000),
  LEADERBOARD_REFRESH_SECONDS: wholeNumber(300, 5, 86_400),
  CACHE_MAX_STALE_MS: wholeNumber(2_000, 100, 60_000),
  CACHE_MAX_AGE_SECONDS: wholeNumber(30, 0, 3_600),
  IDLE_SOLO_GAME_DAYS: wholeNumber(30, 1, 3_650),
  BOT_MOVE_DELAY_MS: Type.String({ format: 'ms-range', default: '3000-8000' }),
  BOT_TICK_MS: wholeNumber(500, 10, 60_000),
  BOT_LEASE_MS: wholeNumber(15_000, 100, 600_000),
  SOCKETS_PER_SESSION: wholeNumber(8, 1, 1_000),
  SOCKETS_PER_ACCOUNT: wholeNumber(20, 1, 10_000),
  API_PUBLIC_URL: formatted('http-url'),
  STEAM_OPENID_URL: Type.String({ format: 'http-url', default: STEAM_OPENID_URL }),
  STEAM_ENABLED: formatted('flag'),
  CSP_CONNECT_SRC: formatted('csp-sources'),
  CSP_SCRIPT_SRC: formatted('csp-sources'),
  CSP_IMG_SRC: formatted('csp-sources'),
  METRICS_TOKEN: Type.Optional(
    Type.String({
      pattern: '^[\\x21-\\x7E]{16,}$',
      writeOnly: true,
      description: 'at least 16 printable ASCII characters without spaces',
    }),
  ),
  // After PORT: ajv has made PORT a number (or applied its default) by the time this compares.
  METRICS_PORT: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: 65535,
      finite: true,
      not: { const: { $data: '1/PORT' } },
      description: 'a whole number from 1 to 65535 other than PORT',
    }),
  ),
  // Set by pnpm to the folder it was started in; relative paths are taken from there.
  INIT_CWD: Type.Optional(Type.String()),
});
type Env = Static<typeof CoreVariables>;

/** Each provider's variables, named by its prefix (GOOGLE_CLIENT_ID, …). */
const providerVariables = (provider: OAuthProvider) => {
  const { envPrefix: prefix, userinfoUrl } = OAUTH_PROVIDER_DEFINITIONS[provider];
  return {
    [`${prefix}_CLIENT_ID`]: credential(),
    [`${prefix}_CLIENT_SECRET`]: credential(),
    [`${prefix}_AUTHORIZE_URL`]: formatted('http-url'),
    [`${prefix}_TOKEN_URL`]: formatted('http-url'),
    ...(userinfoUrl === null ? {} : { [`${prefix}_USERINFO_URL`]: formatted('http-url') }),
  };
};
/** A provider is on when its client id and secret are both set: one without the other is refused. */
const CREDENTIAL_PAIRS = OAUTH_PROVIDERS.map((provider) => {
  const prefix = OAUTH_PROVIDER_DEFINITIONS[provider].envPrefix;
  return { id: `${prefix}_CLIENT_ID`, secret: `${prefix}_CLIENT_SECRET` };
});

/** Every variable by name: the ones above and each provider's. */
const VARIABLES: Record<string, TSchema> = {
  ...CoreVariables.properties,
  ...Object.fromEntries(OAUTH_PROVIDERS.flatMap((p) => Object.entries(providerVariables(p)))),
};
/** What env-schema checks. */
const ENV_SCHEMA: TObject = Type.Object(VARIABLES, {
  additionalProperties: false,
  dependencies: Object.fromEntries(
    CREDENTIAL_PAIRS.flatMap(({ id, secret }) => [
      [id, [secret]],
      [secret, [id]],
    ]),
  ),
});

// ajv's type coercion makes "Infinity" or "1e999" the number Infinity, for which it then skips
// minimum and maximum (they apply to finite numbers); `finite: true` refuses such a value.
const finiteKeyword: KeywordDefinition = {
  keyword: 'finite',
  schemaType: 'boolean',
  errors: false,
  validate: (finite: boolean, value: unknown) =>
    !finite || typeof value !== 'number' || Number.isFinite(value),
};

// env-schema's own options, plus `$data` (METRICS_PORT is compared with PORT), our formats and
// the `finite` keyword.
const ajv = new Ajv({
  allErrors: true,
  removeAdditional: true,
  useDefaults: true,
  coerceTypes: true,
  allowUnionTypes: true,
  $data: true,
  keywords: [finiteKeyword],
  formats: Object.fromEntries(
    Object.entries(FORMATS).map(([name, problems]) => [
      name,
      (value: string) => problems(name, value).length === 0,
    ]),
  ),
});

/** Turns ajv's errors into our problems: one per variable, or the format's own. */
function describeErrors(errors: ErrorObject[], raw: Record<string, string>): string[] {
  const problems: string[] = [];
  const described = new Set<string>();
  for (const error of errors) {
    if (error.keyword === 'dependencies') {
      const set = String(error.params.property);
      const pair = CREDENTIAL_PAIRS.find(({ id, secret }) => set === id || set === secret);
      if (pair) {
        problems.push(`${pair.id} and ${pair.secret} must be set together (only ${set} is set)`);
      }
      continue;
    }
    const name = error.instancePath.slice(1).split('/')[0] ?? '';
    if (described.has(name)) continue;
    described.add(name);
    const value = raw[name] ?? '';
    const format = error.keyword === 'format' ? String(error.params.format) : '';
    if (isFormatName(format)) {
      problems.push(...FORMATS[format](name, value));
      continue;
    }
    // TypeBox keeps a schema's options (description, writeOnly) as its plain properties.
    const schema: object = VARIABLES[name] ?? {};
    const expected = 'description' in schema ? String(schema.description) : 'valid';
    const secret = 'writeOnly' in schema && schema.writeOnly === true;
    problems.push(`${name} must be ${expected}${secret ? '' : ` (got "${value}")`}`);
  }
  return problems;
}

/**
 * Reads and validates the environment once: env-schema checks it against the schema above (so
 * a bad value stops the start with a ConfigError that names every bad variable, what it expects
 * and what it got), then the values that follow from several variables are worked out.
 * `stdoutIsTTY` picks the default LOG_FORMAT: pretty for a person at a terminal, JSON when the
 * output goes to a file, a pipe or a collector.
 */
export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  stdoutIsTTY: boolean = process.stdout.isTTY === true,
): AppConfig {
  // A variable set to spaces is not set.
  const raw = Object.fromEntries(
    Object.entries(env).flatMap(([name, value]) => {
      const trimmed = value?.trim();
      return trimmed ? [[name, trimmed]] : [];
    }),
  );
  let values: Env & Record<string, unknown>;
  try {
    values = envSchema<Env & Record<string, unknown>>({
      schema: ENV_SCHEMA,
      data: { ...raw },
      env: false,
      ajv,
    });
  } catch (error) {
    // env-schema's error carries ajv's errors; anything else is not about the values.
    if (!(error instanceof Error && 'errors' in error && Array.isArray(error.errors))) throw error;
    throw new ConfigError(describeErrors(error.errors as ErrorObject[], raw));
  }
  const text = (name: string) => {
    const value = values[name];
    return typeof value === 'string' ? value : null;
  };

  // pnpm runs scripts inside the package folder; relative paths mean the folder the user was in.
  const baseDir = values.INIT_CWD ?? process.cwd();
  const flag = (value: string | undefined, fallback: boolean) =>
    value === undefined ? fallback : TRUE_WORDS.includes(value.toLowerCase());
  const clientOrigins = listOf(values.CLIENT_ORIGIN ?? '').map((entry) => new URL(entry).origin);
  const publicUrl = values.PUBLIC_URL?.replace(/\/$/, '') ?? null;
  const crossSiteClient = clientOrigins.some(
    (origin) => publicUrl === null || origin !== new URL(publicUrl).origin,
  );
  const oauth = {} as SocialSignInConfig['oauth'];
  for (const provider of OAUTH_PROVIDERS) {
    const { envPrefix: prefix, ...defaults } = OAUTH_PROVIDER_DEFINITIONS[provider];
    const clientId = text(`${prefix}_CLIENT_ID`);
    const clientSecret = text(`${prefix}_CLIENT_SECRET`);
    oauth[provider] =
      clientId !== null && clientSecret !== null
        ? {
            clientId,
            clientSecret,
            authorizeUrl: text(`${prefix}_AUTHORIZE_URL`) ?? defaults.authorizeUrl,
            tokenUrl: text(`${prefix}_TOKEN_URL`) ?? defaults.tokenUrl,
            userinfoUrl:
              defaults.userinfoUrl === null
                ? null
                : (text(`${prefix}_USERINFO_URL`) ?? defaults.userinfoUrl),
          }
        : null;
  }

  const sessionSecret = values.SESSION_SECRET ?? DEVELOPMENT_SESSION_SECRET;
  return {
    port: values.PORT,
    host: values.HOST,
    apiPrefix: values.API_PREFIX,
    databaseUrl: values.DATABASE_URL ?? null,
    databasePoolSize: values.DATABASE_POOL_SIZE,
    databaseTimeouts: {
      statementTimeoutMs: values.DATABASE_STATEMENT_TIMEOUT_MS,
      lockTimeoutMs: values.DATABASE_LOCK_TIMEOUT_MS,
    },
    dataDir: values.DATA_DIR.startsWith('memory://')
      ? values.DATA_DIR
      : path.resolve(baseDir, values.DATA_DIR),
    redisUrl: values.REDIS_URL ?? null,
    clientOrigins,
    sessionSecret,
    sessionSecretIsDefault: values.SESSION_SECRET === undefined,
    // Derived rather than the session secret itself: one key, one use.
    dailySecret:
      values.DAILY_SECRET ??
      createHmac('sha256', sessionSecret).update('jotto daily word').digest('hex'),
    smtpUrl: values.SMTP_URL ?? null,
    mailFrom: values.MAIL_FROM,
    publicUrl,
    clientDistDir: path.resolve(baseDir, values.CLIENT_DIST_DIR),
    logLevel: values.LOG_LEVEL,
    logFormat: values.LOG_FORMAT ?? (stdoutIsTTY ? 'pretty' : 'json'),
    trustProxy: parseTrustProxy(values.TRUST_PROXY),
    cookieSecure: flag(
      values.COOKIE_SECURE,
      crossSiteClient || (publicUrl?.startsWith('https:') ?? false),
    ),
    crossSiteClient,
    firebaseServiceAccount: values.FIREBASE_SERVICE_ACCOUNT ?? null,
    rateLimits: {
      login: values.RATE_LIMIT_LOGIN,
      register: values.RATE_LIMIT_REGISTER,
      search: values.RATE_LIMIT_SEARCH,
      play: values.RATE_LIMIT_PLAY,
      guestGames: values.RATE_LIMIT_GUEST_GAMES,
      accountGames: values.RATE_LIMIT_ACCOUNT_GAMES,
      passwordReset: values.RATE_LIMIT_PASSWORD_RESET,
      loginAccount: values.RATE_LIMIT_LOGIN_ACCOUNT,
      loginAccountWindowSeconds: values.RATE_LIMIT_ACCOUNT_WINDOW,
      analysis: values.RATE_LIMIT_ANALYSIS,
      verifyResend: values.RATE_LIMIT_VERIFY_RESEND,
    },
    leaderboardRefreshSeconds: values.LEADERBOARD_REFRESH_SECONDS,
    cacheMaxStaleMs: values.CACHE_MAX_STALE_MS,
    cacheMaxAgeSeconds: values.CACHE_MAX_AGE_SECONDS,
    idleSoloGameDays: values.IDLE_SOLO_GAME_DAYS,
    bot: {
      moveDelayMs: parseMsRange(values.BOT_MOVE_DELAY_MS),
      tickMs: values.BOT_TICK_MS,
      leaseMs: values.BOT_LEASE_MS,
    },
    realtime: {
      socketsPerSession: values.SOCKETS_PER_SESSION,
      socketsPerAccount: values.SOCKETS_PER_ACCOUNT,
    },
    socialSignIn: {
      // OAuth callbacks must be absolute and registered with the provider ahead of time, so
      // they cannot follow the request's host: without PUBLIC_URL they assume this machine.
      apiPublicUrl: (
        values.API_PUBLIC_URL ??
        `${publicUrl ?? `http://localhost:${values.PORT}`}${values.API_PREFIX}`
      ).replace(/\/$/, ''),
      oauth,
      steamOpenIdUrl: flag(values.STEAM_ENABLED, true) ? values.STEAM_OPENID_URL : null,
    },
    contentSecurityPolicy: {
      connectSrc: cspSourcesOf(values.CSP_CONNECT_SRC ?? ''),
      scriptSrc: cspSourcesOf(values.CSP_SCRIPT_SRC ?? ''),
      imgSrc: cspSourcesOf(values.CSP_IMG_SRC ?? ''),
    },
    metrics: { token: values.METRICS_TOKEN ?? null, port: values.METRICS_PORT ?? null },
  };
}
