import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe.ts';
import { latestOtp, logLineCount } from './server-log.ts';

// Demo users of the seed (all with the same password): admin signs in directly, finance gets an SMS code.
const PASSWORD = 'Meridian#Demo2026';
const ADMIN = 'admin@acme.test';
const FINANCE = 'finance@acme.test';
const FINANCE_PHONE = '+919800000001';
const MAX_RESENDS_TEXT = 'Maximum resend attempts reached. Please login again.';

async function fillSignIn(page: Page, email: string, password = PASSWORD) {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Signs the finance user in up to the code screen; returns the log position before the code was sent. */
async function startSmsSignIn(page: Page): Promise<number> {
  const after = logLineCount();
  await page.goto('/sign-in');
  await fillSignIn(page, FINANCE);
  await expect(page).toHaveURL(/\/otp(\?|$)/);
  return after;
}

async function enterCode(page: Page, code: string) {
  await page.getByLabel('One-time code').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
}

test('wrong password shows the server message and stays on /sign-in', async ({ page }) => {
  await page.goto('/sign-in');
  await fillSignIn(page, ADMIN, 'not-the-password');
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid email or password' })).toBeVisible();
  await expect(page).toHaveURL(/\/sign-in$/);
});

test('sign-in without a code lands on /flow with the session stored under prefixed keys', async ({
  page,
  context,
}) => {
  await page.goto('/sign-in');
  await fillSignIn(page, ADMIN);
  await expect(page).toHaveURL(/\/flow$/);
  const cookie = (await context.cookies()).find((c) => c.name === 'staging_access_token');
  expect(cookie).toMatchObject({ path: '/', sameSite: 'Strict' });
  const stored = await page.evaluate(() => ({
    flag: localStorage.getItem('staging_is_logged_in'),
    user: JSON.parse(localStorage.getItem('staging_user_data') ?? 'null') as { email?: string } | null,
    refresh: localStorage.getItem('staging_refresh_token'),
  }));
  expect(stored.flag).toBe('true');
  expect(stored.user?.email).toBe(ADMIN);
  expect(stored.refresh).toBeTruthy();
});

test('/login always goes to /sign-in, keeping redirect', async ({ page }) => {
  await page.goto('/login');
  await expect(page).toHaveURL(/\/sign-in$/);
  await page.goto('/login?redirect=%2Fsettings%2Fdisplay');
  await expect(page).toHaveURL(/\/sign-in\?redirect=%2Fsettings%2Fdisplay$/);
});

test('/otp without a pending sign-in goes to /sign-in', async ({ page }) => {
  await page.goto('/otp');
  await expect(page).toHaveURL(/\/sign-in$/);
});

test('redirect round trip: a protected page, sign-in, back to that page', async ({ page }) => {
  await page.goto('/settings/display');
  await expect(page).toHaveURL(/\/sign-in\?redirect=%2Fsettings%2Fdisplay$/);
  await fillSignIn(page, ADMIN);
  await expect(page).toHaveURL(/\/settings\/display$/);
});

test('an off-site redirect is ignored after sign-in', async ({ page }) => {
  await page.goto('/sign-in?redirect=' + encodeURIComponent('//evil.example/x'));
  await fillSignIn(page, ADMIN);
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/flow$/);
});

test('axe finds no violations on /sign-in and /otp', async ({ page }) => {
  await page.goto('/sign-in');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await expectNoAxeViolations(page);
  const after = await startSmsSignIn(page);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNoAxeViolations(page);
  // Finish the attempt so the next test starts a fresh one.
  await enterCode(page, await latestOtp(FINANCE_PHONE, after));
  await expect(page).toHaveURL(/\/flow$/);
});

test('sign-in with the SMS code: a wrong code is refused, the right one lands on the redirect', async ({
  page,
}) => {
  await page.goto('/settings/display');
  await expect(page).toHaveURL(/redirect=%2Fsettings%2Fdisplay/);
  const after = logLineCount();
  await fillSignIn(page, FINANCE);
  await expect(page).toHaveURL(/\/otp\?redirect=%2Fsettings%2Fdisplay$/);
  const code = await latestOtp(FINANCE_PHONE, after);
  await enterCode(page, code === '000000' ? '111111' : '000000');
  await expect(
    page.getByRole('alert').filter({ hasText: 'Invalid OTP or verification failed' }),
  ).toBeVisible();
  await enterCode(page, code);
  await expect(page).toHaveURL(/\/settings\/display$/);
});

test('three resends are allowed; the fourth ends the attempt', async ({ page }) => {
  const after = await startSmsSignIn(page);
  await latestOtp(FINANCE_PHONE, after);
  const counter = page.getByTestId('resend-counter');
  const resend = page.getByRole('button', { name: 'Resend code' });
  await expect(counter).toHaveText('0 of 3 resends used');
  for (let i = 1; i <= 3; i++) {
    await resend.click();
    await expect(counter).toHaveText(`${i} of 3 resends used`);
    await expect(page.getByRole('status').filter({ hasText: 'A new code has been sent.' })).toBeVisible();
  }
  await resend.click();
  await expect(page.getByRole('alert').filter({ hasText: MAX_RESENDS_TEXT })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Verify' })).toBeDisabled();
  await expect(resend).toBeDisabled();
});

test('a 401 on a data call ends the session and returns to /sign-in with the redirect', async ({
  page,
  context,
}) => {
  await page.goto('/sign-in');
  await fillSignIn(page, ADMIN);
  await expect(page).toHaveURL(/\/flow$/);
  // Revoke the session on the server behind the browser's back (its refresh token dies with it).
  const token = decodeURIComponent(
    (await context.cookies()).find((c) => c.name === 'staging_access_token')?.value ?? '',
  );
  const clientId = await page.evaluate(
    () =>
      (JSON.parse(localStorage.getItem('staging_user_data') ?? '{}') as { client_id?: string }).client_id ??
      '',
  );
  // The member has left the app (a closed tab): else a call /flow still has in flight (its approvals badge, on a
  // loaded machine) meets the revoked session first and its redirect to /sign-in?redirect=%2Fflow races the visit
  // below.
  await page.goto('about:blank');
  const revoked = await page.request.post('/v2/auth/logout', {
    headers: { Authorization: `Bearer ${token}`, client_id: clientId },
    data: {},
  });
  expect(revoked.ok()).toBe(true);
  // /settings/account loads the user's details: a data query that now answers 401.
  await page.goto('/settings/account');
  await expect(page).toHaveURL(/\/sign-in\?redirect=%2Fsettings%2Faccount$/);
  await expect(page.getByText('Session expired!')).toBeVisible();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('staging_is_logged_in'))).toBeNull();
  await expect
    .poll(async () => (await context.cookies()).find((c) => c.name === 'staging_access_token'))
    .toBeUndefined();
});

test('the alternative sign-in layouts use the same form', async ({ page }) => {
  for (const path of ['/sign-in-2', '/sign-in-3']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    await expectNoAxeViolations(page);
  }
  await fillSignIn(page, ADMIN);
  await expect(page).toHaveURL(/\/flow$/);
});

test('forgot password shows the server answer', async ({ page }) => {
  await page.goto('/sign-in');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expectNoAxeViolations(page);
  await page.getByLabel('Email', { exact: true }).fill(ADMIN);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'If an account exists for this email' }),
  ).toBeVisible();
});

test('reset password without a valid token says so', async ({ page }) => {
  await page.goto('/reset-password');
  await expect(page.getByText('This password reset link is invalid or has expired.')).toBeVisible();
  await page.goto('/reset-password?token=not-a-real-token');
  await expectNoAxeViolations(page);
  await page.getByLabel('New password', { exact: true }).fill('Another#Pass2026');
  await page.getByLabel('Confirm new password').fill('Another#Pass2026');
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'This password reset link is invalid or has expired.' }),
  ).toBeVisible();
});

test('request access (sign-up) shows the answer', async ({ page }) => {
  await page.goto('/sign-up');
  await expectNoAxeViolations(page);
  await page.getByLabel('Company name').fill('Globex Payments');
  await page.getByLabel('Your name').fill('Hank Scorpio');
  await page.getByLabel('Work email').fill('hank@globex.test');
  await page.getByLabel('Phone').fill('+919800000099');
  await page.getByRole('button', { name: 'Request access' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Thank you.' })).toBeVisible();
});

test('a signed-in visit to a sign-in screen goes where sign-in would have gone', async ({ page }) => {
  await page.goto('/sign-in');
  await fillSignIn(page, ADMIN);
  await expect(page).toHaveURL(/\/flow$/);
  await page.goto('/sign-in-2?redirect=%2Fsettings%2Fdisplay');
  await expect(page).toHaveURL(/\/settings\/display$/);
  await page.goto('/login');
  await expect(page).toHaveURL(/\/flow$/);
});

test('moving between the auth screens keeps the page; back and forward work', async ({ page }) => {
  await page.goto('/sign-in');
  // A page load would drop this mark: the auth screens are one page, switched in place.
  await page.evaluate(() => Object.assign(window, { samePage: true }));
  await page.getByRole('link', { name: 'Request access' }).click();
  await expect(page).toHaveURL(/\/sign-up$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Request access' })).toBeVisible();
  await page.getByRole('link', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'Request access' })).toBeVisible();
  expect(await page.evaluate(() => (window as { samePage?: boolean }).samePage)).toBe(true);
});

test('the icon is served and /sign-in loads without a console error', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  await page.goto('/sign-in');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  for (const icon of ['/favicon.ico', '/favicon.svg']) {
    const res = await page.request.get(icon);
    expect(res.status(), icon).toBe(200);
  }
  await expect(page.locator('link[rel="icon"][href="/favicon.svg"]')).toHaveCount(1);
  await page.waitForLoadState('networkidle');
  expect(errors).toEqual([]);
});
