import { expect, type Page } from '@playwright/test';

/** The demo users' password (apps/server/src/seed/demo.ts). */
export const PASSWORD = 'Meridian#Demo2026';

/** Signs in through the sign-in screen as a demo user without a second factor and waits for /flow. */
export async function signIn(page: Page, email = 'admin@acme.test'): Promise<void> {
  await page.goto('/sign-in');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/flow$/);
}

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
