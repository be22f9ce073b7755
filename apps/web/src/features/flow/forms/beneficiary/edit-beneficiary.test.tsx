import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from '@/lib/toast';
import { apiFetch } from '@/lib/api';
import type * as ApiClient from '@/lib/api/client';
import type { EditBeneficiarySearch } from '../../edit-beneficiary-search';
import { ACCOUNT, beneficiary, fakeApi, renderPage, serverError } from '@/test/render-page';
import { EditBeneficiaryPage } from './edit-beneficiary-page';

vi.mock('@/lib/api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClient>()),
  apiFetch: vi.fn(),
}));
vi.mock('@/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const SEARCH: EditBeneficiarySearch = {
  beneficiaryCode: 'BEN001',
  beneficiaryName: 'Ravi Kumar',
  beneficiaryEmail: 'ravi@example.test',
  beneficiaryMobile: '9800000001',
  provider: ACCOUNT.provider,
  providerCode: ACCOUNT.provider_code,
  transferType: 'IMPS',
  senderAccountNumber: ACCOUNT.account_number,
  beneficiaryAccountNumber: '123456789012',
  ifscCode: 'HDFC0001234',
};
const PATCH = 'PATCH /v2/banking/beneficiary/BEN001';

/** A server holding one beneficiary, which PATCH changes. */
function api() {
  let stored = beneficiary();
  return fakeApi(apiFetch, {
    'GET /meridian/read/fetch/dropdown/provider_accounts': () => ({ data: [ACCOUNT] }),
    'GET /meridian/read/fetch/manage/beneficiary/BEN001': () => stored,
    'GET /meridian/read/fetch/ifsc/HDFC0001234': () => ({
      ifsc: 'HDFC0001234',
      bank_code: 'HDFC',
      bank_name: 'HDFC Bank',
      upi: true,
    }),
    [PATCH]: (call) => (stored = { ...stored, ...(call.body as object) }),
  });
}

beforeEach(() => {
  vi.mocked(apiFetch).mockReset();
  vi.mocked(toast.success).mockClear();
});
afterEach(() => cleanup());

describe('/flow/edit-beneficiary', () => {
  it('shows the empty state, linking to the beneficiaries, without a code', async () => {
    api();
    renderPage(<EditBeneficiaryPage search={{ ...SEARCH, beneficiaryCode: '' }} />);
    expect(await screen.findByRole('heading', { name: 'No beneficiary selected' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'beneficiaries list' }).getAttribute('href')).toBe(
      '/flow/beneficiaries',
    );
    expect(screen.queryByRole('button', { name: 'Save changes' })).toBeNull();
  });

  it('is prefilled from the URL, with a read-only code', async () => {
    api();
    renderPage(<EditBeneficiaryPage search={SEARCH} />);
    const code = (await screen.findByLabelText('Beneficiary code')) as HTMLInputElement;
    expect(code.value).toBe('BEN001');
    expect(code.readOnly).toBe(true);
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Ravi Kumar');
    expect((screen.getByLabelText(/E-mail/) as HTMLInputElement).value).toBe('ravi@example.test');
    expect((screen.getByLabelText('Transfer type') as HTMLSelectElement).value).toBe('IMPS');
    expect((screen.getByLabelText('Sender account') as HTMLSelectElement).value).toBe(ACCOUNT.account_number);
    expect((screen.getByLabelText('IFSC') as HTMLInputElement).value).toBe('HDFC0001234');
    expect(await screen.findByText('HDFC Bank')).toBeTruthy();
  });

  it('sends only the fields that changed', async () => {
    const server = api();
    const user = userEvent.setup();
    renderPage(<EditBeneficiaryPage search={SEARCH} />);
    const email = await screen.findByLabelText(/E-mail/);
    await user.clear(email);
    await user.type(email, 'r.kumar@example.test');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(server.callsTo('PATCH', '/v2/banking/beneficiary/BEN001')).toHaveLength(1));
    expect(server.callsTo('PATCH', '/v2/banking/beneficiary/BEN001')[0]!.body).toEqual({
      beneficiary_email: 'r.kumar@example.test',
    });
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Beneficiary BEN001 updated'));

    // The saved values are the new baseline: changing the name now sends the name only.
    const name = screen.getByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Ravi K');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(server.callsTo('PATCH', '/v2/banking/beneficiary/BEN001')).toHaveLength(2));
    expect(server.callsTo('PATCH', '/v2/banking/beneficiary/BEN001')[1]!.body).toEqual({
      beneficiary_name: 'Ravi K',
    });
  });

  it('says a change an approval rule holds (202) waits, and shows the beneficiary as it still is', async () => {
    const server = api();
    const message =
      'The change of beneficiary BEN001 waits for approval (APR_B2): it is made only once approved, and not at all if rejected or left unanswered until it expires.';
    server.routes[PATCH] = () => ({ approval_urn: 'APR_B2', status: 'PENDING_APPROVAL', message });
    const user = userEvent.setup();
    renderPage(<EditBeneficiaryPage search={SEARCH} />);
    const name = await screen.findByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Ravi K');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    const held = await screen.findByText('Waiting for approval: the change of BEN001 (APR_B2)');
    expect(held.closest('[role=status]')?.textContent).toContain(message);
    expect(toast.success).not.toHaveBeenCalled();
    // The form shows the beneficiary as the server still has it.
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Ravi Kumar');
    expect(server.callsTo('PATCH', '/v2/banking/beneficiary/BEN001')[0]!.body).toEqual({
      beneficiary_name: 'Ravi K',
    });
  });

  it('sends nothing when nothing changed', async () => {
    const server = api();
    const user = userEvent.setup();
    renderPage(<EditBeneficiaryPage search={SEARCH} />);
    await user.click(await screen.findByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Nothing has changed: there is nothing to save.')).toBeTruthy();
    expect(server.callsTo('PATCH', '/v2/banking/beneficiary/BEN001')).toHaveLength(0);
  });

  it('switching to UPI sends the UPI id and clears the bank account', async () => {
    const server = api();
    const user = userEvent.setup();
    renderPage(<EditBeneficiaryPage search={SEARCH} />);
    await user.selectOptions(await screen.findByLabelText('Transfer type'), 'UPI');
    await user.type(screen.getByLabelText('UPI id'), 'ravi@okbank');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(server.callsTo('PATCH', '/v2/banking/beneficiary/BEN001')).toHaveLength(1));
    expect(server.callsTo('PATCH', '/v2/banking/beneficiary/BEN001')[0]!.body).toEqual({
      transfer_type: 'UPI',
      beneficiary_upi_id: 'ravi@okbank',
      beneficiary_account_number: '',
      ifsc_code: '',
    });
  });

  it('shows the server field errors on their fields', async () => {
    const server = api();
    server.routes[PATCH] = () => {
      throw serverError(422, 'IFSC code HDFC0009999 is not in the registry', 'unknown_ifsc', {
        ifsc_code: 'Unknown IFSC code',
      });
    };
    const user = userEvent.setup();
    renderPage(<EditBeneficiaryPage search={SEARCH} />);
    const ifsc = await screen.findByLabelText('IFSC');
    await user.clear(ifsc);
    await user.type(ifsc, 'hdfc0009999');
    expect((ifsc as HTMLInputElement).value).toBe('HDFC0009999');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('IFSC code HDFC0009999 is not in the registry');
    expect(server.callsTo('PATCH', '/v2/banking/beneficiary/BEN001')[0]!.body).toEqual({
      ifsc_code: 'HDFC0009999',
    });
    await waitFor(() => expect(ifsc.getAttribute('aria-invalid')).toBe('true'));
  });

  it('deactivates after a confirmation, and activates', async () => {
    const server = api();
    const user = userEvent.setup();
    renderPage(<EditBeneficiaryPage search={SEARCH} />);
    await user.click(await screen.findByRole('button', { name: 'Deactivate beneficiary' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate BEN001?' });
    expect(server.callsTo('PATCH', '/v2/banking/beneficiary/BEN001')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(dialog.isConnected).toBe(false));
    expect(server.callsTo('PATCH', '/v2/banking/beneficiary/BEN001')[0]!.body).toEqual({
      status: 'INACTIVE',
    });
    expect(await screen.findByRole('button', { name: 'Activate beneficiary' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Activate beneficiary' }));
    await waitFor(() => expect(server.callsTo('PATCH', '/v2/banking/beneficiary/BEN001')).toHaveLength(2));
    expect(server.callsTo('PATCH', '/v2/banking/beneficiary/BEN001')[1]!.body).toEqual({ status: 'ACTIVE' });
  });

  it('renames under a name the bank does not know only once the mismatch is confirmed', async () => {
    const server = api();
    const patch = server.routes[PATCH]!;
    server.routes[PATCH] = (call) => {
      if (!(call.body as { confirm_name_mismatch?: boolean }).confirm_name_mismatch)
        throw serverError(
          422,
          'The bank has this account under the name RAVI KUMAR: "Kavya Menon" is not a match (8%). Use the registered name, or confirm the name mismatch to save it anyway.',
          'name_mismatch_unconfirmed',
          { beneficiary_name: 'does not match', confirm_name_mismatch: 'must be true' },
        );
      return patch(call);
    };
    const user = userEvent.setup();
    renderPage(<EditBeneficiaryPage search={SEARCH} />);
    const name = await screen.findByLabelText('Name');
    expect(screen.getByRole('button', { name: 'Verify account' })).toBeTruthy();
    await user.clear(name);
    await user.type(name, 'Kavya Menon');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    const confirm = await screen.findByRole('checkbox', { name: /I confirm the name does not match/ });
    expect(
      screen.getByRole('group', { name: "The name does not match the bank's records" }).textContent,
    ).toContain('"Kavya Menon" is not a match (8%)');
    expect(toast.success).not.toHaveBeenCalled();
    await user.click(confirm);
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Beneficiary BEN001 updated'));
    expect(server.callsTo('PATCH', '/v2/banking/beneficiary/BEN001').map((c) => c.body)).toEqual([
      { beneficiary_name: 'Kavya Menon' },
      { beneficiary_name: 'Kavya Menon', confirm_name_mismatch: true },
    ]);
  });
});
