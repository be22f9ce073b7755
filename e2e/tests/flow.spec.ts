import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe.ts';
import { confirmItsYou, expect, test } from './session.ts';
import { settled } from './settled.ts';

// Money end to end on the sandbox rail: add a beneficiary, pay it, watch the payout settle, open its details;
// a payout to a closed test account fails and its debit is reversed in the statement.

async function selectOptionContaining(page: Page, label: string, text: string) {
  const select = page.getByLabel(label, { exact: true });
  const value = await select.locator('option', { hasText: text }).first().getAttribute('value');
  await select.selectOption(value!);
}

async function addBeneficiary(page: Page, code: string, account: string) {
  await page.goto('/flow/add-beneficiary');
  await page.getByLabel('Beneficiary code', { exact: true }).fill(code);
  await page.getByLabel('Name', { exact: true }).fill('Kavya Menon');
  await page.getByLabel('Transfer type', { exact: true }).selectOption('IMPS');
  await page.getByLabel('Account number', { exact: true }).fill(account);
  await page.getByLabel('IFSC', { exact: true }).fill('HDFC0000001');
  await expect(page.getByText('HDFC Bank')).toBeVisible();
  await page.getByRole('button', { name: 'Add beneficiary' }).click();
  await expect(page).toHaveURL(new RegExp(`/flow/beneficiaries\\?.*search_value=${code}`));
  await expect(page.getByRole('row').filter({ hasText: code })).toHaveCount(1);
}

async function pay(page: Page, code: string, amount: string) {
  await page.goto('/flow/initiate-payout');
  await selectOptionContaining(page, 'Beneficiary', code);
  await page.getByLabel('Transfer type', { exact: true }).selectOption('IMPS');
  await page.getByLabel(/^Amount/).fill(amount);
  await page.getByLabel('Purpose', { exact: true }).fill('E2E invoice');
  const reference = await page.getByLabel('Customer reference number', { exact: true }).inputValue();
  await page.getByRole('button', { name: 'Review payout' }).click();
  await expect(page.getByText('Confirm the payout')).toBeVisible();
  await page.getByRole('button', { name: /^Confirm payout of/ }).click();
  await confirmItsYou(page, expectNoAxeViolations);
  return reference;
}

test('add a beneficiary, pay it, see the payout succeed in the list and open its details', async ({
  page,
}) => {
  await addBeneficiary(page, 'E2E-VENDOR', '50100055556666');
  await pay(page, 'E2E-VENDOR', '1500');
  // The sandbox rail settles it in the background: the result step polls until then.
  const status = page.getByRole('status').filter({ hasText: /UTR|Paid/ });
  await expect(status).toBeVisible({ timeout: 60_000 });
  await expectNoAxeViolations(page);

  await page.getByRole('link', { name: 'View in payouts' }).click();
  await expect(page).toHaveURL(/\/flow\/payouts\?/);
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading', { name: /^Payout PAY/ })).toBeVisible();
  await expect(dialog.getByText('SUCCESS').first()).toBeVisible();
  await expect(dialog.getByText('PENDING').first()).toBeVisible(); // the timeline keeps every state
  await expect(dialog.getByText('₹1,500.00').first()).toBeVisible();
  await expectNoAxeViolations(page);
  // Closing drops the row from the URL; the list behind it comes back once the router has moved.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('row', { name: /E2E-VENDOR|Kavya Menon/ }).first()).toBeVisible();
});

test('a payout to a closed test account fails and the statement shows its reversal', async ({ page }) => {
  await addBeneficiary(page, 'E2E-CLOSED', '50100055550001');
  const reference = await pay(page, 'E2E-CLOSED', '700');
  await expect(page.getByText('Account closed')).toBeVisible({ timeout: 60_000 });

  await page.goto(`/flow/transactions?search_key=customer_reference_number&search_value=${reference}`);
  const rows = page.getByRole('row').filter({ hasText: '700.00' });
  await expect(rows).toHaveCount(2);
  await expect(page.getByRole('row').filter({ hasText: /Reversal/i })).toHaveCount(1);
  await expectNoAxeViolations(page);
});

test('verify account: a name the bank does not know is never shown verified, and is saved only when confirmed', async ({
  page,
}) => {
  await page.goto('/flow/add-beneficiary');
  const code = `E2E-NM-${Date.now().toString(36).toUpperCase()}`;
  await page.getByLabel('Beneficiary code', { exact: true }).fill(code);
  await page.getByLabel('Name', { exact: true }).fill('Kavya Menon');
  await page.getByLabel('Transfer type', { exact: true }).selectOption('IMPS');
  // The sandbox's 0005 ending: the bank has the account under a company's name.
  await page.getByLabel('Account number', { exact: true }).fill('50100055550005');
  await page.getByLabel('IFSC', { exact: true }).fill('HDFC0000001');
  await expect(page.getByText('HDFC Bank')).toBeVisible();
  await page.getByRole('button', { name: 'Verify account' }).click();
  const result = page.getByRole('region', { name: 'Account found: the name does not match' });
  await expect(result).toBeVisible();
  await expect(result.getByText('No match', { exact: true })).toBeVisible();
  await expect(result.getByText(/TRADING COMPANY/).first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Account verified' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Add beneficiary' }).click();
  await expect(
    page.getByText('Confirm that you want to save this name, or use the registered name.'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/flow\/add-beneficiary/);
  await expectNoAxeViolations(page);
  await page.getByRole('checkbox', { name: /I confirm the name does not match/ }).check();
  await page.getByRole('button', { name: 'Add beneficiary' }).click();
  await expect(page).toHaveURL(new RegExp(`/flow/beneficiaries\\?.*search_value=${code}`));
  await expect(page.getByRole('row').filter({ hasText: code })).toHaveCount(1);

  // The validations list says the same: a red "No match" for that account.
  await page.goto(
    '/flow/validate-bank-account?search_key=beneficiary_account_number&search_value=50100055550005',
  );
  await expect(page.getByRole('row').filter({ hasText: 'No match' }).first()).toBeVisible();
});

test('the edit screen is prefilled from its search parameters and ignores malformed ones', async ({
  page,
}) => {
  await page.goto(
    '/flow/edit-beneficiary?beneficiaryCode=VENDOR-BETA&beneficiaryName=Beta%20Traders&transferType=NEFT' +
      '&beneficiaryAccountNumber=000401234567&ifscCode=%7B%22x%22%3A1%7D',
  );
  await expect(page.getByLabel('Beneficiary code', { exact: true })).toHaveValue('VENDOR-BETA');
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Beta Traders');
  await expect(page.getByLabel('Account number', { exact: true })).toHaveValue('000401234567');
  await expect(page.getByLabel('IFSC', { exact: true })).toHaveValue('');
  await expect(page.getByText('Oops! Something went wrong')).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, permissions: ['clipboard-read', 'clipboard-write'] });

  test('payouts are cards that open their details; the URN copies; a date preset filters', async ({
    page,
  }) => {
    await page.goto('/flow/payouts');
    const cards = page.getByRole('list', { name: /^Payouts from/ }).getByRole('button');
    await expect(cards.first()).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(390);
    await expectNoAxeViolations(page);

    // A card is reached with the keyboard and opens the same dialog as a table row.
    await cards.first().focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    const title = dialog.getByRole('heading', { name: /^Payout PAY/ });
    await expect(title).toBeVisible();
    const [titleBox, dialogBox] = [await title.boundingBox(), await dialog.boundingBox()];
    expect(titleBox!.x + titleBox!.width).toBeLessThanOrEqual(dialogBox!.x + dialogBox!.width);
    const urn = (await title.textContent())!.replace(/^Payout /, '');
    await dialog.getByRole('button', { name: 'Copy URN' }).click();
    await expect(dialog.getByRole('status')).toHaveText('Copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(urn);
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // "This month" runs from the 1st to today in the user's time zone (Asia/Kolkata by default).
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
    await page.getByRole('button', { name: /^Date range/ }).click();
    await expect(page.getByRole('grid')).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'This month' }).click();
    await expect(page).toHaveURL(/start_date=/);
    const params = new URL(page.url()).searchParams;
    expect([params.get('start_date'), params.get('end_date')]).toEqual([`${today.slice(0, 8)}01`, today]);
    await expect(page.getByRole('button', { name: /^Date range [A-Z][a-z]{2} 01, \d{4}/ })).toBeVisible();
  });
});

/** The current account's balance in paise, as the balances screen shows it. */
async function currentBalance(page: Page): Promise<number> {
  await page.goto('/accounts/account-balances');
  const row = page.getByRole('row').filter({ hasText: 'current account' });
  // Read once the balance is in the row, not while it loads.
  await expect(row).toContainText(/₹[\d,]+\.\d{2}/);
  const text = (await row.textContent()) ?? '';
  const rupees = text.match(/₹([\d,]+\.\d{2})/)![1]!.replaceAll(',', '');
  return Math.round(Number(rupees) * 100);
}

test('create a payment link, pay it on the public page, see it paid and the balance moved', async ({
  page,
  guestPage,
}) => {
  const before = await currentBalance(page);
  const purpose = `E2E order ${Date.now()}`; // a retry makes its own link

  await page.goto('/flow/payment-links');
  await page.getByRole('button', { name: 'Create payment link' }).click();
  const form = page.getByRole('form', { name: 'New payment link' });
  await form.getByLabel('Purpose', { exact: true }).fill(purpose);
  await form.getByLabel('Amount (₹)', { exact: true }).fill('1250.50');
  await form.getByLabel(/^Customer name/).fill('Meera Pillai');
  await form.getByRole('button', { name: 'Create link' }).click();
  const payPage = page.getByRole('link', { name: 'Open pay page' });
  const url = await payPage.getAttribute('href');
  expect(url).toMatch(/\/pay\//);

  // The customer's side: no sign-in.
  const customer = await guestPage();
  await customer.goto(url!);
  await expect(customer.getByRole('heading', { name: purpose })).toBeVisible();
  await customer.getByRole('button', { name: 'Pay (sandbox)' }).click();
  await expect(customer.getByText('Paid', { exact: true }).first()).toBeVisible();
  await customer.close();

  await page.goto('/flow/payment-links');
  await expect(page.getByRole('row').filter({ hasText: purpose })).toContainText('Paid');
  expect(await currentBalance(page)).toBe(before + 125050);
});

test('upload a bulk file with two bad rows, fix one and drop one, submit, the approver approves it, watch it finish, download the response', async ({
  page,
  pageAs,
}) => {
  // Two users, a file check, two viewports, a step-up each and the bulk's run on the rail: a long journey.
  test.slow();
  await page.goto('/flow/bulk-upload');
  const stamp = Date.now().toString(36).toUpperCase();
  const csv = [
    'customer_reference_number,beneficiary_code,beneficiary_account_number,ifsc_code,beneficiary_name,amount,transfer_type,purpose_message',
    `E2E-BULK-${stamp}-1,VENDOR-ALPHA,,,,1500.00,IMPS,Invoice 1`,
    `E2E-BULK-${stamp}-2,NO-SUCH-BEN,,,,2500.00,IMPS,Invoice 2`,
    `E2E-BULK-${stamp}-3,VENDOR-ALPHA,,,,999999999.00,IMPS,Invoice 3`,
  ].join('\n');
  await page.getByLabel('Payout file (CSV or XLSX, up to 5 MB)').setInputFiles({
    name: `e2e-bulk-${stamp}.csv`,
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  });

  // Each error on its cell; submit is blocked until they are fixed or dropped.
  const code2 = page.getByRole('textbox', { name: 'Beneficiary code, row 2' });
  await expect(code2).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('textbox', { name: 'Amount (₹), row 3' })).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  await expect(page.getByRole('button', { name: 'Submit 3 payouts' })).toBeDisabled();
  await code2.fill('VENDOR-ALPHA');

  // The page fits the screen with the grid loaded, and "drop row" (the only way to act on a row that cannot be
  // fixed) is on screen, not past a sideways scroll: at 1280×800 and on a phone.
  const dropRow3 = page.getByRole('button', { name: 'Drop row 3' });
  const fits = async (width: number) => {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    // Measured once the layout has moved to this width (the sidebar's transition has ended).
    await settled(page);
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), {
        message: `page width at ${width} px`,
      })
      .toBeLessThanOrEqual(0);
    const innerWidth = await page.evaluate(() => window.innerWidth);
    // Scrolled to vertically only: a sideways scroll of the grid to reach the button would not count.
    const top = (await dropRow3.boundingBox())!.y;
    await page.evaluate((y) => window.scrollBy(0, y - 200), top);
    await expect(dropRow3).toBeInViewport();
    const box = (await dropRow3.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, `Drop row 3 at ${width} px`).toBeLessThanOrEqual(innerWidth);
  };
  await fits(1280);
  await fits(390);
  await dropRow3.click();
  await expect(dropRow3).toHaveCount(0);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('button', { name: 'Check again' }).click();
  await expect(code2).not.toHaveAttribute('aria-invalid', 'true');

  const submit = page.getByRole('button', { name: 'Submit 2 payouts' });
  await expect(submit).toBeEnabled();
  await submit.click();
  await page.getByRole('button', { name: 'Pay 2 payouts of ₹4,000.00' }).click();
  await confirmItsYou(page, expectNoAxeViolations);
  // The demo's rule "every bulk needs one Finance approver" holds it whole: nothing is paid yet.
  await expect(
    page.getByText(
      'Waiting for approval: nothing is paid until an approver approves this bulk in Approvals.',
    ),
  ).toBeVisible({ timeout: 60_000 });

  // The approver approves the whole bulk with one decision, confirming it's them.
  const approver = await pageAs('approver@acme.test');
  await approver.goto('/approvals');
  await approver
    .getByRole('button', { name: new RegExp(`^Details of Bulk e2e-bulk-${stamp}\\.csv`) })
    .click();
  await approver.getByRole('dialog').getByRole('button', { name: 'Approve', exact: true }).click();
  await confirmItsYou(approver);
  await expect(approver.getByText(/^Approved/).first()).toBeVisible({ timeout: 60_000 });
  await approver.context().close();

  // The bulk's payouts run on the rail in the background; the progress polls until they are done.
  await expect(page.getByText('Done: 2 paid, 0 failed.')).toBeVisible({ timeout: 90_000 });

  // The response file: each row with its payout urn and status, read by a CSV reader.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download the response file' }).click();
  const file = await download;
  const text = readFileSync((await file.path())!, 'utf8');
  const rows = text.trim().split(/\r?\n/);
  expect(rows).toHaveLength(3);
  expect(rows[1]).toContain(`E2E-BULK-${stamp}-1`);
  expect(rows[2]).toContain(`E2E-BULK-${stamp}-2`);
  expect(rows.slice(1).every((r) => /PAY[0-9A-Z]+/.test(r))).toBe(true);
  await expectNoAxeViolations(page);
});
