/** How non-React code (the query cache, the API client) navigates. The shell passes `router.navigate` once. */
export type Navigate = (options: { href: string; replace?: boolean }) => unknown;

let navigator: Navigate | null = null;

export function setNavigator(navigate: Navigate | null): void {
  navigator = navigate;
}

/** Client-side navigation through the router when one is set, else a full page load. */
export function navigateTo(href: string, replace = false): void {
  if (navigator) {
    void navigator({ href, replace });
  } else if (replace) {
    window.location.replace(href);
  } else {
    window.location.assign(href);
  }
}
