/**
 * The constraint a unique violation (SQLSTATE 23505) broke, or null for any other error.
 * postgres.js and PGlite name the field differently, and Drizzle wraps both in `cause`.
 */
export function violatedUniqueConstraint(error: unknown): string | null {
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    const fields = current as Error & {
      code?: unknown;
      constraint_name?: unknown;
      constraint?: unknown;
    };
    if (fields.code === '23505') {
      const name = fields.constraint_name ?? fields.constraint;
      return typeof name === 'string' ? name : '';
    }
  }
  return null;
}

/**
 * Whether a failed write lost a race that a fresh read resolves: a unique violation, a
 * deadlock (40P01) or a serialization failure (40001). The statement rolled back as a whole.
 */
export function isRetryableWriteConflict(error: unknown): boolean {
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    const code = (current as Error & { code?: unknown }).code;
    if (code === '23505' || code === '40P01' || code === '40001') return true;
  }
  return false;
}
