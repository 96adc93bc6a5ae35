import { isIP } from 'node:net';
import path from 'node:path';
import {
  OAUTH_PROVIDER_DEFINITIONS,
  OAUTH_PROVIDERS,
  type OAuthProvider,
  STEAM_OPENID_URL,
} from './accounts/providers.ts';

/**
 * The one place that reads the environment. Everything else receives an AppConfig.
 * Every variable is listed in the README's configuration table.
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
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /**
   * How log lines are written: `pretty` (coloured, one readable line per event, for a person
   * at a terminal) or `json` (one JSON object per line, for log collectors). Same fields and
   * the same redaction either way.
   */
  logFormat: 'pretty' | 'json';
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
  /** Requests allowed per client address per minute, by kind (decisions §7). */
  rateLimits: {
    login: number;
    register: number;
    search: number;
    play: number;
    /** Games a guest (not signed in) may start per address per minute. */
    guestGames: number;
    /** Login attempts per account (or per account and known browser) per window. */
    loginAccount: number;
    /** That window, in seconds (short and fixed: see auth/login-throttle.ts). */
    loginAccountWindowSeconds: number;
    /** Post-game analyses per address per minute (the route is CPU-bound). */
    analysis: number;
  };
  /** Seconds between leaderboard recomputations, once per cluster (decisions §3: 300). */
  leaderboardRefreshSeconds: number;
  /** Social sign-in (decisions §7); the providers' defaults are in auth/providers.ts. */
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

type Env = Record<string, string | undefined>;

const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const LOG_FORMATS = ['pretty', 'json'] as const;
// Only for a developer's machine: the start-up log says loudly that it is in use.
const DEVELOPMENT_SESSION_SECRET = 'jotto-development-secret-change-me-in-production';

/**
 * Parses and validates the environment once. Throws a ConfigError that names every bad
 * variable, what it expects and what it got. `stdoutIsTTY` picks the default LOG_FORMAT:
 * pretty for a person at a terminal, JSON when the output goes to a file, a pipe or a collector.
 */
export function loadConfig(
  env: Env = process.env,
  stdoutIsTTY: boolean = process.stdout.isTTY === true,
): AppConfig {
  const problems: string[] = [];
  const text = (name: string): string | null => {
    const value = env[name]?.trim();
    return value ? value : null;
  };
  const integer = (name: string, fallback: number, min: number, max: number): number => {
    const raw = text(name);
    if (raw === null) return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min || value > max) {
      problems.push(`${name} must be a whole number from ${min} to ${max} (got "${raw}")`);
      return fallback;
    }
    return value;
  };
  const boolean = (name: string, fallback: boolean): boolean => {
    const raw = text(name);
    if (raw === null) return fallback;
    if (['1', 'true', 'yes'].includes(raw.toLowerCase())) return true;
    if (['0', 'false', 'no'].includes(raw.toLowerCase())) return false;
    problems.push(`${name} must be true or false (got "${raw}")`);
    return fallback;
  };
  const url = (name: string, protocols: string[]): string | null => {
    const raw = text(name);
    if (raw === null) return null;
    try {
      const parsed = new URL(raw);
      if (!protocols.includes(parsed.protocol)) {
        problems.push(`${name} must use ${protocols.join(' or ')} (got "${parsed.protocol}")`);
      }
    } catch {
      problems.push(`${name} must be a URL (got "${raw}")`);
    }
    return raw;
  };
  const origin = (name: string, raw: string): string => {
    try {
      const parsed = new URL(raw);
      if (parsed.origin === 'null' || raw.replace(/\/$/, '') !== parsed.origin) throw new Error();
      return parsed.origin;
    } catch {
      problems.push(`${name} must list origins like https://play.example.com (got "${raw}")`);
      return raw;
    }
  };

  // A CSP host source with its scheme (https://cdn.example, wss://push.example:443,
  // https://*.example/path/); keywords such as 'unsafe-inline' and bare schemes are refused,
  // so configuration can add a third party but cannot switch the policy off.
  const cspSources = (name: string): string[] => {
    const raw = text(name);
    if (raw === null) return [];
    const sources = raw.split(/[\s,]+/).filter(Boolean);
    for (const source of sources) {
      if (
        !/^(https?|wss?):\/\/(\*\.)?[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*(:\d{1,5})?(\/[^\s;,'"]*)?$/.test(
          source,
        )
      ) {
        problems.push(
          `${name} must list sources like https://cdn.example.com or wss://push.example.com (got "${source}")`,
        );
      }
    }
    return sources;
  };

  // TRUST_PROXY: a hop count, or a list of proxy addresses/CIDRs (proxy-addr, under Fastify,
  // also knows the names loopback, linklocal and uniquelocal). `true` is refused: it trusts
  // every X-Forwarded-For entry, the left-most of which the client writes itself, so a client
  // could pick the address its rate limits count under (issue 14).
  const trustProxy = (): AppConfig['trustProxy'] => {
    const raw = text('TRUST_PROXY');
    if (raw === null || ['false', 'no', '0'].includes(raw.toLowerCase())) return false;
    if (/^\d+$/.test(raw)) {
      const hops = Number(raw);
      if (hops > 16) problems.push(`TRUST_PROXY as a hop count must be 0 to 16 (got "${raw}")`);
      return hops;
    }
    if (['true', 'yes', '1'].includes(raw.toLowerCase())) {
      problems.push(
        'TRUST_PROXY=true would trust addresses the client writes itself; set the number of proxies in front of the app (e.g. 1) or their addresses',
      );
      return false;
    }
    const entries = raw
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean);
    for (const entry of entries) {
      const [address, prefix, extra] = entry.split('/');
      const family = isIP(address ?? '');
      const namedRange = ['loopback', 'linklocal', 'uniquelocal'].includes(entry);
      const validPrefix =
        prefix === undefined ||
        (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 6 ? 128 : 32));
      if (!namedRange && (family === 0 || !validPrefix || extra !== undefined)) {
        problems.push(
          `TRUST_PROXY must be a hop count or a list of addresses or CIDRs like 10.0.0.0/8 (got "${entry}")`,
        );
      }
    }
    return entries;
  };

  const port = integer('PORT', 3000, 0, 65535);
  const metricsToken = text('METRICS_TOKEN');
  if (metricsToken !== null && !/^[\x21-\x7E]{16,}$/.test(metricsToken)) {
    problems.push('METRICS_TOKEN must be at least 16 printable ASCII characters without spaces');
  }
  const metricsPort = text('METRICS_PORT') === null ? null : integer('METRICS_PORT', 0, 1, 65535);
  if (metricsPort !== null && metricsPort === port) {
    problems.push(`METRICS_PORT must differ from PORT (both are ${port})`);
  }
  const apiPrefix = text('API_PREFIX') ?? '/api';
  if (!/^\/[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*$/.test(apiPrefix)) {
    problems.push(`API_PREFIX must look like /api (got "${apiPrefix}")`);
  }
  const logLevel = text('LOG_LEVEL') ?? 'info';
  if (!(LOG_LEVELS as readonly string[]).includes(logLevel)) {
    problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')} (got "${logLevel}")`);
  }
  const logFormat = text('LOG_FORMAT') ?? (stdoutIsTTY ? 'pretty' : 'json');
  if (!(LOG_FORMATS as readonly string[]).includes(logFormat)) {
    problems.push(`LOG_FORMAT must be one of ${LOG_FORMATS.join(', ')} (got "${logFormat}")`);
  }
  const sessionSecret = text('SESSION_SECRET');
  if (sessionSecret !== null && sessionSecret.length < 32) {
    problems.push('SESSION_SECRET must be at least 32 characters long');
  }
  const clientOrigins = (text('CLIENT_ORIGIN') ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => origin('CLIENT_ORIGIN', part));
  const publicUrl = url('PUBLIC_URL', ['http:', 'https:'])?.replace(/\/$/, '') ?? null;
  // pnpm runs scripts inside the package folder; relative paths mean the folder the user was in.
  const baseDir = text('INIT_CWD') ?? process.cwd();
  const dataDirRaw = text('DATA_DIR');
  const dataDir =
    dataDirRaw === null
      ? path.join(REPO_ROOT, 'data')
      : dataDirRaw.startsWith('memory://')
        ? dataDirRaw
        : path.resolve(baseDir, dataDirRaw);
  const clientDistRaw = text('CLIENT_DIST_DIR');
  const serviceAccount = text('FIREBASE_SERVICE_ACCOUNT');
  if (serviceAccount?.startsWith('{')) {
    try {
      const parsed = JSON.parse(serviceAccount) as Record<string, unknown>;
      if (typeof parsed.private_key !== 'string' || typeof parsed.client_email !== 'string')
        throw new Error();
    } catch {
      problems.push(
        'FIREBASE_SERVICE_ACCOUNT must be a service account JSON (with private_key and client_email) or a path to one',
      );
    }
  }
  // Social sign-in: a provider is on when its client id and secret are both set.
  const oauth = {} as SocialSignInConfig['oauth'];
  for (const provider of OAUTH_PROVIDERS) {
    const defaults = OAUTH_PROVIDER_DEFINITIONS[provider];
    const prefix = defaults.envPrefix;
    const endpoint = (name: string, fallback: string) =>
      url(`${prefix}_${name}`, ['http:', 'https:']) ?? fallback;
    const credential = (name: string) => {
      const value = text(`${prefix}_${name}`);
      // What simple-oauth2 (under @fastify/oauth2) accepts; anything else would fail the start.
      if (value !== null && !/^[\x21-\x7E]+$/.test(value)) {
        problems.push(`${prefix}_${name} must be printable ASCII without spaces`);
      }
      return value;
    };
    const clientId = credential('CLIENT_ID');
    const clientSecret = credential('CLIENT_SECRET');
    if ((clientId === null) !== (clientSecret === null)) {
      problems.push(
        `${prefix}_CLIENT_ID and ${prefix}_CLIENT_SECRET must be set together (only ${clientId === null ? `${prefix}_CLIENT_SECRET` : `${prefix}_CLIENT_ID`} is set)`,
      );
    }
    const authorizeUrl = endpoint('AUTHORIZE_URL', defaults.authorizeUrl);
    const tokenUrl = endpoint('TOKEN_URL', defaults.tokenUrl);
    const userinfoUrl =
      defaults.userinfoUrl === null ? null : endpoint('USERINFO_URL', defaults.userinfoUrl);
    oauth[provider] =
      clientId !== null && clientSecret !== null
        ? { clientId, clientSecret, authorizeUrl, tokenUrl, userinfoUrl }
        : null;
  }
  const steamOpenIdUrl = url('STEAM_OPENID_URL', ['http:', 'https:']) ?? STEAM_OPENID_URL;
  const apiPublicUrl =
    // OAuth callbacks must be absolute and registered with the provider ahead of time, so
    // they cannot follow the request's host: without PUBLIC_URL they assume this machine.
    (
      url('API_PUBLIC_URL', ['http:', 'https:']) ??
      `${publicUrl ?? `http://localhost:${port}`}${apiPrefix}`
    ).replace(/\/$/, '');
  const crossSiteClient = clientOrigins.some(
    (o) =>
      URL.canParse(o) &&
      (publicUrl === null ||
        !URL.canParse(publicUrl) ||
        new URL(o).origin !== new URL(publicUrl).origin),
  );

  const config: AppConfig = {
    port,
    host: text('HOST') ?? '0.0.0.0',
    apiPrefix,
    databaseUrl: url('DATABASE_URL', ['postgres:', 'postgresql:']),
    databasePoolSize: integer('DATABASE_POOL_SIZE', 10, 1, 500),
    dataDir,
    redisUrl: url('REDIS_URL', ['redis:', 'rediss:']),
    clientOrigins,
    sessionSecret: sessionSecret ?? DEVELOPMENT_SESSION_SECRET,
    sessionSecretIsDefault: sessionSecret === null,
    smtpUrl: url('SMTP_URL', ['smtp:', 'smtps:']),
    mailFrom: text('MAIL_FROM') ?? 'Jotto <no-reply@jotto.local>',
    publicUrl,
    clientDistDir:
      clientDistRaw === null
        ? path.join(REPO_ROOT, 'client', 'dist')
        : path.resolve(baseDir, clientDistRaw),
    logLevel: logLevel as AppConfig['logLevel'],
    logFormat: logFormat as AppConfig['logFormat'],
    trustProxy: trustProxy(),
    cookieSecure: boolean(
      'COOKIE_SECURE',
      crossSiteClient || (publicUrl?.startsWith('https:') ?? false),
    ),
    crossSiteClient,
    firebaseServiceAccount: serviceAccount,
    rateLimits: {
      login: integer('RATE_LIMIT_LOGIN', 10, 1, 1_000_000),
      register: integer('RATE_LIMIT_REGISTER', 5, 1, 1_000_000),
      search: integer('RATE_LIMIT_SEARCH', 60, 1, 1_000_000),
      play: integer('RATE_LIMIT_PLAY', 120, 1, 1_000_000),
      guestGames: integer('RATE_LIMIT_GUEST_GAMES', 10, 1, 1_000_000),
      loginAccount: integer('RATE_LIMIT_LOGIN_ACCOUNT', 10, 1, 1_000_000),
      loginAccountWindowSeconds: integer('RATE_LIMIT_ACCOUNT_WINDOW', 900, 1, 86_400),
      analysis: integer('RATE_LIMIT_ANALYSIS', 30, 1, 1_000_000),
    },
    leaderboardRefreshSeconds: integer('LEADERBOARD_REFRESH_SECONDS', 300, 5, 86_400),
    socialSignIn: {
      apiPublicUrl,
      oauth,
      steamOpenIdUrl: boolean('STEAM_ENABLED', true) ? steamOpenIdUrl : null,
    },
    metrics: { token: metricsToken, port: metricsPort },
    contentSecurityPolicy: {
      connectSrc: cspSources('CSP_CONNECT_SRC'),
      scriptSrc: cspSources('CSP_SCRIPT_SRC'),
      imgSrc: cspSources('CSP_IMG_SRC'),
    },
  };
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}
