/** Editing a cycle's run times (HH:mm, 24-hour): pure helpers of the cycle dialog. */
export const RUN_TIME = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;
export const MAX_RUN_TIMES = 6;

/** "9:5" or "930" typed loosely → "09:05" / "09:30"; anything else is returned trimmed, for the schema to refuse. */
export function normalizeRunTime(input: string): string {
  const text = input.trim();
  const match = /^(\d{1,2}):?(\d{2})$/.exec(text) ?? /^(\d{1,2}):(\d)$/.exec(text);
  if (!match) return text;
  const [, h = '', m = ''] = match;
  return `${h.padStart(2, '0')}:${m.padStart(2, '0')}`;
}

/** Adds a run time: normalized, kept once, in day order; invalid times and a seventh are refused (null). */
export function addRunTime(times: readonly string[], input: string): string[] | null {
  const time = normalizeRunTime(input);
  if (!RUN_TIME.test(time)) return null;
  if (times.includes(time)) return [...times];
  if (times.length >= MAX_RUN_TIMES) return null;
  return [...times, time].sort();
}

export function removeRunTime(times: readonly string[], time: string): string[] {
  return times.filter((t) => t !== time);
}
