import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe.ts';
import { expect, test } from './session.ts';

const LOG = join(import.meta.dirname, '..', '..', '.tmp', 'e2e-server.log');
const NEW_MEMBER = 'e2e.viewer@acme.test';
const NEW_PASSWORD = 'Joined-Team-2026';

/**
 * The invitation link the console e-mail sender printed for `to` (its path and token). The server prints it before
 * it answers, but the line reaches the log file through a pipe: on a loaded machine that can take seconds.
 */
async function invitationLink(to: string, timeoutMs = 30_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const line = readFileSync(LOG, 'utf8')
      .split('\n')
      .filter((l) => l.startsWith(`EMAIL to ${to}:`))
      .at(-1);
    const path = line?.match(/\/accept-invite\?token=[\w-]+/)?.[0];
    if (path) return path;
    if (Date.now() > deadline) throw new Error(`no invitation e-mailed to ${to} in ${LOG}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function signInWith(page: Page, email: string, password: string) {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/flow$/);
}

test('owner invites a viewer, who accepts from the e-mailed link, signs in and has a viewer’s limits', async ({
  page,
  guestPage,
}) => {
  // The owner invites from Settings → Team (with the owner's session).
  await page.goto('/settings/team');
  await expect(page.getByRole('heading', { name: 'Team', level: 2 })).toBeVisible();
  await expect(page.getByTestId('member-admin@acme.test')).toContainText('(you)');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Invite member' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite a member' });
  await expect(dialog.getByLabel('Email')).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByLabel('Email').fill(NEW_MEMBER);
  await dialog.getByLabel('Name (optional)').fill('Esha Varma');
  await dialog.getByLabel('Role').selectOption({ label: 'Viewer' });
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId(`invitation-${NEW_MEMBER}`)).toContainText('Viewer');

  // The invited person opens the printed link in their own browser, and signs in through the screen.
  const link = await invitationLink(NEW_MEMBER);
  const invited = await guestPage();
  await invited.goto(link);
  await expect(invited.getByRole('heading', { name: 'Join your team' })).toBeVisible();
  await expect(invited.getByText('Acme Retail')).toBeVisible();
  await expect(invited.getByText('Viewer', { exact: true })).toBeVisible();
  await expect(invited.getByLabel('Your name')).toHaveValue('Esha Varma');
  await expectNoAxeViolations(invited);
  await invited.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
  await invited.getByLabel('Confirm password').fill(NEW_PASSWORD);
  await invited.getByRole('button', { name: 'Create account' }).click();
  await expect(invited).toHaveURL(/\/sign-in$/);
  await expect(invited.getByText('Your account is ready')).toBeVisible();

  // The new member signs in: a viewer may not manage the team.
  await signInWith(invited, NEW_MEMBER, NEW_PASSWORD);
  await invited.goto('/settings/team');
  await expect(invited.getByText('Your role (Viewer) does not include managing the team')).toBeVisible();
  await expect(invited.getByRole('button', { name: 'Invite member' })).toHaveCount(0);
  await expect(invited.getByTestId('role-viewer')).toBeVisible();
  await invited.context().close();

  // The owner sees the new member with the Viewer role and a last sign-in; the invitation is gone.
  await page.reload();
  const row = page.getByTestId(`member-${NEW_MEMBER}`);
  await expect(row).toContainText('Esha Varma');
  await expect(row.getByRole('combobox', { name: 'Role of Esha Varma' })).toHaveValue('viewer');
  await expect(row).not.toContainText('never signed in');
  await expect(page.getByTestId(`invitation-${NEW_MEMBER}`)).toHaveCount(0);
});
