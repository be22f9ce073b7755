import { expect, test } from '@playwright/test';

// The API reference at /docs: Redoc served by the product under its own strict CSP, grouped by tag, with the
// getting-started section and request samples, and not one console error or refused resource. The page is the
// reference rendered to HTML by the build (it shows as it arrives), which Redoc then hydrates.
test('/docs renders the API reference under the CSP, grouped by tag, with no console error', async ({
  page,
}) => {
  // Redoc hydrates the whole reference on the main thread (2.x has no lazy mode): with ~250 operations that takes
  // 20–30 s of a CI core shared with the server, after the page has shown, and minutes beside other work (the
  // page answers nothing meanwhile, not even the test's checks). This test waits for the menu to answer: it gets
  // three times the usual time, and its two waits for the hydration up to three minutes each.
  test.slow();
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('requestfailed', (r) => problems.push(`failed: ${r.url()}`));
  const external: string[] = [];
  page.on('request', (r) => {
    if (
      !r.url().startsWith('http://127.0.0.1') &&
      !r.url().startsWith('data:') &&
      !r.url().startsWith('blob:')
    )
      external.push(r.url());
  });

  const res = await page.goto('/docs');
  expect(res?.status()).toBe(200);
  expect(res?.headers()['content-security-policy']).toContain("script-src 'self'");
  // Rendered ahead of time: the reference is in the page as it arrives.
  const html = (await res?.text()) ?? '';
  expect(html).toContain('data-reference="static"');
  expect(html).toContain('Initiate a payout (Idempotency-Key header required)');

  // The getting-started section (info.description) and the tag groups in the sidebar.
  await expect(page.getByRole('heading', { name: 'Getting started' })).toBeVisible({ timeout: 180_000 });
  await expect(page.getByText('RSA-OAEP, SHA-256').first()).toBeVisible();
  const menu = page.locator('.menu-content');
  for (const tag of ['auth', 'payouts', 'beneficiaries', 'fabric', 'callbacks'])
    await expect(menu.getByText(tag, { exact: true }).first()).toBeVisible();
  await expect(menu.getByText('Webhooks', { exact: false }).first()).toBeAttached();

  // Once hydrated, the menu answers: an operation with its copyable samples.
  await expect(page.locator('html')).toHaveAttribute('data-reference', 'ready', { timeout: 180_000 });
  await menu.getByText('payouts', { exact: true }).first().click();
  await expect(page).toHaveURL(/#tag\/payouts$/);
  await expect(page.getByText('Initiate a payout (Idempotency-Key header required)').first()).toBeVisible();
  await expect(page.getByText('curl', { exact: true }).first()).toBeAttached();
  await expect(page.getByText('Python', { exact: true }).first()).toBeAttached();

  expect(external).toEqual([]);
  expect(problems).toEqual([]);
});
