import { expect, test } from './session.ts';

// Lists at a glance: at 1280×800 with the sidebar open, the key columns of the accounts, settlements, callback,
// audit and report-history lists (status, amount, the reference a user searches by, the name) are in view
// without sideways scrolling.

const LISTS: { path: string; table: RegExp; columns: string[] }[] = [
  {
    path: '/accounts/virtual-accounts',
    table: /^Virtual accounts from/,
    columns: ['Account number', 'Name', 'Status', 'Balance'],
  },
  {
    path: '/accounts/all-accounts',
    table: /^All accounts from/,
    columns: ['Account number', 'Name', 'Status', 'Balance'],
  },
  { path: '/accounts/settlements', table: /^Settlements from/, columns: ['URN', 'Amount', 'Status', 'UTR'] },
  {
    path: '/configurations/callback-configurations',
    table: /^Callback deliveries from/,
    columns: ['Webhook id', 'Event', 'Subject', 'Status'],
  },
  { path: '/configurations/audit-log', table: /^Audit log from/, columns: ['Time', 'Actor', 'Action'] },
  { path: '/reports/download-history', table: /^Reports from/, columns: ['File', 'Report type', 'Status'] },
];

test.describe('at 1280×800', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  for (const list of LISTS)
    test(`${list.path} shows ${list.columns.join(', ')} without sideways scrolling`, async ({ page }) => {
      await page.goto(list.path);
      const table = page.getByRole('table', { name: list.table });
      await expect(table).toBeVisible();
      await expect(table).not.toHaveAttribute('aria-busy', 'true');
      for (const name of list.columns) {
        const header = table.getByRole('columnheader', { name, exact: true });
        await header.scrollIntoViewIfNeeded();
        const box = (await header.boundingBox())!;
        expect(box.x + box.width, `${name} ends inside the window`).toBeLessThanOrEqual(1280);
      }
      await expect
        .poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), {
          message: 'no page-level horizontal overflow',
        })
        .toBe(true);
      const region = page.getByRole('region', { name: list.table });
      await expect
        .poll(() => region.evaluate((el) => el.scrollWidth <= el.clientWidth + 1), {
          message: 'the table region does not scroll sideways',
        })
        .toBe(true);
    });
});
