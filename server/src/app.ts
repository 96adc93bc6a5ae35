import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import fastifyCors from '@fastify/cors';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import type { ErrorResponse } from '@jotto/shared/api-envelope';
import { CLIENT_REQUEST_HEADER } from '@jotto/shared/request-headers';
import type { AppConfig } from './config.ts';
import { type DatabaseHandle, openDatabase } from './db/database.ts';
import { ExpiredDataPurgeJob } from './sessions/expired-data-purge-job.ts';
import { LeaderboardRefreshJob } from './leaderboards/leaderboard-refresh-job.ts';
import { clientStaticPlugin } from './plugins/client-static-plugin.ts';
import { crossSiteGuardPlugin } from './plugins/cross-site-guard-plugin.ts';
import { databasePlugin } from './plugins/database-plugin.ts';
import { errorHandlerPlugin } from './plugins/error-handler-plugin.ts';
import { metricsPlugin } from './plugins/metrics-plugin.ts';
import { openApiPlugin } from './plugins/openapi-plugin.ts';
import { rateLimitPlugin } from './plugins/rate-limit-plugin.ts';
import { realtimePlugin } from './realtime/realtime-plugin.ts';
import { redisPlugin } from './plugins/redis-plugin.ts';
import { securityHeadersPlugin } from './plugins/security-headers-plugin.ts';
import { sessionPlugin } from './sessions/session-plugin.ts';
import { accountRoutes } from './accounts/account-routes.ts';
import { challengeRoutes } from './challenges/challenge-routes.ts';
import { friendRoutes } from './friends/friend-routes.ts';
import { profileRoutes } from './friends/profile-routes.ts';
import { gameRoutes } from './games/game-routes.ts';
import { leaderboardRoutes } from './leaderboards/leaderboard-routes.ts';
import { opsRoutes } from './ops/ops-routes.ts';
import { socialAuthRoutes } from './accounts/social-auth-routes.ts';
import { AccountService } from './accounts/account-service.ts';
import { Notifier } from './realtime/notifier.ts';
import { createFirebaseTransport, PushSender, type PushTransport } from './realtime/push-sender.ts';
import { ChallengeService } from './challenges/challenge-service.ts';
import { FriendService } from './friends/friend-service.ts';
import { GameService } from './games/game-service.ts';
import { LeaderboardService } from './leaderboards/leaderboard-service.ts';
import { ProfileService } from './friends/profile-service.ts';
import { createMailer } from './lib/mailer.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The game service; tests use it to set up versus games directly. */
    games: GameService;
    /** Tells users what happened, after commit (see realtime/notifier.ts). */
    notifier: Notifier;
    /** Hourly removal of expired sessions and abandoned guest games. */
    purgeJob: ExpiredDataPurgeJob;
  }
}

/**
 * A request URL as it may appear in the log. Verification codes (in the path) and the query of
 * sign-in callbacks (an OAuth code, a Steam assertion) are credentials and are masked. So is a
 * guess: the winning one is the secret, which the opponent of a versus game may still be
 * looking for (the secret never appears in a log line).
 */
export function loggableUrl(url: string): string {
  const masked = url
    .replace(/\/verify\/[^/?]+/, '/verify/[code]')
    .replace(/(\/game\/[^/?]*\/play\/)[^/?]*/, '$1[word]');
  return /\/auth\/[^/?]+\/callback\?/.test(masked) ? `${masked.split('?')[0]}?[redacted]` : masked;
}

/** What tests may hand in instead of letting the app open its own. */
export interface AppOverrides {
  /** An already opened database; the app will not close it. */
  database?: DatabaseHandle;
  /** Stands in for the push provider (unreachable from tests); null turns push off. */
  pushTransport?: PushTransport | null;
}

/**
 * TRUST_PROXY as Fastify takes it. Fastify 5.12 no longer takes a hop count (a number now
 * trusts nothing), because counting hops cannot tell the proxy from a client that reaches the
 * app directly; our hop count is therefore the equivalent function, for deployments where the
 * app is reachable only through its proxies (as in docker-compose.yml, whose app ports are not
 * published). Addresses and CIDRs, which do check the peer, are handed over as they are.
 */
function trustedProxies(
  trust: AppConfig['trustProxy'],
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  return (_address, hop) => hop < trust;
}

// 64 KiB is far above any body the API takes; larger ones get 413 before they are parsed.
const BODY_LIMIT = 64 * 1024;

function createValidators() {
  const options = {
    useDefaults: true,
    removeAdditional: false,
    allErrors: false,
    strict: false,
  } as const;
  // Bodies are JSON and must already have the right types ("wrong types get a 400"); path
  // parameters and query strings are text and are coerced to the schema's types.
  const strict = new Ajv({ ...options, coerceTypes: false });
  const coercing = new Ajv({ ...options, coerceTypes: 'array' });
  addFormats(strict);
  addFormats(coercing);
  return { strict, coercing };
}

/**
 * Builds the whole app (used by the entry point and by every test): infrastructure plugins,
 * then services, then routes.
 */
export async function buildApp(
  config: AppConfig,
  overrides: AppOverrides = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    bodyLimit: BODY_LIMIT,
    // Errors the router raises before any route runs (a malformed %-escape, a path parameter
    // over the length limit) get the same envelope as every other client error.
    frameworkErrors: (error, _request, reply) => {
      const status =
        typeof error.statusCode === 'number' && error.statusCode < 500 ? error.statusCode : 400;
      const err =
        error.code === 'FST_ERR_MAX_PARAM_LENGTH'
          ? 'A part of this address is too long'
          : 'This address is not valid';
      const body: ErrorResponse = { result: 'error', err };
      void (reply as unknown as FastifyReply).status(status).send(body);
    },
    trustProxy: trustedProxies(config.trustProxy),
    logger: {
      level: config.logLevel,
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
      serializers: {
        req: (req: { method: string; url: string }) => ({
          method: req.method,
          url: loggableUrl(req.url),
        }),
      },
      // LOG_FORMAT=pretty: pino-pretty formats the lines in a worker thread, after the redaction
      // and serializers above ran here, so both formats mask the same things.
      ...(config.logFormat === 'pretty' && config.logLevel !== 'silent'
        ? {
            transport: {
              target: 'pino-pretty',
              options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname', singleLine: true },
            },
          }
        : {}),
    },
  }).withTypeProvider<TypeBoxTypeProvider>();

  const validators = createValidators();
  app.setValidatorCompiler(({ schema, httpPart }) =>
    (httpPart === 'body' ? validators.strict : validators.coercing).compile(schema),
  );

  const database =
    overrides.database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      poolSize: config.databasePoolSize,
    }));
  await app.register(errorHandlerPlugin);
  // First of the hooks, so that every answer carries the headers, refusals and 404s included.
  await app.register(securityHeadersPlugin, { config });
  await app.register(databasePlugin, { handle: database, ownsHandle: !overrides.database });
  await app.register(redisPlugin, { redisUrl: config.redisUrl });
  await app.register(metricsPlugin, { config });
  await app.register(openApiPlugin, { apiPrefix: config.apiPrefix });
  if (config.clientOrigins.length > 0) {
    await app.register(fastifyCors, {
      origin: config.clientOrigins,
      credentials: true,
      // The client's own header is what lets the cross-site guard accept a request that has
      // neither Origin nor Sec-Fetch-Site; a preflight must allow it for the client origins.
      allowedHeaders: ['content-type', CLIENT_REQUEST_HEADER],
    });
  }
  await app.register(crossSiteGuardPlugin, { config });
  await app.register(rateLimitPlugin);
  await app.register(sessionPlugin, { config });

  const mailer = createMailer(config, app.log);
  app.addHook('onClose', async () => mailer.close());
  const accounts = new AccountService({
    db: app.db,
    sessions: app.sessions,
    mailer,
    config,
    log: app.log,
  });

  await app.register(realtimePlugin, { config });
  const push = new PushSender(
    app.db,
    overrides.pushTransport !== undefined
      ? overrides.pushTransport
      : await createFirebaseTransport(config.firebaseServiceAccount),
    app.log,
  );
  app.addHook('onClose', () => push.close());
  const notifier = new Notifier(push, config.publicUrl, app.log);
  notifier.attach(app.io);
  app.decorate('notifier', notifier);
  const games = new GameService(app.db, database.runPrepared, notifier, {
    log: app.log,
    guessBatchMetrics: app.guessBatchMetrics,
  });
  app.decorate('games', games);

  const purgeJob = new ExpiredDataPurgeJob(
    {
      purgeExpiredSessions: () => app.sessions.purgeExpiredSessions(),
      purgeAbandonedGuestGames: () => games.purgeAbandonedGuestGames(),
    },
    app.log,
  );
  purgeJob.start();
  app.addHook('onClose', () => purgeJob.stop());
  app.decorate('purgeJob', purgeJob);

  await app.register(opsRoutes);
  await app.register(accountRoutes, { prefix: config.apiPrefix, accounts, config });
  // Social sign-in: /auth/{provider} and /auth/{provider}/callback (decisions §7).
  await app.register(socialAuthRoutes, { prefix: config.apiPrefix, accounts, config });
  const challenges = new ChallengeService(app.db, games, notifier);
  await app.register(challengeRoutes, { prefix: config.apiPrefix, challenges });
  const friends = new FriendService(app.db, notifier);
  const profiles = new ProfileService(app.db, friends);
  await app.register(friendRoutes, { prefix: config.apiPrefix, friends });
  await app.register(profileRoutes, { prefix: config.apiPrefix, profiles, config });
  await app.register(gameRoutes, { prefix: config.apiPrefix, games, config });
  // Leaderboards: served from stored snapshots, recomputed by a timer on every node that
  // computes once per cluster (see the job); a snapshot counts as fresh for 90% of a period.
  const leaderboardPeriodMs = config.leaderboardRefreshSeconds * 1000;
  const leaderboards = new LeaderboardService(app.db, leaderboardPeriodMs * 0.9);
  app.decorate('leaderboards', leaderboards);
  const leaderboardJob = new LeaderboardRefreshJob(leaderboards, leaderboardPeriodMs, app.log);
  leaderboardJob.start();
  app.addHook('onClose', () => leaderboardJob.stop());
  await app.register(leaderboardRoutes, { prefix: config.apiPrefix, leaderboards });
  await app.register(clientStaticPlugin, {
    clientDistDir: config.clientDistDir,
    apiPrefix: config.apiPrefix,
  });
  return app;
}
