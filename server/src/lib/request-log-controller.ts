import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import { isUnderApiPrefix } from './api-path.ts';

/**
 * One log line per request, once its response has gone: method and URL (through the logger's
 * `req` serializer, which masks credentials and guesses), status and duration in milliseconds.
 * Fastify's own lines were two per request ("incoming request", then "request completed"
 * without the URL), both at info.
 *
 * API requests log at info. Everything else does at debug: the client's pages and assets, the
 * probes (/healthz, /readyz, /metrics) that a balancer or a collector sends every few seconds,
 * and every 304, a poll whose answer had not changed (a client without its socket asks every
 * 3 s: a thousand lines a second for 3,000 such players), which would otherwise bury what
 * players do. A response that failed while being sent logs at error, as Fastify's does.
 */
export class RequestLogController extends LogController {
  constructor(private readonly apiPrefix: string) {
    super();
  }

  override incomingRequest(): void {
    // Nothing when a request comes in: its one line is written when it completes.
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) {
      reply.log.error({ ...line, err: error }, 'request errored');
      return;
    }
    const api = isUnderApiPrefix(request.url, this.apiPrefix);
    reply.log[api && reply.statusCode !== 304 ? 'info' : 'debug'](line, 'request completed');
  }
}
