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
