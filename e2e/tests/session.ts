import { test as base, expect, type Browser, type BrowserContext, type Page } from '@playwright/test';

/** The demo users' password (apps/server/src/seed/demo.ts). */
export const PASSWORD = 'Meridian#Demo2026';
/** The demo's Acme owner: the user a journey is signed in as unless it says otherwise. */
export const ADMIN = 'admin@acme.test';

/** Cookies and local storage of a browser context (what `storageState` takes). */
type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/** Signs in through the sign-in screen as a demo user without a second factor and waits for /flow. */
export async function signInThroughScreen(page: Page, email = ADMIN): Promise<void> {
  await page.goto('/sign-in');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/flow$/);
}

/** Opens the flow overview of a signed-in page and waits for its heading. */
export async function openFlow(page: Page): Promise<void> {
  await page.goto('/flow');
  await expect(page.getByRole('heading', { level: 1, name: 'Flow overview' })).toBeVisible();
}

/** One session per demo user and worker, made through the sign-in screen the first time it is asked for. */
interface Sessions {
  of(email: string): Promise<StorageState>;
}

async function signInOnce(
  browser: Browser,
  baseURL: string | undefined,
  email: string,
): Promise<StorageState> {
  // Signed out whatever the test asking first uses (Playwright would give a new context the test's options).
  const context = await browser.newContext({ baseURL, storageState: undefined });
  try {
    await signInThroughScreen(await context.newPage(), email);
    return await context.storageState();
  } finally {
    await context.close();
  }
}

/**
 * The journeys' `test`: `page` (and any `browser.newContext()` of the test) starts signed in as `user` (the Acme
 * owner unless `test.use({ user })` says otherwise; null: signed out) with a session made once per worker through
 * the sign-in screen and reused: the access-token cookie and the prefixed local-storage items the app keeps,
 * restored as a returning member's browser has them. A journey that ends its session (sign-out, the inactivity
 * logout, a revoked session) or renews its tokens (a refresh rotates the refresh token, and the reuse of an old one
 * revokes the session) must make its own with `signInThroughScreen` on a `guestPage()`, never the shared one.
 */
export const test = base.extend<
  {
    user: string | null;
    /** A page of a new context signed in as `email` with the worker's session; closed after the test. */
    pageAs: (email: string) => Promise<Page>;
    /** A page of a new context without any session; closed after the test. */
    guestPage: () => Promise<Page>;
  },
  { sessions: Sessions }
>({
  sessions: [
    async ({ browser }, use, workerInfo) => {
      const made = new Map<string, Promise<StorageState>>();
      const baseURL = workerInfo.project.use.baseURL;
      await use({
        of(email) {
          let state = made.get(email);
          if (!state) {
            state = signInOnce(browser, baseURL, email);
            // A failed sign-in is tried again by the next journey that asks, not remembered.
            state.catch(() => made.delete(email));
            made.set(email, state);
          }
          return state;
        },
      });
    },
    { scope: 'worker' },
  ],
  user: [ADMIN, { option: true }],
  storageState: async ({ user, sessions, storageState }, use) => {
    await use(user === null ? storageState : await sessions.of(user));
  },
  pageAs: async ({ browser, sessions }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async (email) => {
      const context = await browser.newContext({ storageState: await sessions.of(email) });
      contexts.push(context);
      return context.newPage();
    });
    for (const context of contexts) await context.close();
  },
  guestPage: async ({ browser }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async () => {
      const context = await browser.newContext({ storageState: undefined });
      contexts.push(context);
      return context.newPage();
    });
    for (const context of contexts) await context.close();
  },
});

export { expect };

/**
 * "Confirm it's you" (step-up), asked before a money movement or an approval decision from the dashboard: the demo
 * users have no second factor, so their password. `check` runs while the dialog is open (an accessibility scan).
 */
export async function confirmItsYou(page: Page, check?: (page: Page) => Promise<void>): Promise<void> {
  const dialog = page.getByRole('dialog', { name: "Confirm it's you" });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
  if (check) await check(page);
  await dialog.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(dialog).toBeHidden();
}
