import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiFetch } from '@/lib/api';
import type * as ApiClient from '@/lib/api/client';
import type * as AuthModule from '@/lib/auth';
import { fakeApi, renderPage, serverError } from '@/test/render-page';
import { TwoFactorPage } from './two-factor-page';

vi.mock('@/lib/api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClient>()),
  apiFetch: vi.fn(),
}));
vi.mock('@/lib/auth', async (importOriginal) => ({
  ...(await importOriginal<typeof AuthModule>()),
  encryptPassword: async (password: string) => `enc(${password})`,
}));
window.scrollTo = (() => {}) as typeof window.scrollTo;
afterEach(cleanup);

const status = (over: Record<string, unknown> = {}) => ({
  mfa_preference: 'none',
  mfa_required_by_company: false,
  has_phone: true,
  recovery_codes_remaining: 0,
  totp_enabled_at: null,
  ...over,
});
const details = (roles: string[]) => ({
  name: 'Asha',
  email: 'asha@acme.test',
  client_id: 'C1',
  company_common_name: 'Acme',
  phone: '+91******0002',
  mfa_preference: 'none',
  mfa_required_by_company: false,
  roles,
  role: roles[0] ?? 'viewer',
  role_name: roles.includes('admin') ? 'Admin' : 'Viewer',
  // The company requirement shows with team.manage (admins and owners hold it).
  permissions: roles.includes('admin') ? ['flow.read', 'team.manage'] : ['flow.read'],
});
const CODES = Array.from(
  { length: 10 },
  (_, i) => `abcd${String.fromCharCode(97 + i)}-efgh${String.fromCharCode(97 + i)}`,
);

describe('TwoFactorPage', () => {
  it('enrols the authenticator app: password step-up, QR and secret, first code, recovery codes once', async () => {
    const api = fakeApi(apiFetch, {
      'GET /v2/user/mfa': () => status(),
      'GET /v2/user/details': () => details(['user']),
      'POST /v2/user/mfa/totp/enrol': () => ({
        secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
        otpauth_uri: 'otpauth://totp/Meridian:a?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
        qr_svg: '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
        expires_at: '2026-11-23T10:10:00.000Z',
      }),
      'POST /v2/user/mfa/totp/confirm': ({ body }) =>
        (body as { code: string }).code === '123456'
          ? { mfa_preference: 'totp', recovery_codes: CODES }
          : (() => {
              throw serverError(400, 'Incorrect or already used code', 'code_invalid');
            })(),
    });
    renderPage(<TwoFactorPage />);
    expect((await screen.findByTestId('two-factor-current')).textContent).toContain('Off');
    // Not an admin: no company switch.
    expect(screen.queryByLabelText(/Require two-factor/)).toBeNull();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Use an authenticator app' }));
    // Two-factor is off: the password alone, no code field.
    expect(screen.queryByLabelText(/Code from your authenticator/)).toBeNull();
    await user.type(screen.getByLabelText('Current password'), 'Meridian#Demo2026');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect((await screen.findByTestId('totp-secret')).textContent).toContain(
      'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
    );
    expect(api.callsTo('POST', '/v2/user/mfa/totp/enrol')[0]!.body).toEqual({
      encrypted_password: 'enc(Meridian#Demo2026)',
    });

    await user.type(screen.getByLabelText('Code from the app'), '654321');
    await user.click(screen.getByRole('button', { name: 'Confirm and turn on' }));
    expect(await screen.findByText('Incorrect or already used code')).toBeTruthy();
    await user.clear(screen.getByLabelText('Code from the app'));
    await user.type(screen.getByLabelText('Code from the app'), '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm and turn on' }));
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(list.querySelectorAll('li')).toHaveLength(10);
    await user.click(screen.getByRole('button', { name: 'I have saved them' }));
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Recovery codes' })).toBeNull());
  });

  it('asks an app user for a current code, and shows admins the company switch', async () => {
    const api = fakeApi(apiFetch, {
      'GET /v2/user/mfa': () => status({ mfa_preference: 'totp', recovery_codes_remaining: 7 }),
      'GET /v2/user/details': () => details(['admin']),
      'PUT /v2/company/mfa-requirement': ({ body }) => ({
        required: (body as { required: boolean }).required,
        message: 'Two-factor sign-in is now required for every user of your company',
      }),
      'POST /v2/user/mfa/preference': () => status(),
    });
    renderPage(<TwoFactorPage />);
    expect((await screen.findByTestId('two-factor-current')).textContent).toContain('Authenticator app');
    expect(screen.getByText('7 of 10')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText(/Require two-factor sign-in for every user/));
    expect(await screen.findByText(/now required/)).toBeTruthy();
    expect(api.callsTo('PUT', '/v2/company/mfa-requirement')[0]!.body).toEqual({ required: true });

    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    await user.type(screen.getByLabelText('Current password'), 'pw');
    await user.type(screen.getByLabelText(/Code from your authenticator app/), '111111');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(api.callsTo('POST', '/v2/user/mfa/preference')).toHaveLength(1));
    expect(api.callsTo('POST', '/v2/user/mfa/preference')[0]!.body).toEqual({
      encrypted_password: 'enc(pw)',
      code: '111111',
      mfa_preference: 'none',
    });
  });
});
