import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { BUILT_IN_ROLES } from '@meridian/contract/permissions';
import { apiFetch } from '@/lib/api';
import type * as ApiClient from '@/lib/api/client';
import { useCan, usePermissions } from '@/lib/api/user-details';
import { fakeApi, renderPage } from '@/test/render-page';
import { Can } from './can';
import { neededText } from './forbidden-panel';
import { PermissionGate } from './permission-gate';

vi.mock('@/lib/api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClient>()),
  apiFetch: vi.fn(),
}));

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const details = (role: 'viewer' | 'finance_maker') => ({
  name: 'Asha',
  email: 'asha@acme.test',
  client_id: 'C1',
  company_common_name: 'Acme',
  phone: null,
  mfa_preference: 'none',
  mfa_required_by_company: false,
  roles: [role],
  role,
  role_name: BUILT_IN_ROLES[role].name,
  permissions: [...BUILT_IN_ROLES[role].permissions],
});

/** Resolves the user details when `release` is called, so the loading state can be seen. */
function heldDetails(role: 'viewer' | 'finance_maker') {
  let release = () => {};
  const answer = new Promise<ReturnType<typeof details>>((resolve) => {
    release = () => resolve(details(role));
  });
  return { answer: () => answer, release: () => release() };
}

function Probe() {
  const role = usePermissions();
  const canPay = useCan('payouts.create');
  return (
    <div>
      <p>role: {role ? role.roleName : 'loading'}</p>
      <p>can pay: {String(canPay)}</p>
      <Can permission="payouts.create" fallback={<span>no payout button</span>}>
        <button type="button">Initiate payout</button>
      </Can>
    </div>
  );
}

describe('usePermissions, useCan and <Can>', () => {
  it('shows nothing that needs a permission while the role loads, then what the role holds (maker)', async () => {
    const held = heldDetails('finance_maker');
    fakeApi(apiFetch, { 'GET /v2/user/details': held.answer });
    renderPage(<Probe />);
    expect(await screen.findByText('role: loading')).toBeTruthy();
    expect(screen.getByText('can pay: false')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Initiate payout' })).toBeNull();
    held.release();
    expect(await screen.findByText('role: Finance maker')).toBeTruthy();
    expect(screen.getByText('can pay: true')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Initiate payout' })).toBeTruthy();
  });

  it('keeps the action hidden for a role without the permission (viewer), showing the fallback', async () => {
    fakeApi(apiFetch, { 'GET /v2/user/details': () => details('viewer') });
    renderPage(<Probe />);
    expect(await screen.findByText('role: Viewer')).toBeTruthy();
    expect(screen.getByText('can pay: false')).toBeTruthy();
    expect(screen.getByText('no payout button')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Initiate payout' })).toBeNull();
  });
});

describe('PermissionGate', () => {
  it('explains a screen the role cannot read, naming the role and the permission', async () => {
    fakeApi(apiFetch, { 'GET /v2/user/details': () => details('viewer') });
    renderPage(
      <PermissionGate>
        <p>the payout form</p>
      </PermissionGate>,
      { path: '/flow/initiate-payout' },
    );
    expect(await screen.findByRole('heading', { name: 'Access Forbidden' })).toBeTruthy();
    expect(
      screen.getByText(
        'Your role (Viewer) cannot see this page — it needs the payouts.create permission. Ask an owner or admin of your company.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText('the payout form')).toBeNull();
  });

  it('shows the screen to a role that may read it, hidden until the role is known', async () => {
    const held = heldDetails('finance_maker');
    fakeApi(apiFetch, { 'GET /v2/user/details': held.answer });
    renderPage(
      <PermissionGate>
        <p>the payout form</p>
      </PermissionGate>,
      { path: '/flow/initiate-payout' },
    );
    // Mounted (its data may load) but not shown while the role loads.
    expect(await screen.findByText('the payout form')).toBeTruthy();
    expect(screen.queryByText('the payout form', { ignore: '[hidden] *' })).toBeNull();
    held.release();
    await vi.waitFor(() =>
      expect(screen.queryByText('the payout form', { ignore: '[hidden] *' })).toBeTruthy(),
    );
    expect(screen.queryByRole('heading', { name: 'Access Forbidden' })).toBeNull();
  });

  it('names every permission of a screen any of several opens', () => {
    expect(neededText('flow.read')).toBe('the flow.read permission');
    expect(neededText(['approvals.decide', 'approvals.configure', 'flow.read'])).toBe(
      'one of the approvals.decide, approvals.configure or flow.read permissions',
    );
  });
});
