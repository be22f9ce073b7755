/**
 * Build configuration (Vite `VITE_*` variables, fixed at build time). Every host defaults to the same origin
 * (''), which is how the Meridian server serves the app; set the variables to split hosts.
 */
declare global {
  interface ImportMetaEnv {
    readonly VITE_APP_ENV?: string;
    readonly VITE_API_BASE_URL?: string;
    readonly VITE_AUTH_API_URL?: string;
    readonly VITE_READ_API_URL?: string;
    readonly VITE_BULK_API_URL?: string;
    readonly VITE_CHANGELOG_API_URL?: string;
    readonly VITE_PROVIDER?: string;
  }
}

type EnvSource = Record<string, string | boolean | undefined>;

/** The value of a variable that must be set; throws the exact message when it is missing or empty. */
export function requireEnv(name: string, source: EnvSource = import.meta.env): string {
  const value = source[name];
  if (typeof value !== 'string' || value.trim() === '') {
    throw new Error(`Missing required environment variable: ${name}`);
  }
  return value;
}

/** An optional host: trailing slashes dropped so that `host + '/v2/...'` is always well formed. */
function host(value: string | undefined): string {
  return (value ?? '').replace(/\/+$/, '');
}

/** Environment label; it prefixes every storage key and cookie. */
export const APP_ENV: string = import.meta.env.VITE_APP_ENV ?? 'staging';

/**
 * The provider slug: `{provider}` in API paths and `{product}` in search keys, e.g.
 * `/meridian/read/search/transaction/payouts` and `meridian_urn`.
 */
export const PROVIDER: string = import.meta.env.VITE_PROVIDER || 'meridian';

/** Hosts: API base, auth, read API, bulk and the changelog dashboard. */
export const API_HOSTS = {
  api: host(import.meta.env.VITE_API_BASE_URL),
  auth: host(import.meta.env.VITE_AUTH_API_URL),
  read: host(import.meta.env.VITE_READ_API_URL),
  bulk: host(import.meta.env.VITE_BULK_API_URL),
  changelog: host(import.meta.env.VITE_CHANGELOG_API_URL),
} as const;

export type ApiHost = keyof typeof API_HOSTS;
