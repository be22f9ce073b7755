import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe.ts';
import { expect, test } from './session.ts';

// Callbacks end to end: configure a URL (the sandbox receiver of this server), see its secret once, send a test
// event, watch the delivery land in the log with its attempt, resend it and see the second attempt.
const ADMIN = 'admin@globex.test';

/**
 * Presses the log's Refresh until the delivery's row says `text`. Each press starts a new request and the list
 * shows only the newest one's answer: each try waits long enough for a slow answer to arrive before pressing
 * again, else a loaded machine would never see one.
 */
async function refreshUntil(page: Page, webhookId: string, text: RegExp) {
  const row = page.getByRole('row').filter({ hasText: webhookId });
  await expect(async () => {
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(row).toContainText(text, { timeout: 10_000 });
  }).toPass({ timeout: 90_000 });
  return row;
}

test('configure a callback, send a test event, see it delivered in the log, resend it', async ({
  pageAs,
}) => {
  const page = await pageAs(ADMIN);
  await page.goto('/configurations/callback-configurations');
  await expect(page.getByRole('heading', { name: 'Callback configurations', level: 1 })).toBeVisible();
  // This server's own sandbox receiver stands in for the client's endpoint (answers 200).
  const RECEIVER = `${new URL(page.url()).origin}/meridian/sandbox/webhook-receiver/e2e`;

  // Configure: event type and method come from the server; the secret is shown whole once.
  await page.getByRole('button', { name: 'Add callback URL' }).click();
  const create = page.getByRole('dialog');
  await create.getByLabel('Event type').selectOption({ label: 'KYC (fabric) calls' });
  await create.getByLabel('URL').fill(RECEIVER);
  await create.getByRole('button', { name: 'Add URL' }).click();
  await expect(create.getByText(/^whsec_/)).toBeVisible();
  await create.getByRole('button', { name: 'I have copied the secret' }).click();

  // Send a test event to that URL only.
  const fabric = page.getByRole('region', { name: 'KYC (fabric) calls' });
  await expect(fabric.getByText(RECEIVER)).toBeVisible();
  await expect(fabric.getByText(/Subscribed/)).toBeVisible();
  await fabric.getByRole('button', { name: 'Send test event' }).click();
  const toastLine = page.getByText(/^Webhook msg_/);
  await expect(toastLine).toBeVisible();
  const webhookId = (await toastLine.textContent())!.replace('Webhook ', '').trim();

  // The delivery shows in the log, delivered, with its attempt.
  await refreshUntil(page, webhookId, /Delivered/);
  await page.getByRole('button', { name: new RegExp(webhookId) }).click();
  const details = page.getByRole('dialog');
  await expect(details.getByRole('cell', { name: 'HTTP 200' })).toBeVisible();
  await expect(details.getByText(/"received":true/)).toBeVisible();

  // Resend: the same message again, a second attempt.
  await details.getByRole('button', { name: 'Resend' }).click();
  await expect(page.getByText('Delivery queued again')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(details).toBeHidden();
  await refreshUntil(page, webhookId, /Delivered.*2/);
  await page.getByRole('button', { name: new RegExp(webhookId) }).click();
  await expect(page.getByRole('dialog').getByRole('cell', { name: 'HTTP 200' })).toHaveCount(2);
  await page.keyboard.press('Escape');

  // Once the toasts are gone (they fade out over the page).
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 30_000 });
  await expectNoAxeViolations(page);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test('the callback screen does not overflow sideways at 390 px', async ({ page }) => {
    await page.goto('/configurations/callback-configurations?status=FAILED');
    await expect(page.getByRole('region', { name: 'Payouts' })).toBeVisible();
    await expect(page.getByText('callback.test').first()).toBeVisible();
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(390);
  });
});
