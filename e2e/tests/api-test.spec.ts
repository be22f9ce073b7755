import { expectNoAxeViolations } from './axe.ts';
import { expect, test } from './session.ts';

// The API test page: operations from the server's own OpenAPI document, sent with the signed-in session.

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

test('run a GET from the API test page, see the answer, copy it as curl', async ({ page, baseURL }) => {
  await page.goto('/api-test');
  await page.getByLabel('Filter operations').fill('user details');
  await page.getByRole('button', { name: /^GET \/v2\/user\/details/ }).click();
  await expect(page).toHaveURL(/\/api-test\?op=getUserDetails$/);
  await expect(page.getByText('The signed-in user', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Send', exact: true }).click();
  const response = page.getByRole('region', { name: 'Response' });
  await expect(response.getByRole('status')).toContainText('Status 200');
  await expect(response.getByRole('status')).toContainText(/\d+ ms/);
  await expect(page.getByRole('region', { name: 'Response body' })).toContainText('admin@acme.test');

  await page.getByRole('button', { name: 'Copy as curl' }).click();
  await expect(page.getByText('Copied as curl')).toBeVisible();
  const curl = await page.evaluate(() => navigator.clipboard.readText());
  expect(curl).toContain(`curl '${baseURL}/v2/user/details'`);
  expect(curl).toMatch(/-H 'Authorization: Bearer [\w.-]+'/);
  expect(curl).toMatch(/-H 'client_id: [^']+'/);

  // The deep link opens the same operation after a reload.
  await page.reload();
  await expect(page.getByText('The signed-in user', { exact: true })).toBeVisible();
});

test('a money-moving operation asks for confirmation first (cancelled: nothing is sent)', async ({
  page,
}) => {
  await page.goto('/api-test?op=createPayout');
  await expect(page.getByText('Moves money')).toBeVisible();
  const body = page.getByRole('region', { name: 'Request body' });

  // Validation before sending: required fields are named.
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Not sent' })).toContainText('is required');

  // The raw JSON tab, kept in sync with the form.
  await body.getByRole('tab', { name: 'Raw JSON' }).click();
  await body.getByLabel('Raw JSON body').fill(
    JSON.stringify({
      customer_reference_number: 'E2E-API-TEST-1',
      beneficiary_code: 'BEN0001',
      amount: '1250.00',
      transfer_type: 'IMPS',
      purpose_message: "Vendor's invoice",
      sender_account_number: '100000000001',
    }),
  );
  await body.getByRole('tab', { name: 'Form' }).click();
  await expect(body.getByLabel(/^amount/)).toHaveValue('1250.00');

  let posted = false;
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/core_banking/money_transfer/initiate')) posted = true;
  });
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'This call moves money' });
  await expect(dialog).toContainText('createPayout');
  await expect(dialog).toContainText('₹1250.00');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  expect(posted).toBe(false);
  await expect(page.getByRole('region', { name: 'Response' })).toHaveCount(0);
});

test('the page fits a 390 px screen', async ({ page }) => {
  // The accessibility scan reads the whole operations list: 18 s of a loaded core on its own, 84 s for the
  // journey beside stress-ng --cpu 2.
  test.slow();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/api-test?op=createPayout');
  await expect(page.getByText('Moves money')).toBeVisible();
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
    .toBeLessThanOrEqual(0);
  await expectNoAxeViolations(page);
});
