import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ErrorResponse } from '@jotto/shared/api-envelope';
import { SAFE_TEXT_PATTERN, UNSAFE_TEXT_MESSAGE } from '@jotto/shared/safe-text';
import {
  isDatabaseTimeout,
  isDatabaseUnavailable,
  isUnstorableText,
} from '../db/database-errors.ts';
import { ApiError } from '../errors.ts';

const INTERNAL_MESSAGE = 'Something went wrong on our side. Please try again.';
const UNAVAILABLE_MESSAGE = 'A service we depend on is down. Please try again.';

/**
 * What of an unexpected error may reach the log. Drizzle's query errors carry the bound
 * parameters in their message, and some statements bind the secret word (creating a game):
 * only the SQL text, the driver's own message and the SQLSTATE code are kept.
 */
export function loggableError(error: Error): Record<string, unknown> {
  const query = (error as Error & { query?: unknown }).query;
  if (typeof query !== 'string')
    return { type: error.name, message: error.message, stack: error.stack };
  // Drizzle wraps the driver's error; a raw prepared statement (the guess batch) throws the
  // driver's own, whose message has no parameters (they are in a field not logged here).
  const driverError = error.cause instanceof Error ? error.cause : error;
  return {
    type: error.name,
    query,
    message:
      driverError === error && error.name === 'DrizzleQueryError'
        ? 'query failed'
        : driverError.message,
    code: (driverError as Error & { code?: unknown }).code,
  };
}

/** Turns Ajv's validation errors into one sentence a player (or developer) can read. */
function describeValidation(error: FastifyError): string {
  const first = error.validation?.[0];
  if (!first) return 'The request is not valid.';
  const { params } = first;
  const field =
    typeof params.missingProperty === 'string'
      ? params.missingProperty
      : typeof params.additionalProperty === 'string'
        ? params.additionalProperty
        : first.instancePath.replace(/^\//, '').replaceAll('/', '.');
  if (first.keyword === 'required') return `${field} is required`;
  if (first.keyword === 'additionalProperties') return `${field} is not an accepted field`;
  const where = field || error.validationContext || 'request';
  // An update with nothing in it (`POST /user/settings {}`).
  if (first.keyword === 'minProperties') return `${where} needs at least one field`;
  if (first.keyword === 'pattern' && params.pattern === SAFE_TEXT_PATTERN) {
    return `${where} ${UNSAFE_TEXT_MESSAGE}`;
  }
  return `${where} ${first.message ?? 'is not valid'}`;
}

/**
 * The one error handler: every failure answers `{result: "error", err}` with a 4xx for what a
 * client sent and a bare 500 (details only in the log) for our own bugs.
 */
export const errorHandlerPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      let status: number;
      let message: string;
      if (error instanceof ApiError) {
        status = error.statusCode;
        message = error.message;
      } else if (error.validation) {
        status = 400;
        message = describeValidation(error);
      } else if (isUnstorableText(error)) {
        // A backstop: the shared schemas refuse such text first (SafeText).
        status = 400;
        message = `The request ${UNSAFE_TEXT_MESSAGE}`;
        request.log.warn({ err: loggableError(error) }, 'text refused by the database');
      } else if (
        typeof error.statusCode === 'number' &&
        error.statusCode >= 400 &&
        error.statusCode < 500
      ) {
        // Fastify's own client errors: bad JSON, body too large, wrong content type, 429 …
        status = error.statusCode;
        message =
          error.code === 'FST_ERR_CTP_INVALID_JSON_BODY'
            ? 'The body is not valid JSON'
            : error.message;
      } else if (isDatabaseUnavailable(error)) {
        // The database is down, restarting or not answering in time (a statement or lock
        // timeout): not a bug, and the client may try again.
        status = 503;
        message = UNAVAILABLE_MESSAGE;
        // /readyz reports a database whose statements time out as unavailable for a while.
        if (isDatabaseTimeout(error)) request.server.database.stalls.note();
        request.log.warn({ err: loggableError(error) }, 'database unavailable');
      } else {
        status =
          typeof error.statusCode === 'number' && error.statusCode > 500 ? error.statusCode : 500;
        message = status === 503 ? UNAVAILABLE_MESSAGE : INTERNAL_MESSAGE;
        request.log.error({ err: loggableError(error) }, 'request failed');
      }
      const body: ErrorResponse = { result: 'error', err: message };
      return reply.status(status).send(body);
    });
  },
  { name: 'error-handler' },
);
