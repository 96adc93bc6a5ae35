import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type CacheStats, ClusterCache, type InvalidationSource } from './cluster-cache.ts';
import { PollActivity } from './poll-metrics.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Answers the routes clients poll from memory, with ETags (see poll-answers.ts). */
    polls: PollAnswers;
  }
}

/** What a polled route answers, read from the database on a miss. */
export interface PollRead<T> {
  answer: T;
  /** When the answer stops being true by itself (an expiry nobody announces), if ever. */
  changesAt?: Date | null;
  /** What else it was read from, found while reading it (its announcements drop it too). */
  topics?: readonly string[];
}

/** One polled answer: whose it is, what it is read from, and how to read it. */
export interface PollSource<T> {
  /**
   * Names the answer among every route's: the route, the resource and whoever's view it is
   * (`viewerKey`). The same key must always mean the same answer.
   */
  key: string;
  /** The state it is read from: a change announced under any of these topics drops it. */
  topics: readonly string[];
  /** Reads it (the database). What it throws is the route's answer and is never kept. */
  load(): Promise<PollRead<T>>;
}

/** An answer as it goes out: its JSON text (through the route's schema) and that text's ETag. */
interface PreparedAnswer {
  body: string;
  etag: string;
}

/** A strong validator of the exact bytes: equal ETags mean equal answers, whoever asks. */
function etagOf(body: string): string {
  return `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;
}

/** If-None-Match's comparison (weak, as for a GET): any listed tag equal to ours, or `*`. */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  const ours = etag.startsWith('W/') ? etag.slice(2) : etag;
  for (const part of header.split(',')) {
    const tag = part.trim();
    if (tag === '*' || (tag.startsWith('W/') ? tag.slice(2) : tag) === ours) return true;
  }
  return false;
}

/**
 * The answers of the routes clients poll every few seconds (the counts of a versus game, a
 * challenge's info, …), kept on this node until a change of what they were read from is
 * announced (`ClusterCache`: correct across nodes, see docs/ARCHITECTURE.md, 'Polling'), and
 * sent with an ETag: a client whose copy is still current gets a 304 with no body. A poll of
 * something that has not changed therefore costs no database round trip, and, once the client
 * has the answer, almost no bytes.
 *
 * A route adopts it in its handler, after its access check:
 *
 *     return app.polls.answer(request, reply, {
 *       key: `counts:${gameId}:${viewerKey(viewer)}`,
 *       topics: [changeTopics.game(gameId)],
 *       load: async () => ({ answer: await games.counts(viewer, gameId) }),
 *     });
 *
 * and every write to what `load` reads announces its topic after commit
 * (`app.invalidations.publish`).
 */
export class PollAnswers {
  private readonly cache: ClusterCache<PreparedAnswer>;
  /** Polls answered and the clients that sent them (/metrics). */
  readonly activity = new PollActivity();
  private readonly clientOf: (request: FastifyRequest) => string;

  get stats(): CacheStats {
    return this.cache.stats;
  }

  constructor(
    source: InvalidationSource,
    options: {
      maxAgeMs: number;
      maxBytes: number;
      /** Who is polling (to count distinct clients); the client's address if absent. */
      clientOf?: (request: FastifyRequest) => string;
    },
  ) {
    this.clientOf = options.clientOf ?? ((request) => request.ip);
    this.cache = new ClusterCache<PreparedAnswer>(source, {
      max: 100_000,
      maxAgeMs: options.maxAgeMs,
      maxSize: options.maxBytes,
      sizeOf: (prepared) => prepared.body.length + 64,
    });
  }

  /** Sends the answer (200 with its ETag), or 304 when the client's copy is that answer. */
  async answer<T>(
    request: FastifyRequest,
    reply: FastifyReply,
    source: PollSource<T>,
  ): Promise<FastifyReply> {
    // Most polls are answered from memory: without a promise to wait for.
    const prepared =
      this.cache.peek(source.key) ??
      (await this.cache.get(source.key, async () => {
        const { answer, changesAt, topics } = await source.load();
        // Through the route's response schema, as any answer of the route: nothing else leaves.
        const body = reply.serialize(answer) as string;
        return {
          value: { body, etag: etagOf(body) },
          topics: topics ? [...source.topics, ...topics] : source.topics,
          expiresAt: changesAt?.getTime() ?? null,
        };
      }));
    // The client may keep it but must ask before using it again: it changes with the game.
    void reply.header('cache-control', 'private, no-cache').header('etag', prepared.etag);
    this.activity.clients.seen(this.clientOf(request));
    if (matchesIfNoneMatch(request.headers['if-none-match'], prepared.etag)) {
      this.activity.unchanged += 1;
      return reply.code(304).send();
    }
    this.activity.fresh += 1;
    return reply.type('application/json; charset=utf-8').send(prepared.body);
  }
}

/** `app.polls`, fed by the app's invalidation channel. */
export const pollAnswersPlugin = fp(
  async (
    app: FastifyInstance,
    options: {
      source: InvalidationSource;
      maxAgeMs: number;
      maxBytes: number;
      clientOf?: (request: FastifyRequest) => string;
    },
  ) => {
    app.decorate('polls', new PollAnswers(options.source, options));
  },
  { name: 'poll-answers' },
);
