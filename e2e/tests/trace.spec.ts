import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe.ts';
import { confirmItsYou, expect, test } from './session.ts';

// One trace per payout: pay a beneficiary from the dashboard, open the payout's details, follow "Trace" to the
// timeline (the debit with its balances, the rail's states with the bank reference), download the JSON and the
// evidence PDF and read the PDF back with poppler's pdftotext.

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
}

async function pay(page: Page, code: string, amount: string) {
  await page.goto('/flow/initiate-payout');
  const select = page.getByLabel('Beneficiary', { exact: true });
  const value = await select.locator('option', { hasText: code }).first().getAttribute('value');
  await select.selectOption(value!);
  await page.getByLabel('Transfer type', { exact: true }).selectOption('IMPS');
  await page.getByLabel(/^Amount/).fill(amount);
  await page.getByLabel('Purpose', { exact: true }).fill('E2E trace');
  await page.getByRole('button', { name: 'Review payout' }).click();
  await page.getByRole('button', { name: /^Confirm payout of/ }).click();
  await confirmItsYou(page);
}

test('pay from the dashboard, open the trace from the payout details, download the evidence PDF and read it', async ({
  page,
}) => {
  await addBeneficiary(page, 'E2E-TRACE', '50100077778888');
  await pay(page, 'E2E-TRACE', '1250');
  await expect(page.getByRole('status').filter({ hasText: /UTR|Paid/ })).toBeVisible({ timeout: 60_000 });

  await page.getByRole('link', { name: 'View in payouts' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: /^Payout PAY/ })).toBeVisible();
  await expect(dialog.getByText('SUCCESS').first()).toBeVisible();
  const urn = (await dialog.getByRole('heading', { name: /^Payout PAY/ }).textContent())!.replace(
    'Payout ',
    '',
  );
  await dialog.getByRole('link', { name: `Trace of ${urn}` }).click();

  await expect(page).toHaveURL(new RegExp(`/trace/${urn}$`));
  await expect(page.getByRole('heading', { name: `Trace of ${urn}`, level: 1 })).toBeVisible();
  const timeline = page.getByRole('list', { name: 'Timeline' });
  // The call that made it (the request log), the debit with its balances, the rail's states and the UTR.
  await expect(timeline.getByText('POST /core_banking/money_transfer/initiate → 201')).toBeVisible();
  await expect(timeline.getByText('Debit ₹1,250.00')).toBeVisible();
  await expect(timeline.getByText('balance_before').first()).toBeVisible();
  const settled = timeline.getByText(/^Payout SUCCESS · UTR /);
  await expect(settled).toBeVisible();
  const utr = (await settled.textContent())!.replace(/^Payout SUCCESS · UTR /, '');
  expect(utr).toMatch(/^[0-9A-Z]{8,}$/);
  await expect(page.getByRole('region', { name: 'Request body, masked' })).toContainText('E2E-TRACE');
  await expectNoAxeViolations(page);

  const json = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download JSON' }).click();
  const jsonFile = await json;
  expect(jsonFile.suggestedFilename()).toBe(`trace_${urn}.json`);
  const dir = mkdtempSync(join(tmpdir(), 'e2e-trace-'));
  await jsonFile.saveAs(join(dir, 'trace.json'));
  const trace = JSON.parse(readFileSync(join(dir, 'trace.json'), 'utf8')) as {
    id: string;
    steps: { kind: string }[];
  };
  expect(trace.id).toBe(urn);
  expect(trace.steps.map((s) => s.kind)).toEqual(expect.arrayContaining(['request', 'ledger', 'rail']));

  const pdf = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download evidence PDF' }).click();
  const pdfFile = await pdf;
  expect(pdfFile.suggestedFilename()).toBe(`trace_${urn}.pdf`);
  const path = join(dir, 'trace.pdf');
  await pdfFile.saveAs(path);
  expect(readFileSync(path).subarray(0, 5).toString()).toBe('%PDF-');
  const text = execFileSync('pdftotext', [path, '-']).toString();
  expect(text).toContain(`Evidence pack: trace of ${urn}`);
  expect(text).toContain('Debit INR 1,250.00');
  expect(text).toContain(utr);
  expect(text).toContain('POST /core_banking/money_transfer/initiate');
});
