import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import fastifyCors from '@fastify/cors';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import type { ErrorResponse } from '@jotto/shared/api-envelope';
import { CLIENT_REQUEST_HEADER } from '@jotto/shared/request-headers';
import type { AppConfig } from './config/config.ts';
import { type AppSecrets, resolveAppSecrets } from './db/app-secrets.ts';
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
import { invalidationPlugin } from './lib/invalidation-channel.ts';
import { registerCacheMetrics } from './lib/cluster-cache.ts';
import { pollAnswersPlugin } from './lib/poll-answers.ts';
import { registerPollMetrics } from './lib/poll-metrics.ts';
import { registerDatabaseMetrics } from './db/database-metrics.ts';
import { registerRedisMetrics } from './plugins/redis-metrics.ts';
import { registerMatchMetrics } from './matchmaking/match-metrics.ts';
import { registerBotMetrics } from './bots/bot-metrics.ts';
import { redisPlugin } from './plugins/redis-plugin.ts';
import { securityHeadersPlugin } from './plugins/security-headers-plugin.ts';
import { routeAccessPlugin } from './sessions/route-access.ts';
import { sessionPlugin } from './sessions/session-plugin.ts';
import { accountRoutes } from './accounts/account-routes.ts';
import { passwordResetRoutes } from './accounts/password-reset-routes.ts';
import { PasswordResetService } from './accounts/password-reset-service.ts';
import { challengeRoutes } from './challenges/challenge-routes.ts';
import { BlockService } from './moderation/block-service.ts';
import { moderationRoutes } from './moderation/moderation-routes.ts';
import { ReportService } from './moderation/report-service.ts';
import { holdsSocketOf, MatchQueueJob } from './matchmaking/match-queue-job.ts';
import { matchRoutes } from './matchmaking/match-routes.ts';
import { MatchService } from './matchmaking/match-service.ts';
import { friendRoutes } from './friends/friend-routes.ts';
import { profileRoutes } from './friends/profile-routes.ts';
import { ratingRoutes } from './ratings/rating-routes.ts';
import { gameRoutes } from './games/game-routes.ts';
import { phraseRoutes } from './games/phrase-routes.ts';
import { BotMoveJob } from './bots/bot-move-job.ts';
import { botRoutes } from './bots/bot-routes.ts';
import { BotService } from './bots/bot-service.ts';
import { leaderboardRoutes } from './leaderboards/leaderboard-routes.ts';
import { opsRoutes } from './ops/ops-routes.ts';
import { Readiness, registerReadinessMetrics } from './ops/readiness.ts';
import { socialAuthRoutes } from './accounts/social-auth-routes.ts';
import { AccountService } from './accounts/account-service.ts';
import { Notifier } from './realtime/notifier.ts';
import { registerEventMetrics } from './realtime/realtime-metrics.ts';
import { createFirebaseTransport, PushSender, type PushTransport } from './realtime/push-sender.ts';
import { ChallengeService } from './challenges/challenge-service.ts';
import { FriendService } from './friends/friend-service.ts';
import { NoticeService } from './notices/notice-service.ts';
import { noticeRoutes } from './notices/notice-routes.ts';
import type { GameCreation } from './games/game-creation.ts';
import type { GameClockJob } from './games/game-clock-job.ts';
import { createGameDomain } from './games/game-domain.ts';
import { LeaderboardService } from './leaderboards/leaderboard-service.ts';
import {
  DAILY_LEADERS_FRESH_MS,
  DAILY_LEADERS_TICK_MS,
  DailyLeadersService,
} from './daily/daily-leaders-service.ts';
import { DailyReminderJob } from './daily/daily-reminder-job.ts';
import { DailyReminderService } from './daily/daily-reminder-service.ts';
import { dailyRoutes } from './daily/daily-routes.ts';
import { PlayerSettingsService } from './settings/player-settings.ts';
import { settingsRoutes } from './settings/settings-routes.ts';
import { DailyService } from './daily/daily-service.ts';
import { DailyWordDraw } from './daily/daily-word.ts';
import { onWatchingSocketClosed, WatchService } from './watching/watch-service.ts';
import { watchRoutes } from './watching/watch-routes.ts';
import { WatcherCounts } from './watching/watcher-counts.ts';
import { LocalWatcherCountStore, RedisWatcherCountStore } from './watching/watcher-count-store.ts';
import { ProfileService } from './friends/profile-service.ts';
import { RatingService } from './ratings/rating-service.ts';
import { createMailer } from './lib/mailer.ts';
import { RequestLogController } from './lib/request-log-controller.ts';
import { NodeDrain } from './lib/node-drain.ts';
import {
  type FreshnessNote,
  LocalFreshnessNote,
  RedisFreshnessNote,
} from './lib/freshness-note.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** New games; tests use it to set up versus games directly. */
    games: GameCreation;
    /** Ends games whose time is up; tests run it at once (`runNow`). */
    gameClock: GameClockJob;
    /** Tells users what happened, after commit (see realtime/notifier.ts). */
    notifier: Notifier;
    /** Hourly removal of expired sessions and abandoned guest games. */
    purgeJob: ExpiredDataPurgeJob;
    /** The 'Play now' queue; tests run its pairing pass directly. */
    matches: MatchService;
    /** This node's look at the 'Play now' queue every second (tests call its tick). */
    matchQueueJob: MatchQueueJob;
    /** The secrets this node runs with (tests compare nodes' and compute the daily word). */
    secrets: AppSecrets;
    /** This node's drain, begun by its shutdown (ops/node-shutdown.ts): readiness, jobs. */
    drain: NodeDrain;
    /** Sends the streak reminders when due; tests run it at once (`runNow`). */
    dailyReminderJob: DailyReminderJob;
  }
}

/**
 * A request URL as it may appear in the log. Verification codes and password reset tokens (in
 * the path of the client's pages) and the query of sign-in callbacks (an OAuth code, a Steam assertion) are credentials and are masked. So is a
 * guess: the winning one is the secret, which the opponent of a versus game may still be
 * looking for (the secret never appears in a log line).
 */
export function loggableUrl(url: string): string {
  const masked = url
    .replace(/\/verify\/[^/?]+/, '/verify/[code]')
    .replace(/^\/reset\/[^/?]+/, '/reset/[token]')
    .replace(/(\/game\/[^/?]*\/play\/)[^/?]*/, '$1[word]');
  return /\/auth\/[^/?]+\/callback\?/.test(masked) ? `${masked.split('?')[0]}?[redacted]` : masked;
}

/** What tests may hand in instead of letting the app open its own. */
export interface AppOverrides {
  /** An already opened database; the app will not close it. */
  database?: DatabaseHandle;
  /** Stands in for the push provider (unreachable from tests); null turns push off. */
  pushTransport?: PushTransport | null;
  /** Where log lines go instead of stdout: one JSON line per write, whatever LOG_FORMAT says. */
  logStream?: { write(line: string): void };
  /** What time Daily Jotto thinks it is (which day's word, streaks); the system clock if absent. */
  clock?: () => Date;
  /**
   * How often each node checks the sessions of the sockets it holds (`SESSION_RECHECK_MS` if
   * absent): a test shortens it rather than wait half a minute.
   */
  sessionRecheckMs?: number;
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
    // A request that comes on a connection already open while the node closes (a balancer's
    // kept-alive connection) is answered, with `Connection: close`, rather than refused with a
    // 503 the player would see: the database stays open until the requests have finished.
    return503OnClosing: false,
    // One line per request instead of Fastify's two, API requests at info, the rest at debug.
    logController: new RequestLogController(config.apiPrefix),
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
      ...(overrides.logStream
        ? { stream: overrides.logStream }
        : config.logFormat === 'pretty' && config.logLevel !== 'silent'
          ? {
              transport: {
                target: 'pino-pretty',
                options: {
                  translateTime: 'SYS:HH:MM:ss',
                  ignore: 'pid,hostname',
                  singleLine: true,
                },
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
      timeouts: config.databaseTimeouts,
    }));
  // Before anything that keys or signs: from the environment, else kept in the database.
  const { secrets, generated } = await resolveAppSecrets(database.db, config);
  for (const variable of generated) {
    app.log.info(`${variable} is not set: generated a random one and stored it in the database`);
  }
  app.decorate('secrets', secrets);
  // Each job below registers its handover, which the drain runs at once (see NodeDrain).
  const drain = new NodeDrain();
  app.decorate('drain', drain);
  // Before any route: every route under the API prefix must declare who may call it.
  await app.register(routeAccessPlugin, { apiPrefix: config.apiPrefix });
  await app.register(errorHandlerPlugin);
  // At the root, so that its onSend hook adds the headers to every answer, refusals and 404s too.
  await app.register(securityHeadersPlugin, { config });
  await app.register(databasePlugin, { handle: database, ownsHandle: !overrides.database });
  await app.register(redisPlugin, { redisUrl: config.redisUrl });
  // Cache invalidations between nodes: sessions and poll answers are served from memory while
  // every change is heard (docs/ARCHITECTURE.md, 'Polling').
  await app.register(invalidationPlugin, { staleMs: config.cacheMaxStaleMs });
  await app.register(pollAnswersPlugin, {
    source: app.invalidations,
    maxAgeMs: config.cacheMaxAgeSeconds * 1000,
    maxBytes: 64 * 1024 * 1024,
    // A session polls from one tab or several; a client without one counts by its address.
    clientOf: (request) => request.session?.sessionHash ?? request.ip,
  });
  await app.register(metricsPlugin, { config });
  // The node's dependencies and its polling clients, read when /metrics is scraped.
  registerDatabaseMetrics(app.metrics, database.pool);
  registerRedisMetrics(app.metrics, app.redis);
  registerPollMetrics(app.metrics, app.polls.activity);
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
  await app.register(sessionPlugin, { config, sessionSecret: secrets.session });
  const mailer = createMailer(config, app.log);
  app.addHook('onClose', async () => mailer.close());
  await app.register(realtimePlugin, {
    config,
    sessionRecheckMs: overrides.sessionRecheckMs,
    drain,
  });
  const push = new PushSender(
    app.db,
    overrides.pushTransport !== undefined
      ? overrides.pushTransport
      : await createFirebaseTransport(config.firebaseServiceAccount),
    app.log,
  );
  app.addHook('onClose', () => push.close());
  const notifier = new Notifier(
    push,
    config.publicUrl,
    app.log,
    app.invalidations,
    registerEventMetrics(app.metrics),
  );
  notifier.attach(app.io, { crossNode: config.redisUrl !== null });
  app.decorate('notifier', notifier);
  // Before Fastify waits for connections to end: this node's sockets are asked to reconnect,
  // which they do to another node (this one refuses new sockets while it drains).
  app.addHook('preClose', async () => notifier.sendSocketsElsewhere());
  // What time it is for the rules: a daily's day, a game's deadline (tests set their own).
  const clock = overrides.clock ?? (() => new Date());
  // Before the games: a solved daily tells the day's leaders (see DailyLeadersService).
  const dailyLeaders = new DailyLeadersService(
    app.db,
    clock,
    DAILY_LEADERS_FRESH_MS,
    app.invalidations,
    app.log.child({ leaderboard: 'daily word' }),
  );
  app.decorate('dailyLeaders', dailyLeaders);
  const games = createGameDomain({
    clock,
    dailySolved: (day) => dailyLeaders.solved(day),
    database,
    notifier,
    invalidations: app.invalidations,
    cacheMaxAgeMs: config.cacheMaxAgeSeconds * 1000,
    metrics: app.metrics,
    log: app.log,
  });
  app.decorate('games', games.creation);
  app.decorate('gameClock', games.clockJob);
  await games.clockJob.start();
  drain.onBegin(() => games.clockJob.stop());
  app.addHook('onClose', () => games.clockJob.stop());
  const accounts = new AccountService({
    db: app.db,
    sessions: app.sessions,
    gamesChanged: (gameIds) => games.announcer.changed(gameIds),
    mailer,
    config,
    sessionSecret: secrets.session,
    log: app.log,
  });
  // Accounts made before usernames had skeletons get theirs (a no-op once done).
  await accounts.fillUsernameSkeletons();

  registerCacheMetrics(app.metrics, app.invalidations, {
    sessions: { stats: app.sessions.cacheStats },
    polls: app.polls,
    games: games.states,
  });

  const resets = new PasswordResetService({
    db: app.db,
    sessions: app.sessions,
    mailer,
    config,
    sessionSecret: secrets.session,
    log: app.log,
  });
  const purgeJob = new ExpiredDataPurgeJob(
    {
      purgeExpiredSessions: () => app.sessions.purgeExpiredSessions(),
      purgeAbandonedGuestGames: () => games.retention.purgeAbandonedGuestGames(),
      purgeIdleSoloGames: (idleSince) => games.retention.purgeIdleSoloGames(idleSince),
      purgeExpiredResetTokens: () => resets.purgeExpired(),
    },
    app.log,
    { idleSoloGameDays: config.idleSoloGameDays },
  );
  purgeJob.start();
  drain.onBegin(() => purgeJob.stop());
  app.addHook('onClose', () => purgeJob.stop());
  app.decorate('purgeJob', purgeJob);

  const readiness = new Readiness({ database, redis: app.redis, drain });
  registerReadinessMetrics(app.metrics, readiness);
  await app.register(opsRoutes, { readiness });
  await app.register(accountRoutes, { prefix: config.apiPrefix, accounts, config });
  await app.register(passwordResetRoutes, { prefix: config.apiPrefix, resets, config });
  // Social sign-in: /auth/{provider} and /auth/{provider}/callback (browser navigations, not JSON).
  await app.register(socialAuthRoutes, { prefix: config.apiPrefix, accounts, config });
  const challenges = new ChallengeService(app.db, games.creation, notifier, app.invalidations);
  await app.register(challengeRoutes, { prefix: config.apiPrefix, challenges, config });
  // 'Play now' (docs/PRODUCT.md, 'Play now'): the queue in Postgres, changed under one advisory
  // lock on every node; each node's job keeps alive the seeks of players whose socket it holds,
  // and pairs those whose rating window has widened.
  const matchMetrics = registerMatchMetrics(app.metrics);
  const matches = new MatchService(
    app.db,
    games.creation,
    notifier,
    config.playNowTimeControl,
    undefined,
    matchMetrics,
  );
  app.decorate('matches', matches);
  // A seek is its sessions': their end cancels it, unless another live session of the account
  // sought too (MatchService). Should the cancel fail (the database away), the session's end
  // still stands and the next pairing pass deletes the seek, which no live session keeps.
  const pairingLog = app.log.child({ job: 'pairing' });
  app.sessions.onEnded(async (ended) => {
    try {
      await matches.sessionsEnded(ended);
    } catch (err) {
      pairingLog.warn({ err }, 'seeks of ended sessions not cancelled: the next pass deletes them');
    }
  });
  const matchQueueJob = new MatchQueueJob(
    matches,
    (sessionHash) => holdsSocketOf(app.io, sessionHash),
    (channel, onNotify, onListening) => database.listen(channel, onNotify, onListening),
    pairingLog,
    undefined,
    matchMetrics,
  );
  await matchQueueJob.start();
  drain.onBegin(() => matchQueueJob.stop());
  app.addHook('onClose', () => matchQueueJob.stop());
  app.decorate('matchQueueJob', matchQueueJob);
  await app.register(matchRoutes, { prefix: config.apiPrefix, matches, config });
  // Watching (docs/PRODUCT.md, 'Watching'): spectators' rooms and counts, and their view of
  // each move, which the games hand over through the hook they declare.
  const watching = new WatchService({
    db: app.db,
    games: games.states,
    counts: new WatcherCounts(
      app.io,
      app.redis ? new RedisWatcherCountStore(app.redis) : new LocalWatcherCountStore(),
      app.invalidations,
      app.invalidations,
      notifier,
      app.log,
      config.cacheMaxAgeSeconds * 1000,
    ),
    io: app.io,
    notifier,
    log: app.log,
  });
  games.watchers.attach(watching);
  onWatchingSocketClosed(app.io, (gameIds) => void watching.socketsClosed(gameIds));
  await app.register(watchRoutes, { prefix: config.apiPrefix, watching });
  await app.register(settingsRoutes, {
    prefix: config.apiPrefix,
    // The setting is saved either way; should this fail, the game's next move sends them out.
    settings: new PlayerSettingsService(app.db, (userId) =>
      watching.watchingTurnedOff(userId).catch((err: unknown) => {
        app.log.warn({ err }, 'spectators not sent out at once: the next move does it');
      }),
    ),
  });
  // Blocks and reports (docs/PRODUCT.md, 'Blocks', 'Reports').
  await app.register(moderationRoutes, {
    prefix: config.apiPrefix,
    blocks: new BlockService(app.db, notifier, app.invalidations, watching),
    reports: new ReportService(app.db),
  });
  const friends = new FriendService(app.db, notifier);
  const profiles = new ProfileService(app.db, friends, (viewerId, ownerId) =>
    watching.liveGameOf(viewerId, ownerId),
  );
  await app.register(friendRoutes, { prefix: config.apiPrefix, friends });
  await app.register(profileRoutes, { prefix: config.apiPrefix, profiles, config });
  // Ratings (docs/PRODUCT.md, 'Ratings'): only settling a rated game changes them.
  const ratings = new RatingService(app.db);
  app.decorate('ratings', ratings);
  await app.register(ratingRoutes, { prefix: config.apiPrefix, ratings });
  // Notices read what the challenge and friend services write (docs/PRODUCT.md, 'Notices').
  await app.register(noticeRoutes, {
    prefix: config.apiPrefix,
    notices: new NoticeService(app.db, notifier),
  });
  await app.register(gameRoutes, { prefix: config.apiPrefix, games, config });
  await app.register(phraseRoutes, { prefix: config.apiPrefix, phrases: games.phrases });
  // The computer opponent (docs/PRODUCT.md, 'Computer opponent'): its account made at start (on
  // every node, idempotently), its moves made by a timer on every node set for the earliest due
  // move, each move claimed under a lease in Postgres, so that any node makes it and another
  // takes it over if that one stops.
  const botLog = app.log.child({ job: 'computer opponent' });
  const bots = new BotService(app.db, games, { ...config.bot, log: botLog });
  await bots.ensureAccount();
  app.decorate('bots', bots);
  const botMoveJob = new BotMoveJob(
    bots,
    (channel, onNotify, onListening) => database.listen(channel, onNotify, onListening),
    botLog,
    registerBotMetrics(app.metrics),
  );
  await botMoveJob.start();
  drain.onBegin(() => botMoveJob.stop());
  app.addHook('onClose', () => botMoveJob.stop());
  app.decorate('botMoveJob', botMoveJob);
  await app.register(botRoutes, { prefix: config.apiPrefix, bots, config });
  // Leaderboards: served from stored snapshots, recomputed by a timer on every node that
  // computes once per cluster (see the job); a snapshot counts as fresh for 90% of a period,
  // noted in Redis by the node that refreshed so that the others do not ask Postgres meanwhile.
  const freshnessNote = (key: string): FreshnessNote =>
    app.redis ? new RedisFreshnessNote(app.redis, key, app.log) : new LocalFreshnessNote();
  const leaderboardPeriodMs = config.leaderboardRefreshSeconds * 1000;
  const leaderboards = new LeaderboardService(app.db, leaderboardPeriodMs * 0.9);
  app.decorate('leaderboards', leaderboards);
  const leaderboardJob = new LeaderboardRefreshJob(leaderboards, leaderboardPeriodMs, app.log, {
    note: freshnessNote('jotto:fresh:leaderboards'),
    freshForMs: leaderboardPeriodMs * 0.9,
  });
  leaderboardJob.start();
  drain.onBegin(() => leaderboardJob.stop());
  app.addHook('onClose', () => leaderboardJob.stop());
  await app.register(leaderboardRoutes, { prefix: config.apiPrefix, leaderboards });
  // Daily Jotto: the day's word from the key and the date alone; the day's leaders stored like
  // the leaderboards and recomputed every minute by the same kind of job, once per cluster, and
  // on the next request after a solve.
  const daily = new DailyService(app.db, new DailyWordDraw(secrets.daily), clock);
  const dailyLeadersJob = new LeaderboardRefreshJob(
    dailyLeaders,
    DAILY_LEADERS_TICK_MS,
    app.log.child({ leaderboard: 'daily word' }),
    { note: freshnessNote('jotto:fresh:daily-leaders'), freshForMs: DAILY_LEADERS_FRESH_MS },
  );
  dailyLeadersJob.start();
  drain.onBegin(() => dailyLeadersJob.stop());
  app.addHook('onClose', () => dailyLeadersJob.stop());
  // Streak reminders: every node's timer set for the earliest due one, woken at commit by a
  // reminder turned on or moved; each sent once for the cluster by a compare-and-set.
  const reminders = new DailyReminderService({
    db: app.db,
    notifier,
    clock,
    pushAvailable: push.enabled,
  });
  const dailyReminderJob = new DailyReminderJob(
    reminders,
    (channel, onNotify, onListening) => database.listen(channel, onNotify, onListening),
    app.log.child({ job: 'streak reminders' }),
  );
  await dailyReminderJob.start();
  drain.onBegin(() => dailyReminderJob.stop());
  app.addHook('onClose', () => dailyReminderJob.stop());
  app.decorate('dailyReminderJob', dailyReminderJob);
  await app.register(dailyRoutes, {
    prefix: config.apiPrefix,
    daily,
    leaders: dailyLeaders,
    reminders,
    config,
  });
  await app.register(clientStaticPlugin, {
    clientDistDir: config.clientDistDir,
    apiPrefix: config.apiPrefix,
  });
  return app;
}
