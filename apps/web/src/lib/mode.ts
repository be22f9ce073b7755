import { useSyncExternalStore } from 'react';
import type { LocationRewrite } from '@tanstack/react-router';
import { MODE_HEADER, type Mode } from '@meridian/contract/modes';
import { createPreference, oneOf, type Preference } from '@/lib/preferences/store';
import { getAccessToken, getStoredUser, MODE_KEY_PREFIX } from '@/lib/storage';

/**
 * The dashboard's mode, test or live (issue 33): which of the company's two sets of data every screen shows and
 * every change writes. Each API call names it in the `Meridian-Mode` header (lib/api/client.ts), never in a query
 * parameter a link could flip, except the fabric event stream (EventSource cannot send headers: `meridian_mode`,
 * which the server lifts into the header).
 *
 * Where it comes from, when the page loads: `?mode=test` in the URL wins (a shared link opens in test mode, and
 * becomes the member's choice); else the member's last choice, kept on this device per member (`mode:<public
 * id>`, kept across sign-ins); else live. While in test mode the URL keeps `?mode=test` (the router's rewrite
 * below adds it to every address it writes); in live mode it has none. The mode of this tab changes only by
 * `setMode`: the query cache is then emptied (lib/api/query-client.ts) and the screens mount again, so nothing
 * of the other mode stays on screen.
 */
export { MODE_HEADER, type Mode };

/** The URL's parameter: `?mode=test` (live has none). */
export const MODE_PARAM = 'mode';
/** The fabric event stream's parameter, for the header EventSource cannot send. */
export const MODE_STREAM_PARAM = 'meridian_mode';

/** A stored mode: test or live; anything else reads as live. */
const parseMode = oneOf(['live', 'test'] as const);

/** The signed-in member's public id: the access token's subject (read, not verified: the server verifies). */
export function memberId(token = getAccessToken()): string | null {
  const payload = token?.split('.')[1];
  if (payload) {
    try {
      const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
      const sub = (JSON.parse(json) as { sub?: unknown }).sub;
      if (typeof sub === 'string' && sub !== '') return sub;
    } catch {
      // not a JWT: fall back to the stored e-mail below
    }
  }
  return getStoredUser()?.email ?? null;
}

const preferences = new Map<string, Preference<Mode>>();

/** A member's last mode on this device (`staging_mode:<id>`), kept when they sign out (storage/session.ts). */
export function modePreference(member: string): Preference<Mode> {
  let preference = preferences.get(member);
  if (!preference) {
    preference = createPreference({ name: `${MODE_KEY_PREFIX}${member}`, parse: parseMode });
    preferences.set(member, preference);
  }
  return preference;
}

/** `?mode=test` in a search string; null for anything else (live is the URL without the parameter). */
export function modeFromSearch(search: string): Mode | null {
  return new URLSearchParams(search).get(MODE_PARAM) === 'test' ? 'test' : null;
}

/**
 * A search string with `mode=test` (test) or without any `mode` (live), the other parameters kept exactly as
 * written (re-encoding them could change what the router reads).
 */
export function withModeParam(search: string, mode: Mode): string {
  const parts = search
    .replace(/^\?/, '')
    .split('&')
    .filter((part) => part !== '' && part.split('=')[0] !== MODE_PARAM);
  if (mode === 'test') parts.push(`${MODE_PARAM}=test`);
  return parts.length > 0 ? `?${parts.join('&')}` : '';
}

let current: Mode | null = null;
let liveRefused = false;
/** Told of a switch of mode. */
const switchListeners = new Set<() => void>();
/** Told of a live-mode refusal noted (or forgotten by a switch). */
const refusalListeners = new Set<() => void>();
const notify = (listeners: Set<() => void>) => listeners.forEach((listener) => listener());
const subscribe = (listeners: Set<() => void>) => (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

/** Resolves this page's mode: `?mode=test` wins (and is remembered for the member), else their choice, else live. */
export function initMode(search = window.location.search): Mode {
  const member = memberId();
  const fromUrl = modeFromSearch(search);
  if (fromUrl && member) modePreference(member).set(fromUrl);
  current = fromUrl ?? (member ? modePreference(member).get() : 'live');
  liveRefused = false;
  return current;
}

/** The mode of this tab (resolved from the URL and the member's choice the first time it is asked). */
export function getMode(): Mode {
  return current ?? initMode();
}

/** Writes `?mode=test` (or takes `mode` away) in the address bar without a navigation. */
function writeModeToUrl(mode: Mode): void {
  const { pathname, search, hash } = window.location;
  const next = withModeParam(search, mode);
  if (next !== search) window.history.replaceState(window.history.state, '', pathname + next + hash);
}

/** Switches this tab to `mode`: remembered for the member, in the URL, and every listener told (the cache). */
export function setMode(mode: Mode): void {
  const member = memberId();
  if (member) modePreference(member).set(mode);
  if (mode === getMode()) return;
  current = mode;
  liveRefused = false;
  writeModeToUrl(mode);
  notify(switchListeners);
  notify(refusalListeners);
}

/** Runs `listener` after each switch of mode; returns the unsubscribe. */
export const onModeChange: (listener: () => void) => () => void = subscribe(switchListeners);

/** React hook: the current mode, re-rendering on a switch. */
export function useMode(): Mode {
  return useSyncExternalStore(onModeChange, getMode, getMode);
}

/**
 * An answer said 403 `live_mode_not_enabled` (live mode of the company is still closed): the shell explains it
 * until the member switches mode.
 */
export function noteLiveModeRefused(): void {
  if (liveRefused) return;
  liveRefused = true;
  notify(refusalListeners);
}

/** Whether an answer of this mode said live mode is not enabled (since the last switch). */
export const liveModeRefused = (): boolean => liveRefused;
const onRefusal = subscribe(refusalListeners);

/** React hook: `liveModeRefused`, re-rendering when it changes. */
export function useLiveModeRefused(): boolean {
  return useSyncExternalStore(onRefusal, liveModeRefused, liveModeRefused);
}

/**
 * The router's rewrite of the address: what the routes read never has `mode` (their search schemas stay as
 * they are), and every address the router writes (navigation, links) has `?mode=test` while in test mode.
 */
export const modeUrlRewrite: LocationRewrite = {
  input: ({ url }) => {
    url.search = withModeParam(url.search, 'live');
    return url;
  },
  output: ({ url }) => {
    url.search = withModeParam(url.search, getMode());
    return url;
  },
};
