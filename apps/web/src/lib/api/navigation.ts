import { authScreenOf } from '@meridian/contract/screens';
import { pathOf } from '@/lib/auth';

/** How non-React code (the query cache, the API client) navigates. The shell passes `router.navigate` once. */
export type Navigate = (options: { href: string; replace?: boolean; reloadDocument?: boolean }) => unknown;

let navigator: Navigate | null = null;

export function setNavigator(navigate: Navigate | null): void {
  navigator = navigate;
}

/**
 * Client-side navigation through the router when one is set, else a full page load. The auth screens are
 * another page (auth.html, outside the router): going there is always a full page load.
 */
export function navigateTo(href: string, replace = false): void {
  const reloadDocument = authScreenOf(pathOf(href)) !== null;
  if (navigator) {
    void navigator({ href, replace, ...(reloadDocument ? { reloadDocument } : {}) });
  } else if (replace) {
    window.location.replace(href);
  } else {
    window.location.assign(href);
  }
}
