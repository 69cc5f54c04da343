import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/**
 * Fragments for the dashboard's aggregate queries. Times leave the database as ISO-8601 UTC text
 * and days/months as UTC labels, so both drivers (PGlite, node-postgres) return the same values.
 */

export function isoTime(expression: SQLWrapper): SQL<string> {
  return sql<string>`to_char(${expression} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/** `2026-05-01` */
export function utcDay(expression: SQLWrapper): SQL<string> {
  return sql<string>`to_char(${expression} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;
}

/** `2026-05` */
export function utcMonth(expression: SQLWrapper): SQL<string> {
  return sql<string>`to_char(${expression} AT TIME ZONE 'UTC', 'YYYY-MM')`;
}

/** `%text%` for ILIKE, with the pattern characters in `text` matched literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids from URLs are checked before they reach a uuid column: a malformed one is "not found", not a database error. */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
