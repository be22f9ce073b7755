import { expectNoAxeViolations } from './axe.ts';
import { expect, test } from './session.ts';

// Collections end to end: open a virtual account, money arrives in it on the sandbox rail, it shows in the
// account's transactions and in the balances, a settlement sweeps it to the settlement account, and the history
// shows it settled by the rail.
const OPS = 'ops@meridian.test';

test('open a virtual account, receive a credit, see it in transactions and balances, settle it', async ({
  page,
}) => {
  // A credit, a settlement run on the rail and two accessibility scans: 72 s beside stress-ng --cpu 2.
  test.slow();

  // Open the virtual account.
  await page.goto('/accounts/virtual-accounts');
  await page.getByRole('button', { name: 'Create virtual account' }).click();
  const create = page.getByRole('form', { name: 'New virtual account' });
  await create.getByLabel('Name', { exact: true }).fill('Nisha Rao');
  await create.getByLabel('Customer ID', { exact: true }).fill('E2E-CUST-9');
  await create.getByRole('button', { name: 'Create virtual account' }).click();
  const toast = page.getByText(/^Virtual account \d+ created$/);
  await expect(toast).toBeVisible();
  const number = (await toast.textContent())!.match(/\d+/)![0];
  await expect(page.getByRole('row').filter({ hasText: number })).toHaveCount(1);

  // Money arrives (sandbox).
  await page.getByRole('button', { name: 'Simulate a credit' }).first().click();
  const credit = page.getByRole('form', { name: 'Simulated credit' });
  await credit.getByLabel('Virtual account number', { exact: true }).fill(number);
  await credit.getByLabel(/^Amount/).fill('2500');
  await credit.getByLabel('Mode', { exact: true }).selectOption('IMPS');
  await credit.getByLabel('Remitter name', { exact: true }).fill('Kavya Menon');
  await credit.getByLabel('Remitter account number', { exact: true }).fill('50100012345678');
  await credit.getByLabel('Remitter IFSC', { exact: true }).fill('HDFC0000001');
  await credit.getByRole('button', { name: 'Simulate credit' }).click();
  await expect(credit.getByRole('status').filter({ hasText: 'Credited' })).toBeVisible();
  await page.keyboard.press('Escape');

  // Its transactions, with the running balance.
  await page.goto(`/accounts/all-accounts?search_key=account_number&search_value=${number}`);
  await page.getByRole('button', { name: 'Transactions of Nisha Rao' }).click();
  const statement = page.getByRole('region', { name: 'Transactions of Nisha Rao' });
  const collection = statement.getByRole('row').filter({ hasText: 'Collection' });
  await expect(collection).toHaveCount(1);
  await expect(collection).toContainText('₹2,500.00');
  await expectNoAxeViolations(page);

  // The balance.
  await page.goto('/accounts/account-balances');
  await expect(page.getByRole('row').filter({ hasText: number })).toContainText('₹2,500.00');

  // Settle now: the daily cycle sweeps it to the demo's verified settlement account; the rail settles it.
  await page.goto('/accounts/settlements');
  await page.getByRole('button', { name: 'Run Daily T+1 now' }).click();
  const run = page.getByRole('dialog', { name: 'Run Daily T+1 now?' });
  await run.getByRole('button', { name: 'Run now' }).click();
  await expect(run.getByRole('status')).toContainText('₹2,500.00');
  await run.getByRole('button', { name: 'Done' }).click();
  const settled = page.getByRole('row').filter({ hasText: number });
  await expect(settled).toContainText('₹2,500.00');
  // Each Refresh starts a new request and the list shows only the newest answer: each try waits for a slow one.
  await expect(async () => {
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(settled).toContainText('SETTLED', { timeout: 10_000 });
  }).toPass({ timeout: 90_000 });
  await expectNoAxeViolations(page);

  // The virtual account is empty again.
  await page.goto('/accounts/account-balances');
  await expect(page.getByRole('row').filter({ hasText: number })).toContainText('₹0.00');
});

test('credit management is for Meridian operations only', async ({ page, pageAs }) => {
  await page.goto('/accounts');
  await expect(page.getByRole('link', { name: 'Settlements', exact: true }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Credit management' })).toHaveCount(0);
  await page.goto('/accounts/credits');
  await expect(
    page.getByText('Your role (Owner) cannot see this page — it needs the ops.credits permission', {
      exact: false,
    }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/accounts\/credits$/);

  const ops = await pageAs(OPS);
  await ops.goto('/flow');
  // Meridian's operations role reads no client accounts: credit management is in the navigation's Accounts group.
  await ops.getByRole('button', { name: 'Accounts', exact: true }).click();
  await ops.getByRole('link', { name: 'Credit management' }).click();
  await ops.getByRole('row').filter({ hasText: 'Globex Labs' }).click();
  await expect(ops.getByRole('heading', { name: /Globex Labs/ }).first()).toBeVisible();
});
