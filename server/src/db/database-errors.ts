/** A driver's error, with the fields postgres.js or PGlite give it. */
type DriverError = Error & { code?: unknown; constraint_name?: unknown; constraint?: unknown };

/**
 * The first error along `error`'s cause chain (Drizzle wraps the driver's error in `cause`)
 * whose SQLSTATE is one of `codes`, or null.
 */
function errorWithCode(error: unknown, codes: readonly string[]): DriverError | null {
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    const code = (current as DriverError).code;
    if (typeof code === 'string' && codes.includes(code)) return current;
  }
  return null;
}

/**
 * The constraint a unique violation (SQLSTATE 23505) broke, or null for any other error.
 * postgres.js and PGlite name the field differently.
 */
export function violatedUniqueConstraint(error: unknown): string | null {
  const violation = errorWithCode(error, ['23505']);
  if (!violation) return null;
  const name = violation.constraint_name ?? violation.constraint;
  return typeof name === 'string' ? name : '';
}

/**
 * Whether a failed write lost a race that a fresh read resolves: a unique violation, a
 * deadlock (40P01) or a serialization failure (40001). The statement rolled back as a whole.
 */
export function isRetryableWriteConflict(error: unknown): boolean {
  return errorWithCode(error, ['23505', '40P01', '40001']) !== null;
}

/**
 * Whether the database refused text it cannot store: SQLSTATE 22021 character_not_in_repertoire
 * (a NUL byte) or 22P05 untranslatable_character. The client sent it, so it is a 400.
 */
export function isUnstorableText(error: unknown): boolean {
  return errorWithCode(error, ['22021', '22P05']) !== null;
}

// SQLSTATEs of a statement the database gave up on: 57014 query_canceled (statement_timeout)
// and 55P03 lock_not_available (lock_timeout; the app takes no lock with NOWAIT).
const TIMEOUT_SQLSTATES = ['57014', '55P03'];

/**
 * Whether a failed query timed out (DATABASE_STATEMENT_TIMEOUT_MS or DATABASE_LOCK_TIMEOUT_MS):
 * the database is there but not serving in time (a lock held elsewhere, an overloaded server).
 * Like an unreachable database, a 503 the client may try again.
 */
export function isDatabaseTimeout(error: unknown): boolean {
  return errorWithCode(error, TIMEOUT_SQLSTATES) !== null;
}

// What postgres.js and Node's sockets say when the server cannot be reached or went away.
const CONNECTION_ERROR_CODES = [
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'CONNECT_TIMEOUT',
];
// SQLSTATEs of a server that is going away, starting up or full: class 08 (connection
// exception), 57P01-57P03 (admin or crash shutdown, cannot connect now), 53300 (too many
// connections).
const UNAVAILABLE_SQLSTATES = /^(08...|57P0[123]|53300)$/;

/**
 * Whether a failed query failed because the database is out of reach (down, restarting,
 * refusing connections) or did not answer in time (see isDatabaseTimeout) rather than because of
 * the query: the request then answers 503, "a
 * dependency is down" (docs/PRODUCT.md, 'Envelope and status codes'), instead of a 500. Walks
 * causes and AggregateErrors (Node reports a refused connection to several addresses as one).
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 8) return false;
  const code = (error as DriverError).code;
  if (typeof code === 'string') {
    if (CONNECTION_ERROR_CODES.includes(code) || UNAVAILABLE_SQLSTATES.test(code)) return true;
    if (TIMEOUT_SQLSTATES.includes(code)) return true;
  }
  if (
    error instanceof AggregateError &&
    error.errors.some((e) => isDatabaseUnavailable(e, depth + 1))
  ) {
    return true;
  }
  return isDatabaseUnavailable(error.cause, depth + 1);
}
