// The text rule for every string a client sends (path parameters, query strings, JSON bodies). Plain code
// without zod: the server applies it once to every request (apps/server/src/http/text-rule.ts), before any
// route's own schema runs, so routes written later are covered without their authors doing anything.

/**
 * Control characters never carried by real text: C0 (U+0000–U+001F) except tab, line feed and carriage
 * return, DEL (U+007F) and C1 (U+0080–U+009F). NUL is the dangerous one (PostgreSQL refuses it in text);
 * the others are terminal escapes, form feeds and the like that only ever arrive by accident or attack.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_IN_TEXT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
/** Single-line values (path parameters, query parameters, object keys): tab, LF and CR are refused too. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_IN_LINE = /[\u0000-\u001F\u007F-\u009F]/;

/** Half of a UTF-16 pair without its other half: no character at all (it would be stored as U+FFFD). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * - `line`: paths and query strings, where a tab or line break is never meant;
 * - `text`: JSON bodies, whose free-text fields (a message, an address, a note) may hold tabs and line breaks
 *   pasted from elsewhere. Fields that must be one line say so with their own pattern.
 */
export type TextMode = 'line' | 'text';

export const TEXT_RULE_MESSAGES = {
  control: 'must not contain control characters',
  unicode: 'is not valid Unicode text (unpaired surrogate)',
} as const;

/** Why `value` breaks the text rule, or null when it is fine. */
export function textProblem(value: string, mode: TextMode): string | null {
  if ((mode === 'line' ? CONTROL_IN_LINE : CONTROL_IN_TEXT).test(value)) return TEXT_RULE_MESSAGES.control;
  if (LONE_SURROGATE.test(value)) return TEXT_RULE_MESSAGES.unicode;
  return null;
}

export type TextViolation = { field: string; message: string };

const isPlainObject = (v: unknown): v is Record<string, unknown> => {
  if (typeof v !== 'object' || v === null) return false;
  const proto = Object.getPrototypeOf(v) as unknown;
  return proto === Object.prototype || proto === null;
};

/** A path such as `beneficiaries.0.name`; a key that itself breaks the rule is shown escaped. */
const join = (path: string, key: string) => {
  const shown = textProblem(key, 'line') ? JSON.stringify(key).slice(1, -1) : key;
  return path ? `${path}.${shown}` : shown;
};

/**
 * The first string in `value` (a string, or plain objects and arrays of any depth, keys included) that breaks
 * the text rule, with its path (`root` for `value` itself). Iterative, so a deeply nested body cannot overflow
 * the stack; each object once, so a body that refers to itself (multipart fields do) ends; buffers, streams and
 * other non-plain objects are not walked.
 */
export function findTextViolation(value: unknown, mode: TextMode, root = ''): TextViolation | null {
  const stack: [unknown, string][] = [[value, '']];
  const seen = new Set<object>();
  while (stack.length > 0) {
    const [v, path] = stack.pop()!;
    if (typeof v === 'string') {
      const message = textProblem(v, mode);
      if (message) return { field: path || root, message };
      continue;
    }
    if (typeof v !== 'object' || v === null || seen.has(v)) continue;
    seen.add(v);
    if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push([v[i], join(path, String(i))]);
    } else if (isPlainObject(v)) {
      const entries = Object.entries(v);
      for (const [key] of entries) {
        const message = textProblem(key, 'line');
        if (message) return { field: join(path, key), message: `name ${message}` };
      }
      for (let i = entries.length - 1; i >= 0; i--) stack.push([entries[i]![1], join(path, entries[i]![0])]);
    }
  }
  return null;
}
