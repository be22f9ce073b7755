import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe.ts';
import { ADMIN, expect, openFlow, signInThroughScreen, test } from './session.ts';

/** Signs in as the Acme admin through the screen (a session of its own) and waits for the overview to render. */
async function signInOwnSession(page: Page) {
  await signInThroughScreen(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Flow overview' })).toBeVisible();
}

// The signed-in shell: error pages, team filter, theme before first paint, command palette, auto-logout, axe.
// Journeys start signed in as the Acme owner with the worker's session (session.ts); those that end the session
// (sign-out, the inactivity logout) make their own through the screen.
const NOT_FOUND = 'Oops! Page Not Found!';

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const navGroup = (page: Page, title: string) =>
  mainNav(page).getByRole('button', { name: title, exact: true });

test('an unknown path shows the 404 page; Go Back and Back to Home work', async ({ page }) => {
  await openFlow(page);
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { level: 1, name: NOT_FOUND })).toBeVisible();
  await expect(page).toHaveTitle(/Oops! Page Not Found!/);
  const goBack = page.getByRole('button', { name: 'Go Back' });
  const home = page.getByRole('link', { name: 'Back to Home' });
  await expect(goBack).toBeVisible();
  await expect(home).toBeVisible();
  await expectNoAxeViolations(page);

  await home.click();
  await expect(page).toHaveURL(/\/flow$/);
  await page.goto('/settings/display');
  await page.goto('/still/not/here');
  await expect(page.getByRole('heading', { name: NOT_FOUND })).toBeVisible();
  await page.getByRole('button', { name: 'Go Back' }).click();
  await expect(page).toHaveURL(/\/settings\/display$/);
});

test('error routes and an unknown changelog entry', async ({ page, guestPage }) => {
  // Signed out.
  const guest = await guestPage();
  await guest.goto('/500');
  await expect(guest.getByRole('heading', { level: 1, name: 'Oops! Something went wrong' })).toBeVisible();
  await expect(guest.getByRole('button', { name: 'Go Back' })).toBeVisible();
  await expect(guest.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/flow');
  await guest.goto('/403');
  await expect(guest.getByRole('heading', { level: 1, name: 'Access Forbidden' })).toBeVisible();

  await openFlow(page);
  await page.goto('/changelog');
  const titles = page.getByRole('article').getByRole('heading', { level: 2 });
  await expect(titles).toHaveCount(2);
  await expect(page.getByRole('article').first()).toContainText('v20.1.0');
  await expect(page.getByRole('article').last()).toContainText('v3.0.0');
  await page.goto('/changelog/no-such-entry');
  await expect(page.getByRole('heading', { level: 1, name: NOT_FOUND })).toBeVisible();
});

test('signed-out visits go to /sign-in with the original path and query', async ({ guestPage }) => {
  const page = await guestPage();
  await page.goto('/reports/payouts?from=test');
  await expect(page).toHaveURL(/\/sign-in\?redirect=%2Freports%2Fpayouts%3Ffrom%3Dtest$/);
});

test('the team switch filters the navigation and survives a reload', async ({ page }) => {
  await openFlow(page);
  await expect(navGroup(page, 'Fabric')).toBeVisible();
  await expect(navGroup(page, 'Flow')).toBeVisible();

  await page.getByRole('button', { name: /^Team: Meridian/ }).click();
  await page.getByRole('menuitemradio', { name: /Flow/ }).click();
  await expect(page.getByRole('button', { name: /^Team: Flow/ })).toBeVisible();
  await expect(navGroup(page, 'Fabric')).toHaveCount(0);
  await expect(navGroup(page, 'Flow')).toBeVisible();
  await expect(navGroup(page, 'General')).toBeVisible();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('staging_team'))).toBe('flow');

  await page.reload();
  await expect(page.getByRole('button', { name: /^Team: Flow/ })).toBeVisible();
  await expect(navGroup(page, 'Fabric')).toHaveCount(0);

  // Only the three names are accepted: anything else reads as the default team.
  await page.evaluate(() => localStorage.setItem('staging_team', 'admin'));
  await page.reload();
  await expect(page.getByRole('button', { name: /^Team: Meridian/ })).toBeVisible();
  await expect(navGroup(page, 'Fabric')).toBeVisible();
});

test('the user menu loads on demand, opens from the keyboard, and signs out to /sign-in', async ({
  guestPage,
}) => {
  // Signing out ends the session on the server: a session of its own.
  const page = await guestPage();
  await signInOwnSession(page);
  const trigger = page.getByRole('button', { name: /^Account menu for / });
  await expect(trigger).toHaveAttribute('aria-haspopup', 'menu');
  await trigger.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu');
  await expect(menu).toContainText('admin@acme.test');
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(trigger).toBeFocused();

  await trigger.click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('staging_is_logged_in'))).toBeNull();
});

test('the theme is applied before first paint and persists; system follows the OS live', async ({ page }) => {
  await page.goto('/settings/appearance');
  const themes = page.getByRole('radiogroup', { name: 'Theme' });
  await themes.getByRole('radio', { name: /^Dark/ }).click();
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await page
    .getByRole('radiogroup', { name: 'Font' })
    .getByRole('radio', { name: /^Manrope/ })
    .click();
  await expect(page.locator('html')).toHaveAttribute('data-font', 'manrope');
  await expect.poll(() => page.evaluate(() => localStorage.getItem('staging_theme'))).toBe('dark');

  // The class is on <html> when <body> is first parsed: before any module script of the app can run.
  await page.addInitScript(() => {
    const w = window as unknown as { __classAtBody?: string; __fontAtBody?: string | null };
    new MutationObserver((_records, observer) => {
      if (!document.body) return;
      w.__classAtBody = document.documentElement.className;
      w.__fontAtBody = document.documentElement.getAttribute('data-font');
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  });
  await page.reload();
  const atBody = await page.evaluate(() => {
    const w = window as unknown as { __classAtBody?: string; __fontAtBody?: string | null };
    return { cls: w.__classAtBody, font: w.__fontAtBody };
  });
  expect(atBody.cls).toMatch(/\bdark\b/);
  expect(atBody.font).toBe('manrope');

  // With every app script blocked, public/theme-init.js alone still applies the stored theme.
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.reload();
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await page.unroute('**/assets/*.js');

  // System: follows prefers-color-scheme, live.
  await page.emulateMedia({ colorScheme: 'light' });
  await page.reload();
  await themes.getByRole('radio', { name: /^System/ }).click();
  await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
});

test('Cmd+K and Ctrl+K open the command palette (loaded on intent), it navigates and finds records', async ({
  page,
}) => {
  const paletteChunks: string[] = [];
  page.on('request', (r) => {
    if (/command-menu-[\w-]+\.js$/.test(r.url())) paletteChunks.push(r.url());
  });
  await openFlow(page);
  await page.getByRole('heading', { level: 1 }).click(); // focus in the page, not the search button
  // Not part of what a visit transfers: fetched once the member shows intent (the Cmd key goes down before the K).
  await page.waitForLoadState('networkidle');
  expect(paletteChunks).toHaveLength(0);

  await page.keyboard.press('Meta+K');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await expect(palette).toBeVisible();
  expect(paletteChunks).toHaveLength(1);
  await page.keyboard.type('Payouts report');
  await page.keyboard.press('Enter');
  await expect(palette).toBeHidden();
  await expect(page).toHaveURL(/\/reports\/payouts$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Payouts report' })).toBeVisible();

  await page.keyboard.press('Control+K');
  await expect(palette).toBeVisible();
  await page.keyboard.type('Help center');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/help-center$/);

  await page.keyboard.press('Control+K');
  await page.keyboard.type('Brand theme');
  await page.keyboard.press('Enter');
  await expect(page.locator('html')).toHaveClass(/\bbrand\b/);

  // A record: a beneficiary by its code opens the beneficiaries list with its details.
  await page.keyboard.press('Control+K');
  await page.keyboard.type('vendor-al');
  await expect(palette.getByRole('option', { name: /VENDOR-ALPHA/ })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/flow\/beneficiaries\?.*selected=VENDOR-ALPHA/);
  await expect(page.getByRole('dialog').getByText('VENDOR-ALPHA').first()).toBeVisible();
  await page.keyboard.press('Escape');

  await page.keyboard.press('Control+K');
  await expect(palette).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(palette).toBeHidden();
});

test('after 30 minutes without activity the session expires and the user goes to /sign-in', async ({
  guestPage,
}) => {
  // The inactivity logout ends the session on the server: a session of its own.
  const page = await guestPage();
  await page.clock.install();
  await signInOwnSession(page);
  await page.clock.fastForward('29:00');
  await expect(page.getByRole('dialog', { name: 'Session Expired' })).toHaveCount(0);
  await page.clock.fastForward('01:01');

  const modal = page.getByRole('dialog', { name: 'Session Expired' });
  await expect(modal).toBeVisible();
  await expect(modal).toContainText('Your session has expired due to inactivity');
  await expect(modal).toContainText('Redirecting to login...');
  await expect
    .poll(() =>
      page.evaluate(() => [
        localStorage.getItem('staging_is_logged_in'),
        localStorage.getItem('staging_user_data'),
      ]),
    )
    .toEqual([null, null]);

  await page.clock.fastForward('00:03');
  await expect(page).toHaveURL(/\/sign-in$/);
  await page.goto('/flow');
  await expect(page).toHaveURL(/\/sign-in\?redirect=%2Fflow$/);
});

test('the signed-in shell has no axe violations', async ({ page }) => {
  await openFlow(page);
  await expectNoAxeViolations(page);
  await page.goto('/settings/account');
  await expect(page.getByLabel('E-mail')).toHaveValue(ADMIN);
  await expectNoAxeViolations(page);
  await page.goto('/changelog');
  await expectNoAxeViolations(page);
});

test('the dark and brand themes have no axe violations either', async ({ page }) => {
  await openFlow(page);
  for (const theme of ['dark', 'brand']) {
    await page.evaluate((t) => localStorage.setItem('staging_theme', t), theme);
    await page.goto('/settings/appearance');
    await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${theme}\\b`));
    await expect(page.getByRole('heading', { level: 2, name: 'Appearance' })).toBeVisible();
    await expectNoAxeViolations(page);
  }
});

test('account settings: the name is saved through PATCH /v2/user/details, the e-mail is read-only', async ({
  page,
}) => {
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/settings\/account$/);
  const name = page.getByLabel('Name', { exact: true });
  await expect(name).not.toHaveValue('');
  const original = await name.inputValue();
  await expect(page.getByLabel('E-mail')).toHaveAttribute('readonly', '');

  await page.getByLabel('Phone', { exact: true }).fill('12345');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(/international format/)).toBeVisible();
  await page.getByLabel('Phone', { exact: true }).fill('');

  await name.fill(`${original} (edited)`);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Account updated')).toBeVisible();
  await page.reload();
  await expect(name).toHaveValue(`${original} (edited)`);

  await name.fill(original);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Account updated').first()).toBeVisible();
  await page.reload();
  await expect(name).toHaveValue(original);
});
