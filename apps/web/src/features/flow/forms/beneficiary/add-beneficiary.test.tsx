import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from '@/lib/toast';
import { apiFetch } from '@/lib/api';
import type * as ApiClient from '@/lib/api/client';
import { ACCOUNT, beneficiary, fakeApi, renderPage, serverError, validation } from '@/test/render-page';
import { AddBeneficiaryPage } from './add-beneficiary-page';

vi.mock('@/lib/api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClient>()),
  apiFetch: vi.fn(),
}));
vi.mock('@/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const CREATE = 'POST /v2/banking/beneficiary';
const VALIDATE = 'POST /core_banking/money_transfer/validate_account';

function api() {
  return fakeApi(apiFetch, {
    'GET /meridian/read/fetch/dropdown/provider_accounts': () => ({ data: [ACCOUNT] }),
    'GET /meridian/read/fetch/ifsc/HDFC0001234': () => ({
      ifsc: 'HDFC0001234',
      bank_code: 'HDFC',
      bank_name: 'HDFC Bank',
      upi: true,
    }),
    'GET /meridian/read/fetch/ifsc/ABCD0123456': () => {
      throw serverError(404, 'Unknown IFSC code', 'not_found');
    },
    [CREATE]: (call) => beneficiary(call.body as Record<string, unknown>),
    [VALIDATE]: () => validation(),
  });
}

beforeEach(() => {
  vi.mocked(apiFetch).mockReset();
  vi.mocked(toast.success).mockClear();
});
afterEach(() => cleanup());

type User = ReturnType<typeof userEvent.setup>;

async function fillBankBeneficiary(user: User, { code = 'BEN009', ifsc = 'hdfc0001234' } = {}) {
  const sender = await screen.findByLabelText('Sender account');
  await waitFor(() => expect(within(sender).getByRole('option', { name: /Acme Operations/ })).toBeTruthy());
  await user.type(screen.getByLabelText('Beneficiary code'), code);
  await user.type(screen.getByLabelText('Name'), 'Ravi K');
  await user.selectOptions(screen.getByLabelText('Transfer type'), 'IMPS');
  await user.selectOptions(sender, ACCOUNT.account_number);
  await user.type(screen.getByLabelText('Account number'), '123456789012');
  await user.type(screen.getByLabelText('IFSC'), ifsc);
}

describe('/flow/add-beneficiary', () => {
  it('looks the IFSC up once it is complete', async () => {
    api();
    const user = userEvent.setup();
    renderPage(<AddBeneficiaryPage />);
    const ifsc = await screen.findByLabelText('IFSC');
    await user.type(ifsc, 'hdfc000123');
    expect(vi.mocked(apiFetch).mock.calls.some(([path]) => String(path).includes('/ifsc/'))).toBe(false);
    await user.type(ifsc, '4');
    expect(await screen.findByText('HDFC Bank')).toBeTruthy();
    await user.clear(ifsc);
    await user.type(ifsc, 'ABCD0123456');
    expect(await screen.findByText('Unknown IFSC code')).toBeTruthy();
  });

  it('asks for a UPI id instead of bank details for UPI', async () => {
    api();
    const user = userEvent.setup();
    renderPage(<AddBeneficiaryPage />);
    await user.selectOptions(await screen.findByLabelText('Transfer type'), 'UPI');
    expect(screen.getByLabelText('UPI id')).toBeTruthy();
    expect(screen.queryByLabelText('Account number')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Verify account' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Add beneficiary' }));
    expect(await screen.findByText('Enter the UPI id')).toBeTruthy();
  });

  it('verifies the account and offers the registered name', async () => {
    const server = api();
    const user = userEvent.setup();
    renderPage(<AddBeneficiaryPage />);
    await fillBankBeneficiary(user);
    await user.click(screen.getByRole('button', { name: 'Verify account' }));
    const result = await screen.findByRole('region', { name: 'Account verified' });
    expect(within(result).getByText('RAVI KUMAR')).toBeTruthy();
    expect(within(result).getByText('Match (87%)')).toBeTruthy();
    // A matching name needs no confirmation.
    expect(screen.queryByRole('checkbox', { name: /I confirm the name does not match/ })).toBeNull();
    expect(within(result).getByText('₹2.00')).toBeTruthy();
    const [call] = server.callsTo('POST', '/core_banking/money_transfer/validate_account');
    expect(call!.body).toEqual({
      beneficiary_account_number: '123456789012',
      ifsc_code: 'HDFC0001234',
      beneficiary_name: 'Ravi K',
    });
    expect(call!.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);

    await user.click(within(result).getByRole('button', { name: 'Use registered name' }));
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('RAVI KUMAR');
  });

  it('saves, then opens the beneficiaries list filtered on the new code', async () => {
    const server = api();
    const user = userEvent.setup();
    const { router } = renderPage(<AddBeneficiaryPage />, { path: '/flow/add-beneficiary' });
    await fillBankBeneficiary(user);
    await user.type(screen.getByLabelText(/Mobile/), '9800000001');
    await user.click(screen.getByRole('button', { name: 'Add beneficiary' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/flow/beneficiaries'));
    expect(router.state.location.search).toEqual({ search_key: 'beneficiary_code', search_value: 'BEN009' });
    expect(toast.success).toHaveBeenCalledWith('Beneficiary BEN009 added');
    expect(server.callsTo('POST', '/v2/banking/beneficiary')[0]!.body).toEqual({
      beneficiary_code: 'BEN009',
      beneficiary_name: 'Ravi K',
      beneficiary_mobile: '9800000001',
      provider: ACCOUNT.provider,
      provider_code: ACCOUNT.provider_code,
      transfer_type: 'IMPS',
      sender_account_number: ACCOUNT.account_number,
      beneficiary_account_number: '123456789012',
      ifsc_code: 'HDFC0001234',
    });
  });

  it('says the beneficiary waits when an approval rule holds it (202), without claiming it was added', async () => {
    const server = api();
    const message =
      'Adding beneficiary BEN009 waits for approval (APR_B1): it is made only once approved, and not at all if rejected or left unanswered until it expires.';
    server.routes[CREATE] = () => ({ approval_urn: 'APR_B1', status: 'PENDING_APPROVAL', message });
    const user = userEvent.setup();
    const { router } = renderPage(<AddBeneficiaryPage />, { path: '/flow/add-beneficiary' });
    await fillBankBeneficiary(user);
    await user.click(screen.getByRole('button', { name: 'Add beneficiary' }));

    const held = await screen.findByRole('status');
    expect(held.textContent).toContain('Waiting for approval: beneficiary BEN009 (APR_B1)');
    expect(held.textContent).toContain(message);
    expect(document.activeElement).toBe(held);
    // Not added: no "added" toast, and no visit to a list that does not have it.
    expect(toast.success).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/flow/add-beneficiary');
    expect(screen.queryByRole('form', { name: 'New beneficiary' })).toBeNull();
    expect(server.callsTo('POST', '/v2/banking/beneficiary')).toHaveLength(1);

    // Another one starts from an empty form.
    await user.click(screen.getByRole('button', { name: 'Add another beneficiary' }));
    expect(screen.getByRole('form', { name: 'New beneficiary' })).toBeTruthy();
    expect((screen.getByLabelText('Beneficiary code') as HTMLInputElement).value).toBe('');
    expect(screen.queryByText(/Waiting for approval/)).toBeNull();
  });

  it('shows a conflict on the code field and the server message', async () => {
    const server = api();
    server.routes[CREATE] = () => {
      throw serverError(409, 'Beneficiary code BEN001 already exists', 'conflict', {
        beneficiary_code: 'Already in use',
      });
    };
    const user = userEvent.setup();
    const { router } = renderPage(<AddBeneficiaryPage />, { path: '/flow/add-beneficiary' });
    await fillBankBeneficiary(user, { code: 'BEN001' });
    await user.click(screen.getByRole('button', { name: 'Add beneficiary' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Beneficiary code BEN001 already exists',
    );
    const code = screen.getByLabelText('Beneficiary code');
    expect(code.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Already in use')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/flow/add-beneficiary');
  });

  it('never shows a mismatched name as verified, and saves it only once the mismatch is confirmed', async () => {
    const server = api();
    server.routes[VALIDATE] = () =>
      validation({
        registered_name: 'SUNRISE TRADING COMPANY',
        name_given: 'Ravi K',
        name_match_score: 9,
        name_match: 'NO_MATCH',
      });
    const user = userEvent.setup();
    const { router } = renderPage(<AddBeneficiaryPage />, { path: '/flow/add-beneficiary' });
    await fillBankBeneficiary(user);
    await user.click(screen.getByRole('button', { name: 'Verify account' }));
    const result = await screen.findByRole('region', { name: 'Account found: the name does not match' });
    expect(screen.queryByRole('region', { name: 'Account verified' })).toBeNull();
    expect(within(result).getByText('No match').className).toContain('bg-red-100');
    expect(within(result).getByText('No match (9%)')).toBeTruthy();
    expect(within(result).getByText('SUNRISE TRADING COMPANY')).toBeTruthy();

    // Saving without the confirmation is blocked in the browser.
    const confirm = screen.getByRole('checkbox', { name: /I confirm the name does not match/ });
    const group = screen.getByRole('group', { name: "The name does not match the bank's records" });
    expect(group.textContent).toContain(
      'The bank has this account under the name SUNRISE TRADING COMPANY: "Ravi K" is not a match (9%).',
    );
    await user.click(screen.getByRole('button', { name: 'Add beneficiary' }));
    expect(
      await screen.findByText('Confirm that you want to save this name, or use the registered name.'),
    ).toBeTruthy();
    expect(confirm.getAttribute('aria-invalid')).toBe('true');
    expect(server.callsTo('POST', '/v2/banking/beneficiary')).toHaveLength(0);

    await user.click(confirm);
    await user.click(screen.getByRole('button', { name: 'Add beneficiary' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/flow/beneficiaries'));
    expect(server.callsTo('POST', '/v2/banking/beneficiary')[0]!.body).toMatchObject({
      beneficiary_name: 'Ravi K',
      confirm_name_mismatch: true,
    });
  });

  it('takes the registered name instead: no confirmation, none sent', async () => {
    const server = api();
    server.routes[VALIDATE] = () =>
      validation({ registered_name: 'RAVI KUMAR', name_match_score: 70, name_match: 'PARTIAL' });
    const user = userEvent.setup();
    const { router } = renderPage(<AddBeneficiaryPage />, { path: '/flow/add-beneficiary' });
    await fillBankBeneficiary(user);
    await user.click(screen.getByRole('button', { name: 'Verify account' }));
    const result = await screen.findByRole('region', { name: 'Account found: the name only partly matches' });
    expect(within(result).getByText('Partial match').className).toContain('bg-yellow-100');
    expect(screen.getByRole('checkbox', { name: /I confirm the name does not match/ })).toBeTruthy();
    await user.click(within(result).getByRole('button', { name: 'Use registered name' }));
    expect(screen.queryByRole('checkbox', { name: /I confirm the name does not match/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Add beneficiary' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/flow/beneficiaries'));
    const body = server.callsTo('POST', '/v2/banking/beneficiary')[0]!.body as Record<string, unknown>;
    expect(body.beneficiary_name).toBe('RAVI KUMAR');
    expect(body).not.toHaveProperty('confirm_name_mismatch');
  });

  it("asks for the confirmation when the server refuses a name the account's latest validation does not match", async () => {
    const server = api();
    let calls = 0;
    server.routes[CREATE] = (call) => {
      calls++;
      if (!(call.body as { confirm_name_mismatch?: boolean }).confirm_name_mismatch)
        throw serverError(
          422,
          'The bank has this account under the name RAVI KUMAR: "Ravi K" is a partial match (70%). Use the registered name, or confirm the name mismatch to save it anyway.',
          'name_mismatch_unconfirmed',
          { beneficiary_name: 'does not match', confirm_name_mismatch: 'must be true' },
        );
      return beneficiary(call.body as Record<string, unknown>);
    };
    const user = userEvent.setup();
    const { router } = renderPage(<AddBeneficiaryPage />, { path: '/flow/add-beneficiary' });
    await fillBankBeneficiary(user);
    await user.click(screen.getByRole('button', { name: 'Add beneficiary' }));
    const confirm = await screen.findByRole('checkbox', { name: /I confirm the name does not match/ });
    expect(
      screen.getByRole('group', { name: "The name does not match the bank's records" }).textContent,
    ).toContain('The bank has this account under the name RAVI KUMAR');
    await user.click(confirm);
    await user.click(screen.getByRole('button', { name: 'Add beneficiary' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/flow/beneficiaries'));
    expect(calls).toBe(2);
    expect(server.callsTo('POST', '/v2/banking/beneficiary')[1]!.body).toMatchObject({
      confirm_name_mismatch: true,
    });
  });
});
