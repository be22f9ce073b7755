import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe.ts';
import { confirmItsYou, expect, openFlow, test } from './session.ts';

// Test and live modes: the header's switch, the band of test mode, a test payout that live mode never shows
// (neither its payouts list nor the palette), and a company whose live mode is still closed.

const BAND = 'Test mode: no real money moves';

/** Flips the header's "Test mode" switch and waits for the mode it leads to (band and URL). */
async function switchMode(page: Page, to: 'test' | 'live') {
  const toggle = page.getByRole('switch', { name: 'Test mode' });
  await expect(toggle).toHaveAttribute('aria-checked', to === 'test' ? 'false' : 'true');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', to === 'test' ? 'true' : 'false');
  if (to === 'test') {
    await expect(page.getByText(BAND, { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/[?&]mode=test\b/);
  } else {
    await expect(page.getByText(BAND, { exact: true })).toHaveCount(0);
    await expect(page).not.toHaveURL(/[?&]mode=/);
  }
}

/** A beneficiary of the current mode on a sandbox account that succeeds (docs/using/flow.md). */
async function addBeneficiary(page: Page, code: string) {
  await page.goto('/flow/add-beneficiary');
  await page.getByLabel('Beneficiary code', { exact: true }).fill(code);
  await page.getByLabel('Name', { exact: true }).fill('Test Vendor');
  await page.getByLabel('Transfer type', { exact: true }).selectOption('IMPS');
  await page.getByLabel('Account number', { exact: true }).fill('50100088886666');
  await page.getByLabel('IFSC', { exact: true }).fill('HDFC0000001');
  await expect(page.getByText('HDFC Bank')).toBeVisible();
  await page.getByRole('button', { name: 'Add beneficiary' }).click();
  await expect(page).toHaveURL(new RegExp(`/flow/beneficiaries\\?.*search_value=${code}`));
  await expect(page.getByRole('row').filter({ hasText: code })).toHaveCount(1);
}

/** Pays `code` through the initiate payout form (step-up with the password); answers its customer reference. */
async function pay(page: Page, code: string, amount: string): Promise<string> {
  await page.goto('/flow/initiate-payout');
  const beneficiary = page.getByLabel('Beneficiary', { exact: true });
  const value = await beneficiary.locator('option', { hasText: code }).first().getAttribute('value');
  await beneficiary.selectOption(value!);
  await page.getByLabel('Transfer type', { exact: true }).selectOption('IMPS');
  await page.getByLabel(/^Amount/).fill(amount);
  await page.getByLabel('Purpose', { exact: true }).fill('E2E test-mode invoice');
  const reference = await page.getByLabel('Customer reference number', { exact: true }).inputValue();
  await page.getByRole('button', { name: 'Review payout' }).click();
  await expect(page.getByText('Confirm the payout')).toBeVisible();
  await page.getByRole('button', { name: /^Confirm payout of/ }).click();
  await confirmItsYou(page);
  return reference;
}

const payoutsWith = (reference: string) =>
  `/flow/payouts?search_key=customer_reference_number&search_value=${reference}`;

/** The palette searched for `text`: its answer once the search has settled. */
async function paletteSearch(page: Page, text: string) {
  await page.getByRole('heading', { level: 1 }).click(); // focus in the page
  await page.keyboard.press('Control+K');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await expect(palette).toBeVisible();
  await page.keyboard.type(text);
  return palette;
}

test('switch to test mode, pay in test mode; back in live mode neither the payouts list nor the palette has it', async ({
  page,
}) => {
  test.slow(); // a beneficiary, a payout with its step-up, two lists and two searches
  await openFlow(page);
  await switchMode(page, 'test');
  await expectNoAxeViolations(page);

  // The mode is the member's: a screen opened afresh, without ?mode=test, is still in test mode (and says so).
  const code = `E2E-TEST-${Date.now().toString(36).toUpperCase()}`;
  await addBeneficiary(page, code);
  await expect(page.getByText(BAND, { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/[?&]mode=test\b/);
  const reference = await pay(page, code, '1250');
  await expect(page.getByRole('status').filter({ hasText: /UTR|Paid/ })).toBeVisible({ timeout: 60_000 });

  // Test mode lists it and the palette finds it.
  await page.goto(payoutsWith(reference));
  await expect(page.getByRole('row').filter({ hasText: code })).toHaveCount(1);
  let palette = await paletteSearch(page, reference);
  await expect(palette.getByRole('option', { name: new RegExp(reference) })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(palette).toBeHidden();

  // Live mode: the same list is empty, the palette finds nothing.
  await switchMode(page, 'live');
  await page.goto(payoutsWith(reference));
  await expect(
    page.getByText(`Nothing matches Customer reference “${reference}” in this date range`),
  ).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: code })).toHaveCount(0);
  palette = await paletteSearch(page, reference);
  await expect(palette.getByText('No results found.')).toBeVisible();
  await expect(palette.getByRole('option', { name: new RegExp(reference) })).toHaveCount(0);
  await page.keyboard.press('Escape');
});

test.describe('a company whose live mode is still closed', () => {
  test.use({ user: 'admin@initech.test' });

  test('the flow home says so, whom to ask, and switches to test mode', async ({ page }) => {
    await openFlow(page);
    const notice = page.getByRole('region', { name: 'Live mode is not enabled yet' });
    await expect(notice).toBeVisible();
    await expect(notice.getByRole('link', { name: 'Help & support' })).toHaveAttribute(
      'href',
      /\/help-center#support-heading$/,
    );
    await expectNoAxeViolations(page);
    await notice.getByRole('button', { name: 'Switch to test mode' }).click();
    await expect(page.getByText(BAND, { exact: true })).toBeVisible();
    await expect(notice).toHaveCount(0);
    await expect(page.getByRole('switch', { name: 'Test mode' })).toHaveAttribute('aria-checked', 'true');
  });
});
