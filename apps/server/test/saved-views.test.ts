import { and, eq, inArray } from 'drizzle-orm';
import {
  MAX_SAVED_VIEWS_PER_LIST,
  SAVED_VIEW_SEARCH_MAX_BYTES,
  SAVED_VIEW_SEARCH_MAX_KEYS,
} from '@meridian/contract/saved-views';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, savedViews } from '../src/db/schema.ts';
import { clientSession, useServer, type ClientSession } from './helpers.ts';

/**
 * Saved views (saved-views/): save, list and delete a user's named filters of a list; private to the user (another
 * user of the same client, or of another client, neither sees nor deletes them); one name per user and list in any
 * case (409); at most 50 views per user and list (422); bad input 400; no credentials 401; every change audited.
 */
const server = useServer();
const LIST = '/meridian/read/fetch/saved_views';
const SAVE = '/v2/saved_views';

type View = { id: string; list: string; name: string; search: Record<string, string>; created_at: string };

let admin: ClientSession;
let analyst: ClientSession;
let globex: ClientSession;
const db = () => server.current.handle.db;

const save = (who: ClientSession, body: Record<string, unknown>) => who.call('POST', SAVE, { body });
const list = async (who: ClientSession, name: string) => {
  const res = await who.call('GET', `${LIST}?list=${name}`);
  expect(res.status).toBe(200);
  return res.body as { data: View[]; max_views: number };
};

const FAILED = { start_date: '2026-01-01', end_date: '2026-01-31', status: 'FAILED' };

beforeAll(async () => {
  admin = await clientSession(server.current, 'admin@acme.test');
  analyst = await clientSession(server.current, 'analyst@acme.test');
  globex = await clientSession(server.current, 'admin@globex.test');
});

describe('save, list, delete', () => {
  it('saves a view (201, SVW id, trimmed name), lists it and audits it', async () => {
    const res = await save(admin, { list: 'payouts', name: '  Failed in January  ', search: FAILED });
    expect(res.status).toBe(201);
    const view = res.body as View;
    expect(view.id).toMatch(/^SVW[0-9A-Z]{26}$/);
    expect(view).toMatchObject({
      list: 'payouts',
      name: 'Failed in January',
      search: FAILED,
      livemode: true,
    });
    expect(Number.isNaN(Date.parse(view.created_at))).toBe(false);

    const mine = await list(admin, 'payouts');
    expect(mine.max_views).toBe(MAX_SAVED_VIEWS_PER_LIST);
    expect(mine.data).toEqual([view]);

    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'saved_view.created'), eq(auditLog.target, view.id)));
    expect(audit?.actor).toBe('admin@acme.test');
    expect(audit?.metadata).toEqual({ list: 'payouts', name: 'Failed in January', search: FAILED });
  });

  it('lists one list only, by name in any case', async () => {
    await save(admin, { list: 'beneficiaries', name: 'zeta', search: {} });
    await save(admin, { list: 'beneficiaries', name: 'Alpha', search: { search_key: 'name' } });
    await save(admin, { list: 'beneficiaries', name: 'beta', search: {} });
    expect((await list(admin, 'beneficiaries')).data.map((v) => v.name)).toEqual(['Alpha', 'beta', 'zeta']);
    expect((await list(admin, 'payouts')).data.map((v) => v.name)).toEqual(['Failed in January']);
    expect((await list(admin, 'validations')).data).toEqual([]);
  });

  it('deletes a view (204): gone from the list, audited, and a second delete is a 404', async () => {
    const created = (await save(admin, { list: 'payouts', name: 'Temporary', search: { limit: '50' } }))
      .body as View;
    const res = await admin.call('DELETE', `${SAVE}/${created.id}`);
    expect(res.status).toBe(204);
    expect((await list(admin, 'payouts')).data.map((v) => v.id)).not.toContain(created.id);
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'saved_view.deleted'), eq(auditLog.target, created.id)));
    expect(audit?.metadata).toEqual({ list: 'payouts', name: 'Temporary' });
    const again = await admin.call('DELETE', `${SAVE}/${created.id}`);
    expect(again.status).toBe(404);
    expect(again.body['error']).toBe('not_found');
  });
});

describe('isolation', () => {
  let view: View;
  beforeAll(async () => {
    view = (await save(admin, { list: 'payouts', name: 'Admin only', search: { status: 'SUCCESS' } }))
      .body as View;
  });

  it("another user of the same client neither lists nor deletes the user's views", async () => {
    expect((await list(analyst, 'payouts')).data).toEqual([]);
    const res = await analyst.call('DELETE', `${SAVE}/${view.id}`);
    expect(res.status).toBe(404);
    expect((await list(admin, 'payouts')).data.map((v) => v.id)).toContain(view.id);
  });

  it("another client's user neither lists nor deletes them", async () => {
    expect((await list(globex, 'payouts')).data).toEqual([]);
    const res = await globex.call('DELETE', `${SAVE}/${view.id}`);
    expect(res.status).toBe(404);
    const rows = await db().select().from(savedViews).where(eq(savedViews.viewId, view.id));
    expect(rows).toHaveLength(1);
  });

  it('names are per user: another user may use the same name for the same list', async () => {
    const res = await save(analyst, { list: 'payouts', name: 'Admin only', search: {} });
    expect(res.status).toBe(201);
    const other = await save(globex, { list: 'payouts', name: 'ADMIN ONLY', search: {} });
    expect(other.status).toBe(201);
    expect((await list(analyst, 'payouts')).data.map((v) => v.name)).toEqual(['Admin only']);
  });
});

describe('rules', () => {
  it('a name the user already has for that list, in any case, is a 409 naming `name`; another list is fine', async () => {
    await save(admin, { list: 'validations', name: 'Weekly check', search: {} });
    const before = (await list(admin, 'validations')).data.length;
    const res = await save(admin, { list: 'validations', name: ' WEEKLY check ', search: { limit: '20' } });
    expect(res.status).toBe(409);
    expect(res.body['error']).toBe('duplicate_view_name');
    expect(res.body['message']).toBe('You already have a view named “Weekly check” of this list');
    expect(res.body['fields']).toHaveProperty('name');
    expect((await list(admin, 'validations')).data.length).toBe(before);
    const elsewhere = await save(admin, { list: 'payouts', name: 'Weekly check', search: {} });
    expect(elsewhere.status).toBe(201);
  });

  it(`keeps at most ${MAX_SAVED_VIEWS_PER_LIST} views per user and list (422), then one more after a delete`, async () => {
    const created: View[] = [];
    for (let i = 1; i <= MAX_SAVED_VIEWS_PER_LIST; i++) {
      const res = await save(analyst, {
        list: 'mandates',
        name: `View ${i}`,
        search: { offset_hint: String(i) },
      });
      expect(res.status).toBe(201);
      created.push(res.body as View);
    }
    const full = await save(analyst, { list: 'mandates', name: 'One too many', search: {} });
    expect(full.status).toBe(422);
    expect(full.body['error']).toBe('too_many_views');
    expect(full.body['message']).toBe(
      `You have ${MAX_SAVED_VIEWS_PER_LIST} saved views of this list, the most allowed: delete one first`,
    );
    // The cap is per list and per user.
    expect((await save(analyst, { list: 'payment_links', name: 'Fine', search: {} })).status).toBe(201);
    expect((await save(admin, { list: 'mandates', name: 'Fine', search: {} })).status).toBe(201);

    expect((await analyst.call('DELETE', `${SAVE}/${created[0]!.id}`)).status).toBe(204);
    expect((await save(analyst, { list: 'mandates', name: 'One too many', search: {} })).status).toBe(201);
    expect((await list(analyst, 'mandates')).data).toHaveLength(MAX_SAVED_VIEWS_PER_LIST);
    // Tidy up: no other test counts on these.
    await db()
      .delete(savedViews)
      .where(
        inArray(
          savedViews.viewId,
          created.map((v) => v.id),
        ),
      );
  });

  const tooManyKeys = Object.fromEntries(
    Array.from({ length: SAVED_VIEW_SEARCH_MAX_KEYS + 1 }, (_, i) => [`k${i}`, 'v']),
  );
  const tooBig = {
    a: 'x'.repeat(1000),
    b: 'y'.repeat(1000),
    c: 'z'.repeat(SAVED_VIEW_SEARCH_MAX_BYTES - 2000),
  };
  it.each([
    [{ list: 'payouts', name: '   ', search: {} }, 'name', 'Name the view'],
    [{ list: 'payouts', name: 'n'.repeat(61), search: {} }, 'name', 'at most 60 characters'],
    [{ list: 'payouts', name: 'two\nlines', search: {} }, 'name', 'one line'],
    [{ list: 'payouts', search: {} }, 'name', 'Name the view'],
    [{ list: 'Payouts!', name: 'x', search: {} }, 'list', "A list's machine name"],
    [{ name: 'x', search: {} }, 'list', 'Name the list'],
    [{ list: 'payouts', name: 'x', search: { status: 5 } }, 'search.status', 'Every value is a string'],
    [{ list: 'payouts', name: 'x', search: { status: ['A'] } }, 'search.status', 'Every value is a string'],
    [{ list: 'payouts', name: 'x', search: 'status=FAILED' }, 'search', 'The search is an object'],
    [{ list: 'payouts', name: 'x', search: { '1bad': 'v' } }, 'search', 'A parameter name'],
    [{ list: 'payouts', name: 'x', search: tooManyKeys }, 'search', 'at most 20 parameters'],
    [{ list: 'payouts', name: 'x', search: tooBig }, 'search', 'at most 2048 bytes'],
  ])('bad input is a 400 naming the field (%#)', async (body, field, message) => {
    const before = (await db().select().from(savedViews)).length;
    const res = await save(admin, body);
    expect(res.status).toBe(400);
    expect(res.body['error']).toBe('validation_failed');
    const fields = res.body['fields'] as Record<string, string>;
    const named = Object.entries(fields).find(([k]) => k === field || k.startsWith(`${field}.`));
    expect(named?.[1]).toContain(message);
    expect((await db().select().from(savedViews)).length).toBe(before);
  });

  it('a list query without `list` or with a bad one is a 400', async () => {
    expect((await admin.call('GET', LIST)).status).toBe(400);
    expect((await admin.call('GET', `${LIST}?list=DROP%20TABLE`)).status).toBe(400);
  });

  it('needs a session: 401 without credentials on every route', async () => {
    const inject = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
      server.current.app.inject({ method, url, ...(payload ? { payload } : {}) });
    expect((await inject('GET', `${LIST}?list=payouts`)).statusCode).toBe(401);
    expect((await inject('POST', SAVE, { list: 'payouts', name: 'x', search: {} })).statusCode).toBe(401);
    expect((await inject('DELETE', `${SAVE}/SVW0000000000000000000000000`)).statusCode).toBe(401);
  });

  it('is in the OpenAPI document with its tag and every status', async () => {
    const doc = (await server.current.app.inject({ method: 'GET', url: '/docs/json' })).json() as {
      paths: Record<string, Record<string, { tags: string[]; summary: string; responses: object }>>;
    };
    const get = doc.paths[LIST]!['get']!;
    const post = doc.paths[SAVE]!['post']!;
    const del = doc.paths[`${SAVE}/{id}`]!['delete']!;
    for (const op of [get, post, del]) expect(op.tags).toEqual(['saved views']);
    // Every status each route answers (the document may list more, e.g. for any JSON body).
    const has = (op: { responses: object }, statuses: string[]) =>
      expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(statuses));
    has(post, ['201', '400', '401', '403', '409', '422', '500']);
    has(del, ['204', '400', '401', '403', '404', '500']);
    has(get, ['200', '400', '401', '403', '500']);
    expect(Object.keys(get.responses)).not.toContain('404');
  });
});
