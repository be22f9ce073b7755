import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe.ts';
import { confirmItsYou, expect, openFlow, test } from './session.ts';

// Maker-checker end to end: a Finance maker's ₹2,00,000 payout waits for approval (no money moves), a Finance
// approver approves it in the inbox confirming it's them, and the payout then settles on the sandbox rail.

/**
 * The rule "payouts of ₹1,00,000 or more need one Finance approver" (the demo seed has it; made here through the
 * rules screen, by the owner, when it does not), with the preview of what it would have held.
 */
async function ensurePayoutRule(page: Page) {
  await page.goto('/approvals/rules');
  await expect(page.getByRole('heading', { name: 'Approval rules', level: 1 })).toBeVisible();
  const table = page.getByRole('table');
  // Loaded: the first row is a rule or "No rules yet", not the loading skeleton.
  await expect(table.locator('tbody tr').first()).toHaveText(/\S/);
  if ((await table.getByRole('row').filter({ hasText: 'Single payouts' }).count()) > 0) return;
  await page.getByRole('button', { name: 'New rule' }).click();
  const form = page.getByRole('form', { name: 'New rule' });
  await form.getByLabel('Name', { exact: true }).fill('Payouts of ₹1,00,000 or more');
  await form.getByLabel('Covers', { exact: true }).selectOption('payout');
  await form.getByLabel('From ₹', { exact: true }).fill('100000');
  await expect(form.getByRole('status')).toContainText(/Over the last 90 days this rule would have held \d+/);
  await expectNoAxeViolations(page);
  await form.getByRole('button', { name: 'Create rule' }).click();
  await expect(table.getByRole('row').filter({ hasText: 'Single payouts' })).toHaveCount(1);
}

test("a maker's ₹2,00,000 payout waits for approval, the approver approves it in the inbox, it succeeds", async ({
  page,
  pageAs,
}) => {
  // Three users, two step-ups and the rail: a long journey.
  test.slow();
  await ensurePayoutRule(page);

  // The maker pays an established payee ₹2,00,000: held, not sent.
  const maker = await pageAs('maker@acme.test');
  await maker.goto('/flow/initiate-payout');
  const beneficiary = maker.getByLabel('Beneficiary', { exact: true });
  const value = await beneficiary
    .locator('option', { hasText: 'VENDOR-ALPHA' })
    .first()
    .getAttribute('value');
  await beneficiary.selectOption(value!);
  await maker.getByLabel('Transfer type', { exact: true }).selectOption('IMPS');
  await maker.getByLabel(/^Amount/).fill('200000');
  await maker.getByLabel('Purpose', { exact: true }).fill('E2E approval');
  const reference = await maker.getByLabel('Customer reference number', { exact: true }).inputValue();
  await maker.getByRole('button', { name: 'Review payout' }).click();
  await maker.getByRole('button', { name: /^Confirm payout of/ }).click();
  await confirmItsYou(maker);
  await expect(maker.getByText('PENDING_APPROVAL')).toBeVisible({ timeout: 60_000 });
  await expect(maker.getByText(/Waiting for approval/)).toBeVisible();

  // The approver sees it in the inbox (and the badge), opens it and approves, confirming it's them.
  const approver = await pageAs('approver@acme.test');
  await approver.goto('/approvals');
  await expect(approver.getByRole('tab', { name: 'Waiting for you', selected: true })).toBeVisible();
  const row = approver
    .getByRole('row')
    .filter({ hasText: '₹2,00,000.00' })
    .filter({ hasText: 'maker@acme.test' });
  await expect(row.first()).toBeVisible();
  await expectNoAxeViolations(approver);
  await row
    .first()
    .getByRole('button', { name: /^Details of/ })
    .click();
  const details = approver.getByRole('dialog');
  await expect(details.getByText('Step 1: 1 person with the Finance approver role')).toBeVisible();
  await details.getByRole('button', { name: 'Approve', exact: true }).click();
  await confirmItsYou(approver);
  await expect(approver.getByText(/^Approved/).first()).toBeVisible({ timeout: 60_000 });

  // The payout is sent once approved and settles on the sandbox rail within seconds.
  await maker.goto(`/flow/payouts?search_key=customer_reference_number&search_value=${reference}`);
  // Each try reloads and waits long enough for the reloaded list to arrive on a loaded machine.
  await expect(async () => {
    await maker.reload();
    await expect(maker.getByRole('row').filter({ hasText: 'SUCCESS' })).toHaveCount(1, { timeout: 10_000 });
  }).toPass({ timeout: 90_000 });
});

test('a viewer sees no payout action, and a direct visit explains the permission it needs', async ({
  pageAs,
}) => {
  const page = await pageAs('viewer@acme.test');
  await openFlow(page);
  await expect(page.getByRole('link', { name: 'Initiate payout' })).toHaveCount(0);
  await page.goto('/flow/initiate-payout');
  await expect(page.getByRole('heading', { name: 'Access Forbidden' })).toBeVisible();
  await expect(
    page.getByText('Your role (Viewer) cannot see this page — it needs the payouts.create permission.'),
  ).toBeVisible();
  await expectNoAxeViolations(page);
});
