/**
 * What a failed statement means, for either engine, decided here and nowhere else. Drivers report
 * the reason as a `code` on the error: better-sqlite3 an extended result code name, pg the
 * SQLSTATE.
 */
const UNIQUE_VIOLATION_CODES: ReadonlySet<unknown> = new Set([
  'SQLITE_CONSTRAINT_UNIQUE',
  // A duplicate primary key is the same conflict; SQLite names it apart.
  'SQLITE_CONSTRAINT_PRIMARYKEY',
  // unique_violation, for unique indexes, unique constraints and primary keys alike.
  '23505',
]);

/** The row clashes with an existing one on a primary key, unique constraint or unique index. */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false;
  return UNIQUE_VIOLATION_CODES.has(error.code);
}
