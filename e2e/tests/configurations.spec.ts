import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe.ts';
import { expect, PASSWORD, test } from './session.ts';

// Configurations end to end: add an address to the IP allow-list with the password, see it listed, and find
// the change (with its before and after) in the audit log.
const ADMIN = 'admin@acme.test';

async function expectNoHorizontalOverflow(page: Page) {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
    .toBeLessThanOrEqual(0);
}

test('an admin adds an IP range with the password; it is listed and the change is in the audit log', async ({
  page,
}) => {
  await page.goto('/configurations/manage-ips');
  await expect(page.getByRole('heading', { level: 1, name: 'Manage IPs' })).toBeVisible();
  // The demo list (added by the seed through the same service).
  await expect(page.getByRole('row', { name: /This machine \(IPv4 loopback\)/ })).toContainText(
    '127.0.0.1/32',
  );
  await expect(page.getByText(/Enforced: API-key calls from other addresses are refused/)).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Add IP address' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add an IP address or range' });
  await dialog.getByLabel('IP address or CIDR range').fill('198.51.100.9/24');
  await dialog.getByLabel('Label').fill('E2E office');
  await dialog.getByLabel('Your password').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Add address' }).click();
  // Host bits are refused before anything is sent, naming the range meant.
  await expect(dialog.getByText(/the range is 198\.51\.100\.0\/24/)).toBeVisible();
  await dialog.getByLabel('IP address or CIDR range').fill('198.51.100.0/24');
  await expect(dialog.getByText('Saved as 198.51.100.0/24')).toBeVisible();
  // A wrong password is refused by the server and shown on the password field.
  await dialog.getByLabel('Your password').fill('not-my-password');
  await dialog.getByRole('button', { name: 'Add address' }).click();
  await expect(dialog.getByText(/The password is not correct/)).toBeVisible();
  await dialog.getByLabel('Your password').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Add address' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('row', { name: /E2E office/ })).toContainText('198.51.100.0/24');
  await expect(page.getByRole('row', { name: /E2E office/ })).toContainText(ADMIN);

  await page.goto('/configurations/audit-log?search_key=object_id&search_value=198.51.100.0%2F24');
  await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
  const row = page.getByRole('button', { name: /ip_allowlist\.added/ }).first();
  await expect(row).toBeVisible();
  await expectNoAxeViolations(page);
  await row.click();
  const details = page.getByRole('dialog', { name: /ip_allowlist\.added/ });
  await expect(details.getByRole('heading', { name: 'Before' })).toBeVisible();
  await expect(details.getByRole('heading', { name: 'After' })).toBeVisible();
  await expect(details).toContainText('198.51.100.0/24');
  await expect(details).toContainText(ADMIN);
});

test('both screens fit a 390 px wide screen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/configurations/manage-ips');
  await expect(page.getByText('127.0.0.1/32').first()).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await page.goto('/configurations/audit-log');
  await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
  await expect(page.getByText(/ip_allowlist\.added/).first()).toBeVisible();
  await expectNoHorizontalOverflow(page);
});
