/**
 * Route search-parameter schemas with `.catch()` semantics: a missing or malformed value degrades to its
 * default instead of failing the route.
 *
 * Why not zod here: `validateSearch` runs when a URL is matched, so it sits in the first bundle of every page,
 * and even zod/mini pulls zod's core (~15 KB gzipped) in. The budget (/sign-in ≤ 100 KB, first signed-in view
 * ≤ 180 KB) cannot afford that; these parsers are a few hundred bytes. Zod stays in the lazy chunks (forms).
 */
import type { SearchSchemaInput } from '@tanstack/react-router';

export type ParamParser<T> = (value: unknown) => T;

/**
 * Text, defaulting to `fallback`. The router JSON-parses raw search values, so a hand-typed `?mobile=98000`
 * arrives as a number: numbers and booleans are turned back into text rather than dropped.
 */
export const textParam =
  (fallback = ''): ParamParser<string> =>
  (value) =>
    typeof value === 'string'
      ? value
      : typeof value === 'number' || typeof value === 'boolean'
        ? String(value)
        : fallback;

/** Optional text: absent or unusable values become undefined. */
export const optionalTextParam = (): ParamParser<string | undefined> => (value) =>
  value === undefined || value === null
    ? undefined
    : textParam(undefined as unknown as string)(value) || undefined;

type Shape = Record<string, ParamParser<unknown>>;
type OptionalKeys<S extends Shape> = {
  [K in keyof S]: undefined extends ReturnType<S[K]> ? K : never;
}[keyof S];
/** The parsed search: keys whose parser may give undefined are optional. */
export type SearchOf<S extends Shape> = { [K in Exclude<keyof S, OptionalKeys<S>>]: ReturnType<S[K]> } & {
  [K in OptionalKeys<S>]?: Exclude<ReturnType<S[K]>, undefined>;
};
/** What links may pass: every parameter optional (`SearchSchemaInput` tells the router to use this type). */
export type SearchInputOf<S extends Shape> = { [K in keyof S]?: unknown } & SearchSchemaInput;

/**
 * A `validateSearch` function from a shape of parsers. Unknown parameters are dropped; every parameter is
 * optional on input (links may leave them out), and always present (or undefined) on output.
 */
export function searchSchema<S extends Shape>(shape: S): (input: SearchInputOf<S>) => SearchOf<S> {
  return (input) => {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(shape)) {
      const value = shape[key]!((input as Record<string, unknown>)[key]);
      if (value !== undefined) out[key] = value;
    }
    return out as SearchOf<S>;
  };
}
