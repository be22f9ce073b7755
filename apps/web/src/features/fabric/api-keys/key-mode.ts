import type { Mode } from '@/lib/mode';

/** A record's `livemode` (true: live, false: test), or undefined when the answer does not carry it. */
export function livemodeOf(record: object): boolean | undefined {
  const livemode = (record as { livemode?: unknown }).livemode;
  return typeof livemode === 'boolean' ? livemode : undefined;
}

/** The mode of a key just made: its record's `livemode`, else its secret's prefix (`mk_test_` / `mk_live_`). */
export function keyModeOf(created: { key_secret: string }, fallback: Mode): Mode {
  const livemode = livemodeOf(created);
  if (livemode !== undefined) return livemode ? 'live' : 'test';
  if (created.key_secret.startsWith('mk_test_')) return 'test';
  if (created.key_secret.startsWith('mk_live_')) return 'live';
  return fallback;
}
