import { expectNoAxeViolations } from './axe.ts';
import { expect, openFlow, test } from './session.ts';
import { settled } from './settled.ts';

// The help centre: search the articles and open one, the command palette finds an article, and a support ticket
// sent from the form is listed as OPEN.

test('search the help centre, open an article at the matching section', async ({ page }) => {
  await page.goto('/help-center');
  await expect(page.getByRole('heading', { level: 1, name: 'Help center' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search the help centre' }).fill('webhook signature python');
  const results = page.getByRole('region', { name: 'Search results' });
  await expect(results.getByRole('status')).toHaveText('1 article matches “webhook signature python”.');
  await expect(results.locator('mark').first()).toBeVisible();
  await expect(page).toHaveURL(/\?q=webhook/);
  await results.getByRole('link', { name: 'Callbacks and verifying their signatures' }).click();
  await expect(page).toHaveURL(/\/help-center\/callbacks-and-signatures#verifying-in-python$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Callbacks and verifying their signatures' }),
  ).toBeVisible();
  await expect(page.locator('pre code.language-python')).toContainText('hmac.compare_digest');
  await expect(page.getByRole('table').first()).toContainText('webhook-signature');
  // A link to another article stays in the app.
  await page.getByRole('link', { name: 'All articles' }).click();
  await expect(page).toHaveURL(/\/help-center$/);
  await expectNoAxeViolations(page);

  await page.goto('/help-center/no-such-article');
  await expect(page.getByText('Oops! Page Not Found!')).toBeVisible();
});

test('the command palette finds a help article', async ({ page }) => {
  await openFlow(page);
  await page.getByRole('heading', { level: 1 }).click();
  await page.keyboard.press('Control+K');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await expect(palette).toBeVisible();
  await page.keyboard.type('penny drop 0005');
  const item = palette.getByRole('option', { name: /Sandbox test accounts and deterministic outcomes/ });
  await expect(item).toBeVisible();
  await item.click();
  await expect(page).toHaveURL(/\/help-center\/sandbox-test-accounts/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Sandbox test accounts and deterministic outcomes' }),
  ).toBeVisible();
});

test('send a support ticket: checked first, then listed as OPEN', async ({ page }) => {
  await page.goto('/help-center');
  const form = page.getByRole('form', { name: 'Contact support' });
  await form.getByRole('button', { name: 'Send to support' }).click();
  await expect(form.getByText('A subject is 5 to 120 characters')).toBeVisible();
  await expect(form.getByText('Choose a category')).toHaveCount(2); // the placeholder option and the error
  const subject = `Statement export question ${Date.now()}`;
  await form.getByLabel('Subject', { exact: true }).fill(subject);
  await form.getByLabel('Category', { exact: true }).selectOption('REPORTS');
  await form
    .getByLabel('Message', { exact: true })
    .fill('How do I export the account statement of last month as CSV?');
  await form.getByRole('button', { name: 'Send to support' }).click();
  await expect(page.getByText(/^Ticket TKT[0-9A-Z]+ sent$/)).toBeVisible();
  const tickets = page.getByRole('list', { name: 'Your tickets' });
  const row = tickets.getByRole('listitem').filter({ hasText: subject });
  await expect(row).toContainText('Open');
  // The demo's ticket resolved by operations is listed with its status.
  await expect(
    tickets.getByRole('listitem').filter({ hasText: 'Payout to account ending 0004 was returned' }),
  ).toContainText('Resolved');
  // 390 px: nothing overflows.
  await page.setViewportSize({ width: 390, height: 844 });
  await settled(page);
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
    .toBeLessThanOrEqual(0);
});
