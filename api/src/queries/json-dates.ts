// Rows read through json_agg carry their timestamps as text (`2026-12-07T12:00:00.123456+00:00`):
// these turn them back into the Date a plain column would have given (milliseconds, truncated as
// node-postgres truncates them).

/** A timestamp column read plainly (a Date) or inside JSON (its text), as a Date. */
export function asDate(v: unknown): Date {
  return v instanceof Date ? v : new Date(v as string);
}

/** The same for a column that may be null. */
export function asDateOrNull(v: unknown): Date | null {
  return v === null || v === undefined ? null : asDate(v);
}

/**
 * SQL: a timestamptz column as the text `Date.prototype.toISOString` gives for the Date read from it
 * (UTC, milliseconds truncated), for answers built as JSON in the database.
 */
export function isoText(column: string): string {
  return `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}
