import path from 'node:path';

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
  /** Public URL of the client, used in links inside e-mails. */
  publicUrl: string;
  /** Folder holding the built client (index.html and assets). */
  clientDistDir: string;
  /** Pino log level. */
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Trust X-Forwarded-* from a proxy in front (for client addresses in rate limits). */
  trustProxy: boolean;
  /** Whether session cookies carry `Secure` (on by default for https or a cross-site client). */
  cookieSecure: boolean;
  /** A client origin differs from PUBLIC_URL: cookies must be `SameSite=None; Secure`. */
  crossSiteClient: boolean;
  /** Requests allowed per client address per minute, by kind (decisions §7). */
  rateLimits: { login: number; register: number; search: number; play: number };
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
// Only for a developer's machine: the start-up log says loudly that it is in use.
const DEVELOPMENT_SESSION_SECRET = 'jotto-development-secret-change-me-in-production';

/**
 * Parses and validates the environment once. Throws a ConfigError that names every bad
 * variable, what it expects and what it got.
 */
export function loadConfig(env: Env = process.env): AppConfig {
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

  const port = integer('PORT', 3000, 0, 65535);
  const apiPrefix = text('API_PREFIX') ?? '/api';
  if (!/^\/[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*$/.test(apiPrefix)) {
    problems.push(`API_PREFIX must look like /api (got "${apiPrefix}")`);
  }
  const logLevel = text('LOG_LEVEL') ?? 'info';
  if (!(LOG_LEVELS as readonly string[]).includes(logLevel)) {
    problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')} (got "${logLevel}")`);
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
  const publicUrl = url('PUBLIC_URL', ['http:', 'https:']) ?? `http://localhost:${port}`;
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
  const crossSiteClient = clientOrigins.some(
    (o) =>
      URL.canParse(o) && URL.canParse(publicUrl) && new URL(o).origin !== new URL(publicUrl).origin,
  );

  const config: AppConfig = {
    port,
    host: text('HOST') ?? '0.0.0.0',
    apiPrefix,
    databaseUrl: url('DATABASE_URL', ['postgres:', 'postgresql:']),
    dataDir,
    redisUrl: url('REDIS_URL', ['redis:', 'rediss:']),
    clientOrigins,
    sessionSecret: sessionSecret ?? DEVELOPMENT_SESSION_SECRET,
    sessionSecretIsDefault: sessionSecret === null,
    smtpUrl: url('SMTP_URL', ['smtp:', 'smtps:']),
    mailFrom: text('MAIL_FROM') ?? 'Jotto <no-reply@jotto.local>',
    publicUrl: publicUrl.replace(/\/$/, ''),
    clientDistDir:
      clientDistRaw === null
        ? path.join(REPO_ROOT, 'client', 'dist')
        : path.resolve(baseDir, clientDistRaw),
    logLevel: logLevel as AppConfig['logLevel'],
    trustProxy: boolean('TRUST_PROXY', false),
    cookieSecure: boolean('COOKIE_SECURE', crossSiteClient || publicUrl.startsWith('https:')),
    crossSiteClient,
    rateLimits: {
      login: integer('RATE_LIMIT_LOGIN', 10, 1, 1_000_000),
      register: integer('RATE_LIMIT_REGISTER', 5, 1, 1_000_000),
      search: integer('RATE_LIMIT_SEARCH', 60, 1, 1_000_000),
      play: integer('RATE_LIMIT_PLAY', 120, 1, 1_000_000),
    },
  };
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}
