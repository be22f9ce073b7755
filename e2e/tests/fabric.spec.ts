import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe.ts';
import { expect, test } from './session.ts';
import { settled } from './settled.ts';

// Fabric end to end: create an API key on /configurations/api-keys, call text-match with it from the test
// (HTTP Basic, as a client's server would), and see the call arrive on /fabric/text-match and in the /fabric
// live tail without a reload.

/** Creates a key on the API keys page; answers its id and its secret (shown this once). */
async function createApiKey(page: Page, name: string) {
  await page.goto('/configurations/api-keys');
  await expect(page.getByRole('heading', { level: 1, name: 'API keys' })).toBeVisible();
  await expect(page.getByText(/active keys/)).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Create API key' }).click();
  const form = page.getByRole('dialog', { name: 'Create an API key' });
  await form.getByLabel('Name', { exact: true }).fill(name);
  await form.getByRole('button', { name: 'Create key' }).click();

  const created = page.getByRole('dialog', { name: `API key “${name}” created` });
  await expect(created.getByRole('alert')).toContainText('you will not see it again');
  const values = created.getByRole('definition');
  const keyId = (await values.nth(0).locator('.font-mono').textContent())?.trim() ?? '';
  const secret = (await values.nth(1).locator('.font-mono').textContent())?.trim() ?? '';
  expect(keyId).not.toBe('');
  expect(secret).not.toBe('');
  await expect(created.getByRole('button', { name: 'Copy secret' })).toBeVisible();
  await expectNoAxeViolations(page);
  await created.getByRole('button', { name: 'I have copied the secret' }).click();
  await expect(created).toHaveCount(0);
  await expect(page.getByText(secret)).toHaveCount(0);
  await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText(keyId);
  return { keyId, secret };
}

test('an API key calls text-match; the call shows on its screen and in the live tail without a reload', async ({
  page,
  context,
  request,
}) => {
  // Two screens, a second page and six accessibility scans: 13 s on a quiet machine, 27–32 s at load 13 with the
  // other worker's journeys.
  test.slow();
  const keyName = `E2E text match ${Date.now()}`;
  const { keyId, secret } = await createApiKey(page, keyName);

  // The keys page fits a phone: at 390×844 the keys are cards, nothing pans sideways, Revoke is in view.
  await page.setViewportSize({ width: 390, height: 844 });
  const card = page.getByRole('listitem', { name: keyName });
  await expect(card).toContainText(keyId);
  // Measured once the layout has moved to its phone form (the sidebar's transition has ended).
  await settled(page);
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth))
    .toBe(true);
  const revoke = await card.getByRole('button', { name: `Revoke ${keyName}` }).boundingBox();
  expect(revoke).not.toBeNull();
  expect(revoke!.x).toBeGreaterThanOrEqual(0);
  expect(revoke!.x + revoke!.width).toBeLessThanOrEqual(390);
  await expectNoAxeViolations(page);
  // and a laptop: at 1280×800 the table is whole, neither the page nor the table scrolls sideways
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.getByRole('table', { name: 'API keys' })).toBeVisible();
  await settled(page);
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth))
    .toBe(true);
  await expect
    .poll(() =>
      page.getByRole('region', { name: 'API keys' }).evaluate((el) => el.scrollWidth <= el.clientWidth + 1),
    )
    .toBe(true);

  // Both screens open and following the events stream before the call is made.
  await page.goto('/fabric/text-match');
  await expect(page.getByRole('heading', { level: 1, name: 'Text match' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^Live$/ })).toBeVisible();
  const home = await context.newPage();
  await home.goto('/fabric');
  await expect(home.getByRole('heading', { level: 1, name: 'Fabric overview' })).toBeVisible();
  await expect(home.getByRole('status').filter({ hasText: /^Live$/ })).toBeVisible();

  const reference = `E2E-TM-${Date.now()}`;
  const answer = await request.post('/v2/fabric/text-match', {
    headers: { Authorization: `Basic ${Buffer.from(`${keyId}:${secret}`).toString('base64')}` },
    data: {
      customer_reference_number: reference,
      type: 'name',
      text_1: 'Kavya Menon',
      text_2: 'KAVYA  menon',
    },
  });
  expect(answer.ok(), await answer.text()).toBe(true);
  const body = (await answer.json()) as Record<string, unknown>;
  const urn = String(body.meridian_urn);
  expect(urn).not.toBe('undefined');
  expect(body.customer_reference_number).toBe(reference);

  // The live tail on /fabric, without a reload.
  const tail = home.getByRole('log', { name: /Live calls/ });
  const entry = tail.getByRole('link').filter({ hasText: urn });
  await expect(entry).toBeVisible();
  await expect(entry).toContainText('Text match');
  await expect(entry).toContainText(reference);
  await expectNoAxeViolations(home);

  // The list on /fabric/text-match, without a reload.
  const row = page.getByRole('row').filter({ hasText: urn });
  await expect(row).toBeVisible();
  await expect(row).toContainText(reference);
  await expectNoAxeViolations(page);

  // The tail links to the call's details: masked request and response, credits charged.
  await entry.click();
  await expect(home).toHaveURL(new RegExp(`/fabric/text-match\\?selected=${urn}`));
  const dialog = home.getByRole('dialog', { name: `Text match ${urn}` });
  // every column's value, those the table leaves out included: the channel (API key) and the key's id
  await expect(dialog.getByText('Credits', { exact: true })).toBeVisible();
  await expect(dialog.getByRole('definition').filter({ hasText: /^API key$/ })).toBeVisible();
  await expect(dialog.getByRole('definition').filter({ hasText: keyId })).toBeVisible();
  await expect(dialog.getByRole('region', { name: 'Request, personal data masked' })).toBeVisible();
  await expect(dialog.getByRole('region', { name: 'Response, personal data masked' })).toBeVisible();
  await expectNoAxeViolations(home);

  // The search by customer reference finds it.
  await page.goto(`/fabric/text-match?search_key=customer_reference_number&search_value=${reference}`);
  await expect(page.getByRole('row').filter({ hasText: urn })).toHaveCount(1);

  // API usage lists the call with its key columns in view at 1280×800: nothing scrolls sideways, neither the
  // page, nor the list, nor the chart's table.
  await page.goto(`/reports/api-usage?search_key=meridian_urn&search_value=${urn}`);
  const usage = page.getByRole('table', { name: /^API calls from/ });
  await expect(usage.getByRole('columnheader')).toHaveText([
    'Time',
    'URN',
    'API',
    'Status',
    'Credits',
    'Channel',
  ]);
  const usageRow = usage.getByRole('row').filter({ hasText: urn });
  await expect(usageRow).toContainText('/v2/fabric/text-match');
  await expect(usageRow).toContainText('API key');
  await expect(page.getByRole('table', { name: 'API calls per day' })).toBeVisible();
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth))
    .toBe(true);
  for (const region of await page.getByRole('region', { name: /^API calls/ }).all())
    await expect.poll(() => region.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
  await expectNoAxeViolations(page);
});
