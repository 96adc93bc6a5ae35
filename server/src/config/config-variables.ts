import path from 'node:path';
import { Type } from 'typebox';
import { STEAM_OPENID_URL } from './oauth-providers.ts';
import { TIME_CONTROL_PATTERN } from '@jotto/shared/time-controls';
import { FORMATS } from './config-formats.ts';
import { REPO_ROOT } from '../repo-root.ts';
import { formatted, oneOf, secret, variable, wholeNumber } from './config-declarations.ts';
import {
  BOT_VARIABLES,
  METRICS_VARIABLES,
  RATE_LIMIT_VARIABLES,
} from './config-variable-groups.ts';

// Every environment variable the server reads, declared once (see config-declarations.ts).

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const LOG_FORMATS = ['pretty', 'json'] as const;
const NODE_ENVS = ['development', 'production', 'test'] as const;

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
  nodeEnv: variable('NODE_ENV', oneOf(NODE_ENVS, 'development'), {
    section: 'server',
    description:
      '`production` makes `PUBLIC_URL` required: without it the server refuses to start. ' +
      "The server's code reads it for nothing else.",
  }),
  publicUrl: variable('PUBLIC_URL', formatted('http-url'), {
    section: 'server',
    description:
      'where players reach the client: links in e-mails, sign-in redirects, push links, the ' +
      "app's own origin for the cross-site rule. Unset, mail links and sign-in callbacks point " +
      'at `http://localhost:$PORT`, never at the Host header of a request, which the client ' +
      'writes. Required with `NODE_ENV=production`.',
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

  shutdownGraceSeconds: variable('SHUTDOWN_GRACE_SECONDS', wholeNumber(10, 1, 600), {
    section: 'server',
    description:
      'on SIGTERM (or SIGINT) the node drains within this many seconds, then exits: at once it ' +
      'answers `/readyz` with 503, refuses new sockets and hands its jobs over to the other ' +
      "nodes (the computer's claimed moves given back, no lease left to expire); a fifth of " +
      'it (at most 2 s) later it stops accepting connections, asks its sockets to reconnect ' +
      'to another node, and lets the requests in flight finish; one still running a second ' +
      'before the end is cut off. Give the orchestrator a longer stop timeout than this.',
  }),

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
    defaultText: 'by default a random secret made at the first start and kept in the database',
    description:
      'keys the stored hashes of session ids, verification codes and reset tokens, and signs ' +
      'cookies. Every node must share it; unset, the nodes of one database share the stored ' +
      'one. Set it to keep the key out of the database and its backups.',
  }),
  dailySecret: variable('DAILY_SECRET', secret(32), {
    section: 'security',
    defaultText: 'by default a random secret of its own, made and kept like the session one',
    description:
      "the key of the Daily Jotto word draw (docs/PRODUCT.md, 'Daily Jotto'). Whoever has it " +
      'can compute every future daily word, so keep it secret; every node must share it. It ' +
      'never derives from `SESSION_SECRET`, so neither reveals the other. Changing it changes ' +
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

  rateLimits: RATE_LIMIT_VARIABLES,

  leaderboardRefreshSeconds: variable('LEADERBOARD_REFRESH_SECONDS', wholeNumber(300, 5, 86_400), {
    section: 'jobs',
    description:
      "seconds between leaderboard recomputations (docs/PRODUCT.md, 'Points and " +
      "leaderboards'). Every node runs the timer; the cluster computes once per period. The " +
      'Daily Jotto leaders are recomputed every minute the same way, once per cluster, with no ' +
      'setting, and on the first request after a solve.',
  }),
  idleSoloGameDays: variable('IDLE_SOLO_GAME_DAYS', wholeNumber(30, 1, 3_650), {
    section: 'jobs',
    description:
      'the hourly purge (of expired sessions and abandoned guest games) also deletes ' +
      'unfinished solo games nobody has played for this many days, but for a signed-in ' +
      "player's dailies, and games against the computer whose player has left them that long.",
  }),

  playNowTimeControl: variable(
    'PLAY_NOW_TIME_CONTROL',
    Type.String({
      default: '5m',
      pattern: TIME_CONTROL_PATTERN,
      expected: 'a number and a unit (s, m, h or d) like 5m, 20s or 1d',
    }),
    {
      section: 'jobs',
      description:
        "the time control of every 'Play now' game (docs/PRODUCT.md, 'Time controls'): each " +
        'player must finish by the start plus this, and one who has not moved within a quarter ' +
        'of it (at most a minute, or a day by correspondence) aborts the game. Any value ' +
        'works, `20s` for a test or an event.',
    },
  ),

  bot: BOT_VARIABLES,

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
  metrics: METRICS_VARIABLES,
});
