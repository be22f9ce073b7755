import { createHmac } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { settled } from './settled.ts';

// Two-factor with an authenticator app: enrol on /configurations/manage-2fa, sign out, sign in with a code
// computed here from the secret the screen shows. analyst@acme.test is used by no other spec.
const PASSWORD = 'Meridian#Demo2026';
const USER = 'analyst@acme.test';

/** RFC 6238 (SHA-1, 6 digits, 30 s) from a base32 secret, as the authenticator app computes it. */
function totp(secret: string, timeMs = Date.now()): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const ch of secret.replace(/\s|=/g, '').toUpperCase())
    bits += alphabet.indexOf(ch).toString(2).padStart(5, '0');
  const key = Buffer.from((bits.match(/.{8}/g) ?? []).map((b) => parseInt(b, 2)));
  const msg = Buffer.alloc(8);
  msg.writeBigUInt64BE(BigInt(Math.floor(timeMs / 30_000)));
  const mac = createHmac('sha1', key).update(msg).digest();
  const o = mac[mac.length - 1]! & 0x0f;
  const n = ((mac[o]! & 0x7f) << 24) | (mac[o + 1]! << 16) | (mac[o + 2]! << 8) | mac[o + 3]!;
  return String(n % 1_000_000).padStart(6, '0');
}

async function fillSignIn(page: Page) {
  await page.goto('/sign-in');
  await page.getByLabel('Email', { exact: true }).fill(USER);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

test('enrol an authenticator app, sign out, sign in with a generated code', async ({ page }) => {
  // Two sign-ins, an enrolment and ten recovery codes hashed on the server: a long journey.
  test.slow();
  await fillSignIn(page);
  await expect(page).toHaveURL(/\/flow/);
  await page.goto('/configurations/manage-2fa');
  await expect(page.getByTestId('two-factor-current')).toHaveText('Off');

  await page.getByRole('button', { name: 'Use an authenticator app' }).click();
  await page.getByLabel('Current password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await page.getByLabel('Code from the app').fill(totp(secret));
  await page.getByRole('button', { name: 'Confirm and turn on' }).click();
  const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await expect(page.getByTestId('two-factor-current')).toHaveText('Authenticator app');

  // 390 px wide: nothing overflows.
  await page.setViewportSize({ width: 390, height: 844 });
  await settled(page);
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
    .toBeLessThanOrEqual(0);

  await page.getByRole('button', { name: /^Account menu for / }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/sign-in$/);

  await fillSignIn(page);
  await expect(page).toHaveURL(/\/otp(\?|$)/);
  await expect(page.getByText('Enter the 6-digit code from your authenticator app')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Resend code' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Use a recovery code' })).toBeVisible();
  // The enrolment used this step's code, and each step is accepted once: the next step's code, which the
  // server takes as one step of clock drift (an app a few seconds ahead shows it), instead of waiting for it.
  await page.getByLabel('One-time code').fill(totp(secret, Date.now() + 30_000));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/flow/);
});
