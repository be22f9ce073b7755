import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { IpAllowlistEntry } from '@meridian/contract/ip-allowlist';
import { apiFetch } from '@/lib/api';
import type * as ApiClient from '@/lib/api/client';
import type * as AuthModule from '@/lib/auth';
import { fakeApi, renderPage } from '@/test/render-page';
import { ManageIpsPage } from './manage-ips-page';

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

const ENTRY: IpAllowlistEntry = {
  entry_id: 'IPA1',
  cidr: '203.0.113.0/24',
  ip_version: 'IPv4',
  label: 'Office',
  created_by: 'admin@acme.test',
  created_at: '2026-03-01T06:00:00.000Z',
};
const WHITELIST = 'POST /v2/request_ip_whitelist';

/** A server holding the list; a change is made (201/200) or, with `held`, waits for approval (202). */
function setup({ held = false } = {}) {
  let entries = [ENTRY];
  const api = fakeApi(apiFetch, {
    'GET /meridian/read/fetch/whitelisted_ips': () => ({
      data: entries,
      enforced: entries.length > 0,
      max_entries: 100,
      caller_ip: '198.51.100.9',
    }),
    [WHITELIST]: (call) => {
      const body = call.body as { action: 'add' | 'remove'; ip: string; label?: string };
      if (held)
        return {
          approval_urn: 'APR_IP1',
          status: 'PENDING_APPROVAL',
          message: `The ${body.action === 'add' ? 'addition' : 'removal'} of ${body.ip} waits for approval (APR_IP1): it is made only once approved, and not at all if rejected or left unanswered until it expires.`,
        };
      const entry = { ...ENTRY, entry_id: 'IPA2', cidr: `${body.ip}/32`, label: body.label ?? '' };
      entries = body.action === 'add' ? [...entries, entry] : entries.filter((e) => e.cidr !== body.ip);
      return { action: body.action, entry, entries: entries.length };
    },
  });
  renderPage(<ManageIpsPage />);
  return api;
}

async function addAddress(user: ReturnType<typeof userEvent.setup>) {
  // The button shows once the role is known (it needs ip_allowlist.manage).
  await user.click(await screen.findByRole('button', { name: 'Add IP address' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add an IP address or range' });
  await user.type(within(dialog).getByLabelText('IP address or CIDR range'), '198.51.100.7');
  await user.type(within(dialog).getByLabelText('Label'), 'Build server');
  await user.type(within(dialog).getByLabelText('Your password'), 'Secret#1');
  await user.click(within(dialog).getByRole('button', { name: 'Add address' }));
  return dialog;
}

describe('/configurations/manage-ips', () => {
  it('adds an address: the dialog closes and the list has it', async () => {
    const api = setup();
    const user = userEvent.setup();
    const dialog = await addAddress(user);
    await waitFor(() => expect(dialog.isConnected).toBe(false));
    const table = screen.getByRole('table', { name: 'IP allow-list' });
    expect(await within(table).findByText('198.51.100.7/32')).toBeTruthy();
    expect(api.callsTo('POST', '/v2/request_ip_whitelist')[0]!.body).toEqual({
      action: 'add',
      ip: '198.51.100.7',
      label: 'Build server',
      encrypted_password: 'enc(Secret#1)',
    });
  });

  it('says an addition an approval rule holds (202) waits; the list does not show it', async () => {
    const api = setup({ held: true });
    const user = userEvent.setup();
    const dialog = await addAddress(user);

    await screen.findByRole('dialog', { name: 'The address waits for approval' });
    const held = within(dialog)
      .getByText('Waiting for approval: adding 198.51.100.7 (APR_IP1)')
      .closest('[role=status]')!;
    expect(held.textContent).toContain('The addition of 198.51.100.7 waits for approval (APR_IP1)');
    expect(held.textContent).toContain('The list stays as it is until an approver approves the change.');
    expect(document.activeElement).toBe(held);
    // The form (and the password typed) is gone.
    expect(within(dialog).queryByLabelText('Your password')).toBeNull();
    expect(api.callsTo('POST', '/v2/request_ip_whitelist')).toHaveLength(1);

    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const table = screen.getByRole('table', { name: 'IP allow-list' });
    await waitFor(() =>
      expect(api.callsTo('GET', '/meridian/read/fetch/whitelisted_ips').length).toBeGreaterThan(1),
    );
    expect(within(table).queryByText(/198\.51\.100\.7/)).toBeNull();
    expect(within(table).getByText('203.0.113.0/24')).toBeTruthy();
  });

  it('says a removal an approval rule holds (202) waits; the entry stays listed', async () => {
    setup({ held: true });
    const user = userEvent.setup();
    const table = await screen.findByRole('table', { name: 'IP allow-list' });
    await user.click(await within(table).findByRole('button', { name: 'Remove 203.0.113.0/24' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove 203.0.113.0/24?' });
    await user.type(within(dialog).getByLabelText('Your password'), 'Secret#1');
    await user.click(within(dialog).getByRole('button', { name: 'Remove address' }));

    await screen.findByRole('alertdialog', { name: 'The removal of 203.0.113.0/24 waits for approval' });
    expect(within(dialog).getByText('Waiting for approval: removing 203.0.113.0/24 (APR_IP1)')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(within(table).getByText('203.0.113.0/24')).toBeTruthy();
  });
});
