import path from 'node:path';
import { Ajv, type ErrorObject } from 'ajv';
import envSchema from 'env-schema';
import { type TObject, type TSchema, Type } from 'typebox';
import {
  OAUTH_PROVIDER_DEFINITIONS,
  OAUTH_PROVIDERS,
  type OAuthProvider,
} from './oauth-providers.ts';
import {
  cspSourcesOf,
  FINITE_KEYWORD,
  FORMATS,
  isFormatName,
  listOf,
  parseMsRange,
  parseTrustProxy,
  TRUE_WORDS,
  type TrustProxy,
} from './config-formats.ts';
import {
  type DeclaredValues,
  DOCUMENTATION_KEYWORDS,
  valuesIn,
  variablesIn,
} from './config-declarations.ts';
import {
  type OAuthSuffix,
  oauthVariableName,
  oauthVariablesByName,
} from './config-oauth-variables.ts';
import { CONFIG_VARIABLES } from './config-variables.ts';

// The one place that reads the environment: everything else receives an AppConfig. The
// variables are declared in config-variables.ts (with their entries in docs/CONFIGURATION.md)
// and their formats in config-formats.ts; this file checks them and works out the rest.

type DeclaredConfig = DeclaredValues<typeof CONFIG_VARIABLES>;

/**
 * The fields loadConfig works out after copying the variables: a value parsed from its variable,
 * or one that follows from several (or from where the process runs).
 */
interface DerivedConfig {
  /** CLIENT_ORIGIN's origins, allowed to call the API with credentials. */
  clientOrigins: string[];
  /** PUBLIC_URL without a trailing slash, or null. */
  publicUrl: string | null;
  /**
   * Where absolute links lead (the links of our mails; sign-in callbacks build on it too):
   * PUBLIC_URL, else `http://localhost:{PORT}`. Never a request's Host header, which the
   * client writes: a forged one would put someone else's host in a reset link.
   */
  linkBaseUrl: string;
  /** DATA_DIR resolved (`memory://` kept as it is). */
  dataDir: string;
  clientDistDir: string;
  /**
   * SESSION_SECRET, or null: the app then runs with a random secret kept in the database
   * (db/app-secrets.ts resolves both secrets at start-up; nothing else reads these two).
   */
  sessionSecret: string | null;
  /**
   * DAILY_SECRET, the key of the Daily Jotto word draw (server/src/daily/daily-word.ts), or
   * null: a random one of its own kept in the database, never derived from the session secret.
   */
  dailySecret: string | null;
  logFormat: NonNullable<DeclaredConfig['logFormat']>;
  /** Never `true`, which would trust the client's own X-Forwarded-For entries. */
  trustProxy: TrustProxy;
  /** Whether session cookies carry `Secure` (on by default for https or a cross-site client). */
  cookieSecure: boolean;
  /** A client origin differs from PUBLIC_URL: cookies must be `SameSite=None; Secure`. */
  crossSiteClient: boolean;
  /** The CSP_*_SRC sources added to the Content-Security-Policy beside our own. */
  contentSecurityPolicy: { connectSrc: string[]; scriptSrc: string[]; imgSrc: string[] };
  bot: Omit<DeclaredConfig['bot'], 'moveDelayMs'> & { moveDelayMs: { min: number; max: number } };
  /** docs/PRODUCT.md, 'Social sign-in'; the providers' defaults are in config/oauth-providers.ts. */
  socialSignIn: SocialSignInConfig;
}

/** Everything the server is configured with, read and checked once by loadConfig. */
export type AppConfig = Omit<DeclaredConfig, keyof DerivedConfig> & DerivedConfig;

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

/** A provider is on when its client id and secret are both set: one without the other is refused. */
const CREDENTIAL_PAIRS = OAUTH_PROVIDERS.map((provider) => ({
  id: oauthVariableName(provider, 'CLIENT_ID'),
  secret: oauthVariableName(provider, 'CLIENT_SECRET'),
}));

/** Every variable by name: the declared ones, each provider's, and pnpm's INIT_CWD. */
const VARIABLES: Record<string, TSchema> = {
  // In declaration order: METRICS_PORT must come after PORT.
  ...Object.fromEntries(variablesIn(CONFIG_VARIABLES).map((schema) => [schema.variable, schema])),
  ...oauthVariablesByName(),
  // Set by pnpm to the folder it was started in; relative paths are taken from there. Not an
  // operator's setting: the manual's introduction explains it.
  INIT_CWD: Type.Optional(Type.String()),
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

// env-schema's own options, plus `$data` (METRICS_PORT is compared with PORT), our formats and
// `finite` keyword, and the declarations' annotations, which ajv's strict mode would refuse.
const ajv = new Ajv({
  allErrors: true,
  removeAdditional: true,
  useDefaults: true,
  coerceTypes: true,
  allowUnionTypes: true,
  $data: true,
  keywords: [FINITE_KEYWORD, ...DOCUMENTATION_KEYWORDS],
  formats: Object.fromEntries(
    Object.entries(FORMATS).map(([name, format]) => [
      name,
      (value: string) => format.problems(name, value).length === 0,
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
      problems.push(...FORMATS[format].problems(name, value));
      continue;
    }
    // TypeBox keeps a schema's options (expected, writeOnly) as its plain properties.
    const schema: object = VARIABLES[name] ?? {};
    const expected = 'expected' in schema ? String(schema.expected) : 'valid';
    const secret = 'writeOnly' in schema && schema.writeOnly === true;
    problems.push(`${name} must be ${expected}${secret ? '' : ` (got "${value}")`}`);
  }
  return problems;
}

/**
 * Reads and validates the environment once: env-schema checks it against the declarations (so
 * a bad value stops the start with a ConfigError that names every bad variable, what it expects
 * and what it got), each value is copied to its place, then the derived values are worked out.
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
  let values: Record<string, unknown>;
  try {
    values = envSchema<Record<string, unknown>>({
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
  const declared = valuesIn(CONFIG_VARIABLES, values);
  // Rules between variables that each passed on its own.
  if (declared.nodeEnv === 'production' && declared.publicUrl === null) {
    throw new ConfigError([
      'PUBLIC_URL must be set when NODE_ENV=production: the links of our mails and the ' +
        'sign-in callbacks are built on it',
    ]);
  }
  return { ...declared, ...derive(declared, values, stdoutIsTTY) };
}

/** The derived fields, from the declared values and the variables by name. */
function derive(
  declared: DeclaredConfig,
  values: Record<string, unknown>,
  stdoutIsTTY: boolean,
): DerivedConfig {
  const text = (name: string) => {
    const value = values[name];
    return typeof value === 'string' ? value : null;
  };
  // pnpm runs scripts inside the package folder; relative paths mean the folder the user was in.
  const baseDir = text('INIT_CWD') ?? process.cwd();
  const clientOrigins = listOf(declared.clientOrigins ?? '').map((entry) => new URL(entry).origin);
  const publicUrl = declared.publicUrl?.replace(/\/$/, '') ?? null;
  const crossSiteClient = clientOrigins.some(
    (origin) => publicUrl === null || origin !== new URL(publicUrl).origin,
  );
  const flag = (value: string | null, fallback: boolean) =>
    value === null ? fallback : TRUE_WORDS.includes(value.toLowerCase());

  const oauth = {} as SocialSignInConfig['oauth'];
  for (const provider of OAUTH_PROVIDERS) {
    const defaults = OAUTH_PROVIDER_DEFINITIONS[provider];
    const own = (suffix: OAuthSuffix) => text(oauthVariableName(provider, suffix));
    const clientId = own('CLIENT_ID');
    const clientSecret = own('CLIENT_SECRET');
    oauth[provider] =
      clientId !== null && clientSecret !== null
        ? {
            clientId,
            clientSecret,
            authorizeUrl: own('AUTHORIZE_URL') ?? defaults.authorizeUrl,
            tokenUrl: own('TOKEN_URL') ?? defaults.tokenUrl,
            userinfoUrl:
              defaults.userinfoUrl === null ? null : (own('USERINFO_URL') ?? defaults.userinfoUrl),
          }
        : null;
  }

  const { socialSignIn, contentSecurityPolicy: csp } = declared;
  const linkBaseUrl = publicUrl ?? `http://localhost:${declared.port}`;
  return {
    clientOrigins,
    publicUrl,
    linkBaseUrl,
    dataDir: declared.dataDir.startsWith('memory://')
      ? declared.dataDir
      : path.resolve(baseDir, declared.dataDir),
    clientDistDir: path.resolve(baseDir, declared.clientDistDir),
    sessionSecret: declared.sessionSecret,
    dailySecret: declared.dailySecret,
    logFormat: declared.logFormat ?? (stdoutIsTTY ? 'pretty' : 'json'),
    trustProxy: parseTrustProxy(declared.trustProxy),
    cookieSecure: flag(
      declared.cookieSecure,
      crossSiteClient || (publicUrl?.startsWith('https:') ?? false),
    ),
    crossSiteClient,
    contentSecurityPolicy: {
      connectSrc: cspSourcesOf(csp.connectSrc ?? ''),
      scriptSrc: cspSourcesOf(csp.scriptSrc ?? ''),
      imgSrc: cspSourcesOf(csp.imgSrc ?? ''),
    },
    bot: { ...declared.bot, moveDelayMs: parseMsRange(declared.bot.moveDelayMs) },
    socialSignIn: {
      // OAuth callbacks must be absolute and registered with the provider ahead of time: like
      // mail links, without PUBLIC_URL they assume this machine.
      apiPublicUrl: (socialSignIn.apiPublicUrl ?? `${linkBaseUrl}${declared.apiPrefix}`).replace(
        /\/$/,
        '',
      ),
      oauth,
      steamOpenIdUrl: flag(socialSignIn.steamEnabled, true) ? socialSignIn.steamOpenIdUrl : null,
    },
  };
}
