/**
 * True when a database error (raw, or wrapped by Drizzle as its `cause`) is a
 * unique violation, optionally of the named constraint or index.
 */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint: name } = e as { code?: string; constraint?: string };
    if (code === '23505') return constraint === undefined || name === constraint;
  }
  return false;
}
