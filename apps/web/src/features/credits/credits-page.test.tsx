import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiFetch } from '@/lib/api';
import type * as ApiClient from '@/lib/api/client';
import { fakeApi, renderPage, serverError } from '@/test/render-page';
import { CreditsPage, OPS_ONLY_MESSAGE } from './credits-page';

vi.mock('@/lib/api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClient>()),
  apiFetch: vi.fn(),
}));
window.scrollTo = (() => {}) as typeof window.scrollTo;

const details = (roles: string[]) => () => ({
  name: 'Asha',
  email: 'asha@meridian.test',
  client_id: 'CLIENT00',
  company_common_name: 'Meridian',
  phone: null,
  mfa_preference: 'sms',
  mfa_required_by_company: false,
  roles,
  role: roles.at(-1) ?? 'viewer',
  role_name: roles.includes('ops') ? 'Meridian operations' : 'Viewer',
  // The page checks the permission, not the role's name.
  permissions: roles.includes('ops')
    ? ['ops.credits', 'ops.support', ...(roles.includes('companies') ? ['ops.companies'] : [])]
    : ['flow.read'],
});
const COMPANY = {
  client_id: 'CLIENT01',
  company_name: 'Acme Pvt Ltd',
  company_urn: 'CMP01',
  consumer_type: 'customer',
  credits: 1000,
  users: 3,
  live_mode_enabled: false,
  created_at: '2026-01-01T00:00:00.000Z',
};
const OPS = '/meridian/operations';

function Harness({ initial }: { initial?: string }) {
  const [clientId, setClientId] = useState(initial);
  return <CreditsPage clientId={clientId} onSelect={setClientId} />;
}

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('credit management page', () => {
  it('shows the ops-only state to users the server does not report as ops, without asking for companies', async () => {
    const api = fakeApi(apiFetch, { 'GET /v2/user/details': details(['user']) });
    renderPage(<CreditsPage clientId={undefined} onSelect={() => {}} />);
    expect(await screen.findByRole('heading', { name: OPS_ONLY_MESSAGE })).toBeTruthy();
    expect(api.calls.map((c) => c.path)).toEqual(['/v2/user/details']);
  });

  it('shows the same state when the server refuses the companies (403)', async () => {
    fakeApi(apiFetch, {
      'GET /v2/user/details': details(['user', 'ops']),
      [`GET ${OPS}/fetch/consumer_types`]: () => ({ data: [] }),
      [`GET ${OPS}/companies`]: () => {
        throw serverError(403, 'Forbidden', 'forbidden');
      },
      [`GET ${OPS}/companies/count`]: () => ({ count: 0 }),
    });
    renderPage(<CreditsPage clientId={undefined} onSelect={() => {}} />);
    expect(await screen.findByRole('heading', { name: OPS_ONLY_MESSAGE })).toBeTruthy();
  });

  it('lists companies for ops and opens one with its operations and meter', async () => {
    fakeApi(apiFetch, opsRoutes());
    renderPage(<Harness />);
    await userEvent.click(await screen.findByRole('button', { name: 'Acme Pvt Ltd' }));
    expect(await screen.findByRole('table', { name: 'Credit operations of Acme Pvt Ltd' })).toBeTruthy();
    expect(await screen.findByText('−50')).toBeTruthy();
    expect(((await screen.findByRole('textbox', { name: /^Face/ })) as HTMLInputElement).value).toBe('3');
    expect(screen.getByRole('button', { name: 'Load credits' })).toBeTruthy();
  });

  it('opens a company’s live mode after a confirmation (ops.companies); others read On or Off', async () => {
    let company = COMPANY;
    const api = fakeApi(apiFetch, {
      ...opsRoutes(),
      'GET /v2/user/details': details(['user', 'ops', 'companies']),
      [`GET ${OPS}/companies`]: () => ({ data: [company] }),
      [`PUT ${OPS}/companies/CLIENT01/live_mode`]: (call) => {
        company = { ...company, live_mode_enabled: (call.body as { enabled: boolean }).enabled };
        return { client_id: 'CLIENT01', company_name: 'Acme Pvt Ltd', live_mode_enabled: true };
      },
    });
    renderPage(<Harness />);
    const toggle = await screen.findByRole('switch', { name: 'Live mode for Acme Pvt Ltd' });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    await userEvent.click(toggle);
    const confirm = await screen.findByRole('alertdialog', { name: 'Open live mode for Acme Pvt Ltd?' });
    expect(confirm.textContent).toContain('real money moves');
    expect(api.callsTo('PUT', `${OPS}/companies/CLIENT01/live_mode`)).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Open live mode' }));
    await waitFor(() =>
      expect(
        screen.getByRole('switch', { name: 'Live mode for Acme Pvt Ltd' }).getAttribute('aria-checked'),
      ).toBe('true'),
    );
    expect(api.callsTo('PUT', `${OPS}/companies/CLIENT01/live_mode`)[0]?.body).toEqual({ enabled: true });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    // The row was not selected by the switch.
    expect(screen.queryByRole('table', { name: 'Credit operations of Acme Pvt Ltd' })).toBeNull();
    cleanup();

    fakeApi(apiFetch, opsRoutes());
    renderPage(<Harness />);
    await screen.findByRole('button', { name: 'Acme Pvt Ltd' });
    expect(screen.queryByRole('switch')).toBeNull();
    expect(screen.getByText('Off')).toBeTruthy();
  });

  it('opens the company of a client id from the URL', async () => {
    fakeApi(apiFetch, opsRoutes());
    renderPage(<Harness initial="CLIENT01" />);
    expect(await screen.findByRole('heading', { name: 'Acme Pvt Ltd' })).toBeTruthy();
    expect(await screen.findByText('−50')).toBeTruthy();
  });
});

function opsRoutes() {
  return {
    'GET /v2/user/details': details(['user', 'ops']),
    [`GET ${OPS}/fetch/consumer_types`]: () => ({ data: [{ value: 'customer', label: 'Customer' }] }),
    [`GET ${OPS}/companies`]: () => ({ data: [COMPANY] }),
    [`GET ${OPS}/companies/count`]: () => ({ count: 1 }),
    [`GET ${OPS}/credits/CLIENT01`]: () => ({
      data: [
        {
          kind: 'UNLOAD',
          credits: -50,
          balance_after: 1000,
          reference: 'COP02',
          reason: 'Correction',
          actor: 'ops@meridian.test',
          livemode: true,
          created_at: '2026-11-23T07:00:00.000Z',
        },
      ],
    }),
    [`GET ${OPS}/credits/CLIENT01/count`]: () => ({ count: 1 }),
    [`GET ${OPS}/companies/CLIENT01/meter`]: () => ({
      client_id: 'CLIENT01',
      data: [{ product: 'face-match', price: 3, default_price: 2, is_default: false }],
    }),
  };
}
