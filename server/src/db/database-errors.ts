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
