import { and, asc, eq, sql } from 'drizzle-orm';
import {
  MAX_SAVED_VIEWS_PER_LIST,
  type CreateSavedView,
  type SavedView,
} from '@meridian/contract/saved-views';
import { auditBy, type Actor } from '../audit/actor.ts';
import { inTransaction, type Db } from '../db/database.ts';
import { savedViews, users } from '../db/schema.ts';
import { livemodeOf } from '../db/tenants.ts';
import { AppError, notFound, unauthorized } from '../http/errors.ts';
import { newId } from '../lib/ids.ts';

type Row = typeof savedViews.$inferSelect;

/** Whose views: one user of one client (both from the verified session). */
export type ViewOwner = { clientRef: number; userRef: number };

const toSavedView = (r: Row): SavedView => ({
  id: r.viewId,
  list: r.list,
  name: r.name,
  search: r.search,
  created_at: r.createdAt.toISOString(),
  livemode: livemodeOf(r.clientRef),
});

/** Views belong to a signed-in user: an actor without one (the system) has none to change. */
function ownerOf(actor: Actor): ViewOwner {
  if (actor.userRef === null) throw unauthorized('Saved views belong to a signed-in user');
  return { clientRef: actor.clientRef, userRef: actor.userRef };
}

const ofOwner = (o: ViewOwner) =>
  and(eq(savedViews.clientRef, o.clientRef), eq(savedViews.userRef, o.userRef));

/** The user's views of `list`, by name (any case), then oldest first (index saved_views_user_list_name_key). */
export async function listSavedViews(db: Db, o: ViewOwner & { list: string }): Promise<SavedView[]> {
  const rows = await db
    .select()
    .from(savedViews)
    .where(and(ofOwner(o), eq(savedViews.list, o.list)))
    .orderBy(asc(sql`lower(${savedViews.name})`), asc(savedViews.id));
  return rows.map(toSavedView);
}

/**
 * Saves the user's view of a list. A name the user already gave a view of that list (in any case) is a 409; past
 * MAX_SAVED_VIEWS_PER_LIST views of the list a 422. The user's changes are serialised (their row locked, in a
 * mode that does not block the rows referring to it) so that two racing saves cannot pass either rule. Audited
 * (`saved_view.created`) with the list, name and search.
 */
export async function createSavedView(
  db: Db,
  { actor, ...input }: CreateSavedView & { actor: Actor },
): Promise<SavedView> {
  const owner = ownerOf(actor);
  return inTransaction(db, async (tx) => {
    await tx.execute(sql`SELECT id FROM ${users} WHERE id = ${owner.userRef} FOR NO KEY UPDATE`);
    const mine = await listSavedViews(tx, { ...owner, list: input.list });
    const lower = input.name.toLowerCase();
    const same = mine.find((v) => v.name.toLowerCase() === lower);
    if (same)
      throw new AppError(
        409,
        'duplicate_view_name',
        `You already have a view named “${same.name}” of this list`,
        {
          fields: { name: 'is already the name of one of your views of this list' },
        },
      );
    if (mine.length >= MAX_SAVED_VIEWS_PER_LIST)
      throw new AppError(
        422,
        'too_many_views',
        `You have ${MAX_SAVED_VIEWS_PER_LIST} saved views of this list, the most allowed: delete one first`,
        { fields: { name: `at most ${MAX_SAVED_VIEWS_PER_LIST} views per list` } },
      );
    const [row] = await tx
      .insert(savedViews)
      .values({
        clientRef: owner.clientRef,
        userRef: owner.userRef,
        viewId: newId('SVW'),
        list: input.list,
        name: input.name,
        search: input.search,
      })
      .returning();
    const view = toSavedView(row!);
    await auditBy(tx, actor, 'saved_view.created', view.id, {
      list: view.list,
      name: view.name,
      search: view.search,
    });
    return view;
  });
}

/**
 * Deletes one of the user's views; an unknown id, or another user's (of any client), is a 404 alike. Audited
 * (`saved_view.deleted`) with the list and name.
 */
export async function deleteSavedView(db: Db, { actor, id }: { actor: Actor; id: string }): Promise<void> {
  const owner = ownerOf(actor);
  await inTransaction(db, async (tx) => {
    const [row] = await tx
      .delete(savedViews)
      .where(and(ofOwner(owner), eq(savedViews.viewId, id)))
      .returning();
    if (!row) throw notFound(`No saved view with id ${id}`);
    await auditBy(tx, actor, 'saved_view.deleted', row.viewId, { list: row.list, name: row.name });
  });
}
