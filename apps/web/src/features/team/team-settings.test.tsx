import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { builtInRoles, type BuiltInRole } from '@meridian/contract/permissions';
import type { TeamInvitation, TeamMember, TeamRole } from '@meridian/contract/team';
import { ApiError, apiFetch, type ApiRequestInit } from '@/lib/api';
import type * as ApiClient from '@/lib/api/client';
import { toast } from '@/lib/toast';
import { userDetailsFor } from '@/test/user-details';
import { TeamSettings } from './team-settings';

vi.mock('@/lib/api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClient>()),
  apiFetch: vi.fn(),
}));

vi.mock('@/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const fetchMock = vi.mocked(apiFetch);

const member = (over: Partial<TeamMember>): TeamMember => ({
  user_id: 'USR1',
  name: 'Asha',
  email: 'asha@acme.test',
  role: 'owner',
  role_name: 'Owner',
  status: 'active',
  two_factor: 'none',
  last_sign_in_at: '2026-03-09T10:00:00.000Z',
  created_at: '2026-01-01T00:00:00.000Z',
  ...over,
});

const INVITATION: TeamInvitation = {
  urn: 'INV1',
  email: 'late@acme.test',
  name: null,
  role: 'viewer',
  role_name: 'Viewer',
  invited_by: 'asha@acme.test',
  sent_at: '2026-03-01T00:00:00.000Z',
  expires_at: '2026-03-04T00:00:00.000Z',
  expired: true,
};

let me: BuiltInRole;
let members: TeamMember[];
let roleAnswer: (body: { role: string }) => unknown;

const roles = (): TeamRole[] =>
  builtInRoles().map((r) => ({ ...r, based_on: null, members: 0, api_keys: 0 }));

beforeEach(() => {
  me = 'owner';
  members = [
    member({}),
    member({ user_id: 'USR2', name: 'Anita', email: 'anita@acme.test', role: 'viewer', role_name: 'Viewer' }),
  ];
  roleAnswer = ({ role }) => {
    members = members.map((m) => (m.user_id === 'USR2' ? { ...m, role, role_name: 'Developer' } : m));
    return members[1];
  };
  vi.mocked(toast.success).mockReset();
  vi.mocked(toast.error).mockReset();
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (path: string, init: ApiRequestInit = {}) => {
    if (path === '/v2/user/details') return userDetailsFor(me);
    if (path === '/meridian/read/fetch/team/members') return { members, invitations: [INVITATION] };
    if (path === '/meridian/read/fetch/team/roles') return { data: roles() };
    if (path === '/v2/team/invitations' && init.method === 'POST')
      return { ...INVITATION, urn: 'INV2', email: 'new@acme.test', expired: false };
    if (path === '/v2/team/members/USR2' && init.method === 'PATCH')
      return roleAnswer(init.json as { role: string });
    if (path === '/v2/team/members/USR2/deactivate' && init.method === 'POST') {
      members = members.map((m) => (m.user_id === 'USR2' ? { ...m, status: 'deactivated' } : m));
      return members[1];
    }
    if (path === '/v2/team/roles' && init.method === 'POST')
      return {
        ...(init.json as object),
        role: 'custom_x',
        built_in: false,
        description: '',
        members: 0,
        api_keys: 0,
      };
    if (path === '/v2/team/invitations/INV1/resend' && init.method === 'POST') return INVITATION;
    throw new ApiError(404, 'Not found');
  });
});
afterEach(cleanup);

function renderPage() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <TeamSettings />
    </QueryClientProvider>,
  );
}

const calls = (path: string) => fetchMock.mock.calls.filter(([p]) => p === path);

describe('TeamSettings', () => {
  it('lists members with role, second factor and last sign-in; one’s own role cannot change', async () => {
    renderPage();
    const mine = await screen.findByRole('row', { name: /\(you\)/ });
    const table = screen.getByRole('table', { name: 'Members' });
    expect(within(mine).getByText('(you)')).toBeTruthy();
    expect((within(mine).getByRole('combobox') as HTMLSelectElement).disabled).toBe(true);
    expect(within(mine).queryByRole('button', { name: /Deactivate/ })).toBeNull();
    const other = within(table).getByRole('row', { name: /anita@acme.test/ });
    expect((within(other).getByRole('combobox') as HTMLSelectElement).value).toBe('viewer');
    expect(within(other).getByText('No second factor')).toBeTruthy();
    const invitations = screen.getByRole('table', { name: 'Pending invitations' });
    expect(within(invitations).getByText('Expired')).toBeTruthy();
  });

  it('changes a role, and says so when an approval rule holds the change instead', async () => {
    const user = userEvent.setup();
    renderPage();
    const row = await screen.findByRole('row', { name: /anita@acme.test/ });
    await user.selectOptions(within(row).getByRole('combobox', { name: 'Role of Anita' }), 'Developer');
    await waitFor(() => expect(calls('/v2/team/members/USR2')).toHaveLength(1));
    expect(calls('/v2/team/members/USR2')[0]?.[1]).toMatchObject({
      method: 'PATCH',
      json: { role: 'developer' },
    });
    await waitFor(() =>
      expect((within(row).getByRole('combobox') as HTMLSelectElement).value).toBe('developer'),
    );
    expect(toast.success).toHaveBeenCalledWith('Anita is now Developer');

    roleAnswer = () => ({ approval_urn: 'APR1', status: 'PENDING_APPROVAL', message: 'Waits for approval' });
    await user.selectOptions(within(row).getByRole('combobox', { name: 'Role of Anita' }), 'Admin');
    await waitFor(() => expect(calls('/v2/team/members/USR2')).toHaveLength(2));
    // The member keeps the role the server reports.
    await waitFor(() =>
      expect((within(row).getByRole('combobox') as HTMLSelectElement).value).toBe('developer'),
    );
    await waitFor(() =>
      expect(toast.success).toHaveBeenLastCalledWith('The role change waits for approval', {
        description: 'Waits for approval',
      }),
    );
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('offers the owner role only to an owner', async () => {
    me = 'admin';
    renderPage();
    const row = await screen.findByRole('row', { name: /anita@acme.test/ });
    const options = within(row)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).not.toContain('Owner');
    expect(options).toContain('Admin');
  });

  it('invites a member with a role', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('table', { name: 'Members' });
    await user.click(screen.getByRole('button', { name: 'Invite member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite a member' });
    await user.type(within(dialog).getByLabelText('Email'), 'new@acme.test');
    await user.selectOptions(within(dialog).getByLabelText('Role'), 'Finance approver');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls('/v2/team/invitations')[0]?.[1]).toMatchObject({
      method: 'POST',
      json: { email: 'new@acme.test', role: 'finance_approver' },
    });
  });

  it('deactivates a member only after the confirmation', async () => {
    const user = userEvent.setup();
    renderPage();
    const row = await screen.findByRole('row', { name: /anita@acme.test/ });
    await user.click(within(row).getByRole('button', { name: 'Deactivate Anita' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Deactivate Anita?' });
    expect(confirm.textContent).toContain('signed out everywhere at once');
    await user.click(within(confirm).getByRole('button', { name: 'Deactivate member' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls('/v2/team/members/USR2/deactivate')).toHaveLength(1);
    expect(await within(row).findByText('Deactivated')).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Reactivate Anita' })).toBeTruthy();
  });

  it('creates a custom role starting from a built-in one', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('table', { name: 'Members' });
    await user.click(screen.getByRole('button', { name: 'New custom role' }));
    const dialog = await screen.findByRole('dialog', { name: 'New custom role' });
    await user.type(within(dialog).getByLabelText('Name'), 'Payouts clerk');
    await user.selectOptions(within(dialog).getByLabelText('Start from'), 'Viewer');
    await user.click(within(dialog).getByRole('checkbox', { name: /Make single payouts/ }));
    // Meridian's staff permissions are never offered.
    expect(within(dialog).queryByRole('checkbox', { name: /ops\.credits/ })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Create role' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const body = calls('/v2/team/roles')[0]?.[1]?.json as { based_on: string; permissions: string[] };
    expect(body.based_on).toBe('viewer');
    expect(body.permissions).toEqual(expect.arrayContaining(['flow.read', 'payouts.create']));
    expect(body.permissions).not.toContain('bulk.create');
  });

  it('shows a member without team.manage the roles only, and asks nothing of the members list', async () => {
    me = 'viewer';
    renderPage();
    expect(await screen.findByText(/Your role \(Viewer\) does not include managing the team/)).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Viewer' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Invite member' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'New custom role' })).toBeNull();
    expect(calls('/meridian/read/fetch/team/members')).toHaveLength(0);
  });
});
