import { z } from 'zod';
import { livemodeField } from './modes.ts';

/**
 * Saved views: a signed-in user names the filters of a list (its URL search parameters) and finds them again
 * later; applying one navigates to that search, so the URL is the link to share. A view belongs to one user of
 * one client and one list. A subpath outside the barrel: only the lists' toolbar and the server need it.
 */

/** The most views one user keeps per list (a 422 beyond). */
export const MAX_SAVED_VIEWS_PER_LIST = 50;
export const SAVED_VIEW_NAME_MAX = 60;
/** A view's search: at most this many parameters … */
export const SAVED_VIEW_SEARCH_MAX_KEYS = 20;
/** … and at most this many bytes as JSON (UTF-8). */
export const SAVED_VIEW_SEARCH_MAX_BYTES = 2048;
/** One parameter's value, at most (characters). */
export const SAVED_VIEW_VALUE_MAX = 1024;

/** A list's machine name, as in its definition (`payouts`, `beneficiaries`, `support_tickets`). */
export const SavedViewListName = z
  .string({ error: "Name the list, e.g. 'payouts'" })
  .regex(/^[a-z][a-z0-9_]{0,47}$/, "A list's machine name: lower-case letters, digits and _, e.g. payouts")
  .meta({ description: "The list's machine name.", examples: ['payouts'] });

/** A view's name: trimmed, 1 to 60 characters, one line. */
export const SavedViewName = z
  .string({ error: 'Name the view' })
  .trim()
  .min(1, 'Name the view')
  .max(SAVED_VIEW_NAME_MAX, `A view's name is at most ${SAVED_VIEW_NAME_MAX} characters`)
  .refine((v) => !/[\r\n\t]/.test(v), "A view's name is one line")
  .meta({ description: 'What the user calls the view; unique (any case) per user and list.' });

/** Bytes of `value` in UTF-8. */
export function utf8Length(value: string): number {
  let bytes = 0;
  for (const ch of value) {
    const code = ch.codePointAt(0)!;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}

/** A URL search parameter's name as the lists use them (`start_date`, `search_key`, `amount_min`). */
const ParamName = /^[A-Za-z][A-Za-z0-9_.-]{0,63}$/;
const PARAM_NAME_MESSAGE = 'A parameter name is a letter then letters, digits, _, . or - (at most 64)';

/**
 * The list's URL search parameters as a flat record of strings (what `?start_date=…&status=FAILED` holds): at
 * most 20 parameters and 2 KB as JSON.
 */
export const SavedViewSearch = z
  .record(
    z.string().regex(ParamName, PARAM_NAME_MESSAGE),
    z
      .string({ error: 'Every value is a string' })
      .max(SAVED_VIEW_VALUE_MAX, `A value is at most ${SAVED_VIEW_VALUE_MAX} characters`),
    {
      error: (issue) =>
        issue.code === 'invalid_type'
          ? 'The search is an object of parameter names to strings'
          : issue.code === 'invalid_key'
            ? PARAM_NAME_MESSAGE
            : undefined,
    },
  )
  .superRefine((search, ctx) => {
    if (Object.keys(search).length > SAVED_VIEW_SEARCH_MAX_KEYS)
      ctx.addIssue({
        code: 'custom',
        message: `A view keeps at most ${SAVED_VIEW_SEARCH_MAX_KEYS} parameters`,
      });
    else if (utf8Length(JSON.stringify(search)) > SAVED_VIEW_SEARCH_MAX_BYTES)
      ctx.addIssue({
        code: 'custom',
        message: `A view's search is at most ${SAVED_VIEW_SEARCH_MAX_BYTES} bytes`,
      });
  })
  .meta({
    description: `The list's URL search parameters, each a string: at most ${SAVED_VIEW_SEARCH_MAX_KEYS} and ${SAVED_VIEW_SEARCH_MAX_BYTES} bytes as JSON.`,
    examples: [{ start_date: '2026-01-01', end_date: '2026-01-31', status: 'FAILED' }],
  });
export type SavedViewSearch = z.infer<typeof SavedViewSearch>;

export const SavedView = z
  .object({
    id: z.string().meta({ description: 'The view id (`SVW…`).' }),
    list: z.string().meta({ description: "The list's machine name." }),
    name: z.string(),
    search: z.record(z.string(), z.string()),
    created_at: z.string().meta({ description: 'ISO 8601 (UTC).' }),
    livemode: livemodeField,
  })
  .meta({ id: 'SavedView' });
export type SavedView = z.infer<typeof SavedView>;

/** `GET /{provider}/read/fetch/saved_views?list=…` */
export const SavedViewsQuery = z.object({ list: SavedViewListName });
export type SavedViewsQuery = z.infer<typeof SavedViewsQuery>;

/** The signed-in user's views of one list, by name (any case), with the cap. */
export const SavedViewsResponse = z.object({
  data: z.array(SavedView),
  max_views: z.number().int().meta({ description: 'The most views a user keeps per list.' }),
});
export type SavedViewsResponse = z.infer<typeof SavedViewsResponse>;

/** `POST /v2/saved_views` */
export const CreateSavedView = z.object({
  list: SavedViewListName,
  name: SavedViewName,
  search: SavedViewSearch,
});
export type CreateSavedView = z.infer<typeof CreateSavedView>;
export type CreateSavedViewInput = z.input<typeof CreateSavedView>;

/** `DELETE /v2/saved_views/{id}` */
export const SavedViewIdParams = z.object({
  id: z.string().min(1).max(64).meta({ description: 'The view id (`SVW…`).' }),
});

/**
 * The part of a list's URL search that a view keeps, as strings: filters, not a position (`offset`, the page,
 * and `selected`, an open row's details, are left out); empty values are left out; numbers and booleans become
 * their text; anything else (objects, arrays) is not a list filter and is left out.
 */
export const VIEW_POSITION_PARAMS: readonly string[] = ['offset', 'selected'];

export function viewSearchOf(search: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(search)) {
    if (VIEW_POSITION_PARAMS.includes(key)) continue;
    if (typeof value === 'string') {
      if (value !== '') out[key] = value;
    } else if (typeof value === 'number' && Number.isFinite(value)) out[key] = String(value);
    else if (typeof value === 'boolean') out[key] = String(value);
  }
  return out;
}
