import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * Keyset paging for the lists ordered newest first by (created_at, id): a whole list read in pages without
 * OFFSET (each page an index range scan from where the last one ended), as the report engine reads them. The
 * cursor holds created_at as PostgreSQL's exact text (microseconds), never a JS Date (milliseconds), so rows
 * sharing a millisecond are neither skipped nor read twice.
 */
export type Cursor = { at: string; id: number };

/** The cursor columns a page query selects beside its row. */
export const cursorColumns = (createdAt: AnyPgColumn, id: AnyPgColumn) => ({
  cursorAt: sql<string>`${createdAt}::text`,
  cursorId: sql<number>`${id}`.mapWith(Number),
});

/** Rows strictly after `cursor` in (created_at DESC, id DESC) order; nothing for the first page. */
export const afterCursor = (
  createdAt: AnyPgColumn,
  id: AnyPgColumn,
  cursor: Cursor | null,
): SQL | undefined =>
  cursor ? sql`(${createdAt}, ${id}) < (${cursor.at}::timestamptz, ${cursor.id})` : undefined;

/** Rows strictly after `cursor` in (created_at ASC, id ASC) order (a statement, oldest first). */
export const afterCursorAscending = (
  createdAt: AnyPgColumn,
  id: AnyPgColumn,
  cursor: Cursor | null,
): SQL | undefined =>
  cursor ? sql`(${createdAt}, ${id}) > (${cursor.at}::timestamptz, ${cursor.id})` : undefined;

/** Every page of a keyset-paged query; `page` answers rows with their cursor columns. */
export async function* keysetPages<R>(
  pageSize: number,
  page: (cursor: Cursor | null, limit: number) => Promise<(R & { cursorAt: string; cursorId: number })[]>,
): AsyncGenerator<R[]> {
  let cursor: Cursor | null = null;
  for (;;) {
    const rows = await page(cursor, pageSize);
    if (rows.length) yield rows;
    if (rows.length < pageSize) return;
    const last = rows[rows.length - 1]!;
    cursor = { at: last.cursorAt, id: last.cursorId };
  }
}
