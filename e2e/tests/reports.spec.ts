import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expectNoAxeViolations } from './axe.ts';
import { expect, test } from './session.ts';

// Reports end to end: generate the payouts report as XLSX, watch it reach ready, download it and open it with a
// reader other than the writer (openpyxl); the download history lists it and its filters narrow the list.

test('generate the payouts report as XLSX, watch it become ready, download and open it; find it in the history', async ({
  page,
}) => {
  await page.goto('/reports/payouts');
  const form = page.getByRole('form', { name: 'Payouts report request' });
  await form.getByLabel('Format', { exact: true }).selectOption('xlsx');
  // Three columns, in the report's order.
  // The form names the columns by their labels, never by their keys.
  for (const column of ['Created', 'Customer reference', 'Kind', 'Debit account'])
    await form.getByRole('checkbox', { name: column, exact: true }).uncheck();
  await form.getByRole('button', { name: 'Preview' }).click();
  const preview = page.getByRole('region', { name: 'Preview' });
  await expect(preview.getByRole('columnheader').first()).toHaveText('URN');
  await expect(preview.getByRole('row')).not.toHaveCount(1);
  await expectNoAxeViolations(page);

  await form.getByRole('button', { name: 'Generate' }).click();
  const recent = page.getByRole('list', { name: 'Recent reports' });
  const item = recent.getByRole('listitem').first();
  await expect(item).toContainText('.xlsx');
  // Built in the background by the report worker; the list polls while it is moving.
  await expect(item.getByText('READY')).toBeVisible({ timeout: 60_000 });

  const download = page.waitForEvent('download');
  await item.getByRole('button', { name: /^Download payouts-.*\.xlsx$/ }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^payouts-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.xlsx$/);
  // openpyxl goes by the file's extension: saved under its suggested name.
  const path = join(mkdtempSync(join(tmpdir(), 'e2e-report-')), file.suggestedFilename());
  await file.saveAs(path);
  expect(readFileSync(path).subarray(0, 2).toString()).toBe('PK');
  const header = execFileSync('/usr/bin/python3', [
    '-c',
    'import openpyxl,sys\nws=openpyxl.load_workbook(sys.argv[1],read_only=True).worksheets[0]\nrows=list(ws.iter_rows(values_only=True))\nprint(",".join(rows[0]));print(len(rows)-1)',
    path,
  ])
    .toString()
    .trim()
    .split('\n');
  expect(header[0]).toMatch(/^meridian_urn,beneficiary_code,.*,amount,.*,status,/);
  expect(Number(header[1])).toBeGreaterThan(10);

  // The history: the report is there, READY; a status filter that excludes it hides it.
  await page.goto('/reports/download-history');
  await page.getByLabel('Report type', { exact: true }).selectOption('payouts');
  await expect(page).toHaveURL(/report_type=payouts/);
  const rows = page.getByRole('row').filter({ hasText: '.xlsx' });
  await expect(rows.first()).toContainText('READY');
  await page.getByLabel('Status', { exact: true }).selectOption('FAILED');
  await expect(page.getByText('Nothing matches these filters in this date range')).toBeVisible();
  await page.getByLabel('Status', { exact: true }).selectOption('READY');
  await expect(rows.first()).toBeVisible();
  await expectNoAxeViolations(page);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test('the report screen and the history fit 390 px', async ({ page }) => {
    for (const path of ['/reports/payouts', '/reports/download-history']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // Measured with the data in: no list or form is still loading (their "Loading …" texts are gone).
      await expect(page.getByText(/^Loading\b/)).toHaveCount(0);
      await expect
        .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
        .toBeLessThanOrEqual(390);
    }
  });
});
