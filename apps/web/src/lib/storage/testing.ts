/** Test helper: empties local and session storage and deletes every script-visible cookie. */
export function resetBrowserStorage(): void {
  localStorage.clear();
  sessionStorage.clear();
  for (const name of document.cookie
    .split(';')
    .map((c) => c.split('=')[0]?.trim())
    .filter(Boolean)) {
    document.cookie = `${name}=; Path=/; Max-Age=0`;
  }
}
