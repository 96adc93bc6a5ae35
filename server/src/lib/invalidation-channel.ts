import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import type { InvalidationPublisher, InvalidationSource } from './cluster-cache.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Announces changes to every node's caches, and hears theirs (see invalidation-channel.ts). */
    invalidations: InvalidationChannel;
  }
}

/** The topics changes are announced under: what a cached value was read from. */
export const changeTopics = {
  /** Any row of the game: its players' sides, guesses, marks, its sequence. */
  game: (gameId: number) => `game:${gameId}`,
  /** The session row: ended (logout, sign-in elsewhere) or changed. */
  session: (sessionHash: string) => `session:${sessionHash}`,
  /** What a session says about its user (the username), or every session of the user. */
  user: (userId: number) => `user:${userId}`,
  challenge: (challengeId: number) => `challenge:${challengeId}`,
  /**
   * What waits for a user (GET /user/notices): changed by every challenge or friend event, news
   * seen, and the end of a game of theirs.
   */
  notices: (userId: number) => `notices:${userId}`,
  /** A user's rating: changed when a rated game of theirs settles (boards show it). */
  rating: (userId: number) => `rating:${userId}`,
  /** The stored Daily Jotto leaders of a UTC day: a solve of that day left them behind. */
  dailyLeaders: (day: string) => `daily-leaders:${day}`,
  /** How many watch a game (docs/PRODUCT.md, 'Watching'): a spectator came or went. */
  watchers: (gameId: number) => `watchers:${gameId}`,
};

/**
 * The Redis channel of announcements. A message is the topics, one a line, after an optional
 * first line naming the node that sent it; a process that is not a node (the admin CLI)
 * publishes topics alone.
 */
export const INVALIDATIONS_REDIS_CHANNEL = 'jotto:invalidations';
const REDIS_CHANNEL = INVALIDATIONS_REDIS_CHANNEL;
/**
 * A message's first line when it names the node that sent it: `@<node id>`. No topic starts
 * with '@', so a message without it (from a node of an earlier release) is all topics.
 */
const ORIGIN_MARK = '@';
/** Topics remembered for `changedSince`: far more than arrive during one database read. */
const RECENT_TOPICS = 4096;
/** After a failed publish, announcements do not wait for Redis for this long. */
const RETRY_AFTER_FAILURE_MS = 2_000;
/**
 * The watch (the PINGs that say what the caches may trust) sleeps once no cache has been looked
 * up for this long: a node nobody uses sends Redis nothing (it sent 4 PINGs a second at the
 * default bound, for ever). The first lookup after wakes it; until its first PING is answered
 * (a round trip) requests read the database, and what was cached before is forgotten (changes
 * may have been missed meanwhile: nobody checked), so a caller never waits for it.
 */
export const WATCH_IDLE_MS = 60_000;

/**
 * Carries cache invalidations between nodes over Redis pub/sub, and says when what a node
 * cached may be trusted.
 *
 * A change is announced after it commits: applied on this node at once (so this node reads its
 * own writes), and published on Redis for the others (its own copy, which Redis sends it too,
 * is skipped: hearing it again would drop what was read after the change); the request that
 * made it is answered once Redis has written the message to every node (or at once while Redis
 * is failing). Every node subscribes on a connection of its own and PINGs Redis on it every
 * quarter of the staleness bound. Redis answers a PING on a
 * subscribed connection after every message it delivered to it before, so when the answer comes
 * this node has heard every change that Redis had accepted when the PING was sent. Cached
 * values are served only while that moment is at most `staleMs` ago (`trusted`): with Redis
 * down, hung or unreachable, a change is missed for at most `staleMs`, after which the caches
 * are not used (requests read the database) until Redis answers again, and then everything
 * cached before is forgotten, since announcements published meanwhile were lost.
 *
 * Without Redis (one node alone) announcements stay in the process and caches are trusted.
 */
export class InvalidationChannel implements InvalidationSource, InvalidationPublisher {
  private readonly listeners: ((topics: readonly string[] | 'all') => void)[] = [];
  /** The last RECENT_TOPICS topics heard, by position modulo RECENT_TOPICS. */
  private readonly recent: string[] = new Array<string>(RECENT_TOPICS);
  private heard = 0;
  /** The position of the last time everything was forgotten. */
  private forgottenAt = 0;
  /** performance.now() when the last PING that Redis answered was sent. */
  private lastPingAnswered = -Infinity;
  private pingInFlight = false;
  /** The latest announcement's publish: Redis answers a connection's commands in order. */
  private lastPublished: Promise<void> = Promise.resolve();
  /** performance.now() when the latest announcement was made. */
  private lastPublishedAt = -Infinity;
  /** performance.now() of the last failed publish; -Infinity once one succeeds. */
  private lastPublishFailure = -Infinity;
  private readonly subscriber: Redis | null;
  /** The first line of this node's messages. */
  private readonly origin = `${ORIGIN_MARK}${randomUUID()}`;
  /** PINGs while the caches are in use; null while the watch sleeps (see `WATCH_IDLE_MS`). */
  private pinger: NodeJS.Timeout | null = null;
  /** performance.now() when a cache last asked whether it may serve. */
  private lastAskedAt = -Infinity;
  private closed = false;

  constructor(
    /** The request-path connection (fails fast while Redis is away); null without Redis. */
    private readonly redis: Redis | null,
    /** The bound on staleness while Redis is down or silent, in ms. */
    private readonly staleMs: number,
    private readonly log: FastifyBaseLogger,
  ) {
    if (redis === null) {
      this.subscriber = null;
      return;
    }
    // The subscription must outlive outages: an offline queue, no command timeout, retried for
    // ever; ioredis subscribes again by itself after every reconnection.
    const subscriber = new Redis({
      ...redis.options,
      lazyConnect: false,
      enableOfflineQueue: true,
      maxRetriesPerRequest: null,
      commandTimeout: undefined,
    });
    this.subscriber = subscriber;
    subscriber.on('error', (err: Error) => {
      this.log.debug({ err: err.message }, 'invalidation channel: redis error');
    });
    // A connection that closed may have lost announcements: stop trusting at once.
    subscriber.on('close', () => {
      this.lastPingAnswered = -Infinity;
    });
    subscriber.on('message', (channel: string, message: string) => {
      if (channel !== REDIS_CHANNEL) return;
      const lines = message.split('\n');
      if (!lines[0]!.startsWith(ORIGIN_MARK)) this.hear(lines);
      // This node's own announcement, heard when it was made: hearing it again would drop
      // what was read, or kept from the write, after the change.
      else if (lines[0] !== this.origin) this.hear(lines.slice(1));
    });
    subscriber.subscribe(REDIS_CHANNEL).catch((err: unknown) => {
      this.log.warn({ err }, 'invalidation channel: subscription failed');
    });
  }

  /** Asked by every cache lookup: wakes the watch when it sleeps (see `WATCH_IDLE_MS`). */
  get trusted(): boolean {
    if (this.subscriber === null) return true;
    this.lastAskedAt = performance.now();
    if (this.pinger === null) this.watch();
    return this.heardWithinBound();
  }

  get trustedAtRest(): boolean {
    if (this.subscriber === null) return true;
    return this.pinger === null ? this.subscriber.status === 'ready' : this.heardWithinBound();
  }

  private heardWithinBound(): boolean {
    return performance.now() - this.lastPingAnswered <= this.staleMs;
  }

  /** PINGs now and every quarter of the bound, until no cache has asked for `WATCH_IDLE_MS`. */
  private watch(): void {
    if (this.closed) return;
    this.ping();
    this.pinger = setInterval(
      () => {
        if (performance.now() - this.lastAskedAt <= WATCH_IDLE_MS) this.ping();
        else this.sleep();
      },
      Math.max(25, Math.floor(this.staleMs / 4)),
    );
    this.pinger.unref();
  }

  private sleep(): void {
    if (this.pinger) clearInterval(this.pinger);
    this.pinger = null;
  }

  position(): number {
    return this.heard;
  }

  changedSince(position: number, topics: readonly string[]): boolean {
    if (this.forgottenAt > position || this.heard - position > RECENT_TOPICS) return true;
    for (let at = position; at < this.heard; at += 1) {
      if (topics.includes(this.recent[at % RECENT_TOPICS]!)) return true;
    }
    return false;
  }

  subscribe(listener: (topics: readonly string[] | 'all') => void): void {
    this.listeners.push(listener);
  }

  publish(topics: readonly string[]): Promise<void> {
    if (topics.length === 0) return Promise.resolve();
    this.hear(topics);
    if (this.redis === null) return Promise.resolve();
    // While Redis is failing nobody waits for it (the other nodes' caches are bounded by the
    // staleness bound meanwhile); it is tried again with every announcement.
    const failing = performance.now() - this.lastPublishFailure < RETRY_AFTER_FAILURE_MS;
    const redis = this.redis;
    // Redis answers PUBLISH before it has written the message to the subscribers: the answer
    // and their copies go out in the same pass of its event loop, in no set order, and a Redis
    // that loses the CPU in that pass (seen on a loaded machine: a poll on another node, sent
    // after the writer's answer, read the old counts) writes them milliseconds later. Redis
    // reads the PING below only after that pass has ended, so its answer says every subscriber
    // has the message in its socket, ahead of any request sent after the writer's answer.
    const published = redis
      .publish(REDIS_CHANNEL, [this.origin, ...topics].join('\n'))
      .then(() => redis.ping())
      .then(
        () => {
          if (this.lastPublishFailure !== -Infinity) {
            this.log.info('invalidation channel: publishing again');
          }
          this.lastPublishFailure = -Infinity;
        },
        (err: unknown) => {
          if (this.lastPublishFailure === -Infinity) {
            this.log.warn({ err }, 'invalidation not published: other nodes rely on its bounds');
          }
          this.lastPublishFailure = performance.now();
        },
      );
    this.lastPublished = failing ? Promise.resolve() : published;
    this.lastPublishedAt = performance.now();
    return this.lastPublished;
  }

  /**
   * Resolves once every announcement made since `since` (a performance.now() time) has been
   * written by Redis to every node (at once when none was made, or while publishing fails):
   * they all go on one connection, whose commands Redis answers in order.
   */
  settledSince(since: number): Promise<void> | null {
    return this.lastPublishedAt >= since ? this.lastPublished : null;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.sleep();
    this.subscriber?.disconnect();
  }

  private hear(topics: readonly string[]): void {
    for (const topic of topics) {
      this.recent[this.heard % RECENT_TOPICS] = topic;
      this.heard += 1;
    }
    for (const listener of this.listeners) listener(topics);
  }

  private forgetEverything(): void {
    this.heard += 1;
    this.forgottenAt = this.heard;
    for (const listener of this.listeners) listener('all');
  }

  private ping(): void {
    const subscriber = this.subscriber;
    if (subscriber === null || this.pingInFlight || subscriber.status !== 'ready') return;
    this.pingInFlight = true;
    const sentAt = performance.now();
    subscriber.ping().then(
      () => {
        this.pingInFlight = false;
        // Untrusted just before this answer (Redis was away or silent for longer than the
        // bound): announcements may have been lost meanwhile, so nothing cached is kept.
        if (performance.now() - this.lastPingAnswered > this.staleMs) this.forgetEverything();
        this.lastPingAnswered = Math.max(this.lastPingAnswered, sentAt);
      },
      () => {
        this.pingInFlight = false;
      },
    );
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * `app.invalidations`, on the app's Redis connection when there is one. A request that changes
 * state is answered only once every announcement made so far has been written by Redis to every
 * node, so that whatever it changed is announced everywhere before its client hears back (a poll
 * the client then sends, to any node, finds the announcement there first), whichever code made
 * the announcement and whether or not it waited for it.
 */
export const invalidationPlugin = fp(
  async (app: FastifyInstance, options: { staleMs: number }) => {
    const channel = new InvalidationChannel(app.redis, options.staleMs, app.log);
    app.decorate('invalidations', channel);
    app.addHook('onSend', (request, reply, payload, done) => {
      const changesState =
        !SAFE_METHODS.has(request.method) || request.routeOptions.config.changesState === true;
      // Announcements made while this request ran (its own among them); none: nothing to wait for.
      const settled = changesState
        ? channel.settledSince(performance.now() - reply.elapsedTime)
        : null;
      if (settled === null) {
        done(null, payload);
        return;
      }
      void settled.then(() => done(null, payload));
    });
    app.addHook('onClose', () => channel.close());
  },
  { name: 'invalidations', dependencies: ['redis'] },
);
