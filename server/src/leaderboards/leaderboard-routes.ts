import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { API_ENDPOINTS } from '@jotto/shared/api-endpoints';
import type { LeaderboardResponse } from '@jotto/shared/leaderboard-schemas';
import type { LeaderboardService } from './leaderboard-service.ts';
import { endpointRoute } from '../lib/endpoint-route.ts';
import { matchesIfNoneMatch } from '../lib/poll-answers.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The leaderboard service (decorated in app.ts); tests refresh through it. */
    leaderboards: LeaderboardService;
  }
}

const compressWithBrotli = promisify(brotliCompress);
const compressWithGzip = promisify(gzip);

/** A snapshot as it goes out: its bytes in each encoding, and one ETag for all of them. */
interface PreparedSnapshot {
  /** Weak: the encodings differ in bytes, not in what they say. */
  etag: string;
  bytes: { identity: Buffer; br: Buffer; gzip: Buffer };
}

type Encoding = keyof PreparedSnapshot['bytes'];

/** The JSON text of a snapshot, compressed once with each encoding browsers accept. */
async function prepare(text: string): Promise<PreparedSnapshot> {
  const identity = Buffer.from(text, 'utf8');
  const [br, gzipped] = await Promise.all([
    compressWithBrotli(identity, {
      params: {
        [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
        [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
        [zlib.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
    compressWithGzip(identity, { level: zlib.Z_BEST_COMPRESSION }),
  ]);
  const digest = createHash('sha1').update(identity).digest('base64url').slice(0, 22);
  return { etag: `W/"${digest}"`, bytes: { identity, br, gzip: gzipped } };
}

/**
 * `GET /leaders/:type`, served from the stored snapshot; open to guests.
 *
 * A snapshot is the same for every request until the next refresh (the service hands out one
 * object per stored version), so its answer is prepared once per snapshot and node: serialised
 * through this route's response schema as any reply is, compressed with brotli and gzip at
 * their best (a few ms, once), and tagged with an ETag. A request then costs a lookup and a
 * write of ready bytes (compressed, a fraction of the text's size), or a 304 when the client's
 * copy is current.
 */
export const leaderboardRoutes: FastifyPluginAsyncTypebox<{
  leaderboards: LeaderboardService;
}> = async (app, { leaderboards }) => {
  const prepared = new WeakMap<LeaderboardResponse, Promise<PreparedSnapshot>>();
  // Accept-Encoding values repeat (a few per browser family): their outcome is kept, boundedly.
  const encodings = new LRUCache<string, Encoding>({ max: 1_000 });
  const encodingFor = (header: string): Encoding => {
    let encoding = encodings.get(header);
    if (encoding === undefined) {
      encoding = (negotiate(header, ['br', 'gzip']) as Encoding | null) ?? 'identity';
      encodings.set(header, encoding);
    }
    return encoding;
  };

  /** The prepared bytes in the client's encoding, or 304 when its copy is this snapshot. */
  const send = (request: FastifyRequest, reply: FastifyReply, snapshot: PreparedSnapshot) => {
    // Anyone may keep it; everyone asks again before using it (the next refresh replaces it).
    void reply
      .header('cache-control', 'public, no-cache')
      .header('etag', snapshot.etag)
      .header('vary', 'accept-encoding');
    if (matchesIfNoneMatch(request.headers['if-none-match'], snapshot.etag)) {
      return reply.code(304).send();
    }
    const encoding = encodingFor(request.headers['accept-encoding'] ?? '');
    if (encoding !== 'identity') void reply.header('content-encoding', encoding);
    return reply.type('application/json; charset=utf-8').send(snapshot.bytes[encoding]);
  };

  app.route({
    ...endpointRoute(API_ENDPOINTS.leaderboard),
    handler: async (request, reply) => {
      const response = await leaderboards.getLeaderboard(request.params.type);
      let snapshot = prepared.get(response);
      if (snapshot === undefined) {
        snapshot = prepare(reply.serialize(response) as string);
        prepared.set(response, snapshot);
        // A failure is the request's answer (a 500) and is not kept.
        snapshot.catch(() => prepared.delete(response));
      }
      return send(request, reply, await snapshot);
    },
  });
};
