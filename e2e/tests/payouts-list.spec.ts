import type { Locator } from '@playwright/test';
import { expect, test } from './session.ts';

// Lists at a glance: at 1280×800 with the sidebar open the payouts' key columns are in view without sideways
// scrolling, a status filter narrows the list; at 390 px nothing pans sideways.

/** The texts of one column's cells, found by its header. */
async function columnTexts(table: Locator, header: string): Promise<string[]> {
  const headers = await table.locator('thead th').allTextContents();
  const index = headers.indexOf(header);
  expect(index, `column ${header}`).toBeGreaterThanOrEqual(0);
  return table.locator(`tbody tr > :nth-child(${index + 1})`).allTextContents();
}

test.describe('at 1280×800', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('payouts show Status, Amount and UTR without sideways scrolling, and filter by status', async ({
    page,
  }) => {
    await page.goto('/flow/payouts');
    const table = page.getByRole('table', { name: /^Payouts from/ });
    await expect(table.locator('tbody tr').first().getByRole('button')).toBeVisible();

    for (const name of ['Status', 'Amount', 'UTR']) {
      const header = table.getByRole('columnheader', { name, exact: true });
      await expect(header).toBeInViewport({ ratio: 1 });
      const box = (await header.boundingBox())!;
      expect(box.x + box.width, `${name} ends inside the window`).toBeLessThanOrEqual(1280);
    }
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), {
        message: 'no page-level horizontal overflow',
      })
      .toBe(true);
    const region = page.getByRole('region', { name: /^Payouts from/ });
    await expect
      .poll(() => region.evaluate((el) => el.scrollWidth <= el.clientWidth + 1), {
        message: 'the table region does not scroll sideways',
      })
      .toBe(true);

    await page.getByLabel('Status', { exact: true }).selectOption('SUCCESS');
    await expect(page).toHaveURL(/[?&]status=SUCCESS/);
    await expect(table).not.toHaveAttribute('aria-busy', 'true');
    await expect
      .poll(async () => {
        const statuses = await columnTexts(table, 'Status');
        return statuses.length > 0 && statuses.every((s) => s === 'SUCCESS');
      })
      .toBe(true);
  });
});

test.describe('at 390×844', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('payouts do not pan sideways', async ({ page }) => {
    await page.goto('/flow/payouts?status=SUCCESS');
    await expect(
      page
        .getByRole('list', { name: /^Payouts from/ })
        .getByRole('button')
        .first(),
    ).toBeVisible();
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth))
      .toBe(true);
  });
});
