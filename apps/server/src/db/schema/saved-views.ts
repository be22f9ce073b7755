import { sql } from 'drizzle-orm';
import { bigint, bigserial, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { clientRefColumn } from './client-ref.ts';
import { createdAt } from './columns.ts';
import { users } from './users.ts';

// Saved views of the lists.

/**
 * Saved views (issue 22): a user's named filters of one list (its URL search parameters, strings). Private to the
 * user: every read and write is scoped by client and user. Names are unique per user and list in any case.
 */
export const savedViews = pgTable(
  'saved_views',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    clientRef: clientRefColumn(),
    /** The owner (a reference table row): views are not shared between users, links are. */
    userRef: bigint('user_ref', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** `SVW…` */
    viewId: text('view_id').notNull(),
    /** The list's machine name (`payouts`). */
    list: text('list').notNull(),
    name: text('name').notNull(),
    search: jsonb('search').$type<Record<string, string>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'saved_views_pkey', columns: [t.clientRef, t.id] }),
    uniqueIndex('saved_views_view_id_key').on(t.clientRef, t.viewId),
    // One name per user and list, any case; also the index of "this user's views of this list".
    uniqueIndex('saved_views_user_list_name_key').on(t.clientRef, t.userRef, t.list, sql`lower(${t.name})`),
  ],
);
