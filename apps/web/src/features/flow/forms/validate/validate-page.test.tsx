import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, apiFetch } from '@/lib/api';
import type * as ApiClient from '@/lib/api/client';
import { fakeApi, renderPage, validation } from '@/test/render-page';
import { ValidatePage } from './validate-page';

vi.mock('@/lib/api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClient>()),
  apiFetch: vi.fn(),
}));

const VALIDATE = 'POST /core_banking/money_transfer/validate_account';

function api() {
  return fakeApi(apiFetch, {
    'GET /meridian/read/fetch/ifsc/HDFC0001234': () => ({
      ifsc: 'HDFC0001234',
      bank_code: 'HDFC',
      bank_name: 'HDFC Bank',
      upi: true,
    }),
    [VALIDATE]: () => validation(),
  });
}

beforeEach(() => {
  vi.mocked(apiFetch).mockReset();
});
afterEach(() => cleanup());

async function fill(user: ReturnType<typeof userEvent.setup>, reference = '') {
  await user.type(await screen.findByLabelText('Account number'), '123456789012');
  await user.type(screen.getByLabelText('IFSC'), 'HDFC0001234');
  await user.type(screen.getByLabelText("Account holder's name"), 'Ravi K');
  if (reference) await user.type(screen.getByLabelText(/Customer reference number/), reference);
}

describe('/flow/validate', () => {
  it('validates an account and shows the result card', async () => {
    const server = api();
    const user = userEvent.setup();
    renderPage(<ValidatePage />);
    await fill(user);
    expect(await screen.findByText('HDFC Bank')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Validate account' }));

    const card = await screen.findByRole('region', { name: 'Account verified' });
    // Verified: the bank knows the account and the name matches (green only for MATCH).
    expect(within(card).getByText('Match').className).toContain('bg-green-100');
    expect(within(card).getByText('RAVI KUMAR')).toBeTruthy();
    expect(within(card).getByText('Match (87%)')).toBeTruthy();
    expect(within(card).getByText('BRN778899')).toBeTruthy();
    expect(within(card).getByText('₹2.00')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'See all validations' }).getAttribute('href')).toBe(
      '/flow/validate-bank-account',
    );
    // No reference typed: none is sent.
    expect(server.callsTo('POST', '/core_banking/money_transfer/validate_account')[0]!.body).toEqual({
      beneficiary_account_number: '123456789012',
      ifsc_code: 'HDFC0001234',
      beneficiary_name: 'Ravi K',
    });
  });

  it('shows a failed validation with its reason', async () => {
    const server = api();
    server.routes[VALIDATE] = () =>
      validation({
        status: 'FAILURE',
        registered_name: null,
        name_match_score: null,
        name_match: null,
        status_message: 'Account does not exist',
        bank_reference_number: null,
      });
    const user = userEvent.setup();
    renderPage(<ValidatePage />);
    await fill(user, 'CHECK-42');
    await user.click(screen.getByRole('button', { name: 'Validate account' }));
    const card = await screen.findByRole('region', { name: 'Account could not be verified' });
    expect(within(card).getByText('Account does not exist')).toBeTruthy();
    expect(server.callsTo('POST', '/core_banking/money_transfer/validate_account')[0]!.body).toMatchObject({
      customer_reference_number: 'CHECK-42',
    });
  });

  it('never shows a mismatched name as verified: red for NO_MATCH, amber for PARTIAL, with the registered name', async () => {
    const server = api();
    server.routes[VALIDATE] = () =>
      validation({
        name_given: 'Ravi K',
        registered_name: 'SUNRISE TRADING COMPANY',
        name_match_score: 20,
        name_match: 'NO_MATCH',
      });
    const user = userEvent.setup();
    renderPage(<ValidatePage />);
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Validate account' }));
    const card = await screen.findByRole('region', { name: 'Account found: the name does not match' });
    expect(screen.queryByRole('region', { name: 'Account verified' })).toBeNull();
    expect(within(card).queryByText('SUCCESS')).toBeNull();
    expect(within(card).getByText('No match').className).toContain('bg-red-100');
    expect(within(card).getByText('No match (20%)')).toBeTruthy();
    expect(
      within(card).getByText(
        'The bank has this account under the name SUNRISE TRADING COMPANY, not Ravi K (No match (20%)).',
      ),
    ).toBeTruthy();

    server.routes[VALIDATE] = () =>
      validation({ registered_name: 'RAVI KUMAR SHARMA', name_match_score: 72, name_match: 'PARTIAL' });
    await user.clear(screen.getByLabelText("Account holder's name"));
    await user.type(screen.getByLabelText("Account holder's name"), 'Ravi Sharma');
    await user.click(screen.getByRole('button', { name: 'Validate account' }));
    const partial = await screen.findByRole('region', {
      name: 'Account found: the name only partly matches',
    });
    expect(within(partial).getByText('Partial match').className).toContain('bg-yellow-100');
    expect(within(partial).getByText('Partial match (72%)')).toBeTruthy();
    expect(within(partial).getByText('RAVI KUMAR SHARMA')).toBeTruthy();
  });

  it('validates the fields before sending', async () => {
    const server = api();
    const user = userEvent.setup();
    renderPage(<ValidatePage />);
    await user.type(await screen.findByLabelText('Account number'), '12ab');
    await user.click(screen.getByRole('button', { name: 'Validate account' }));
    expect(await screen.findByText('An account number is 9 to 18 digits')).toBeTruthy();
    expect(screen.getByText('Enter the IFSC')).toBeTruthy();
    expect(server.callsTo('POST', '/core_banking/money_transfer/validate_account')).toHaveLength(0);
  });

  it('retries with the same key after a network error', async () => {
    const server = api();
    let attempts = 0;
    server.routes[VALIDATE] = () => {
      if (++attempts === 1) throw new ApiError('TIMEOUT_ERROR', 'The request timed out');
      return validation();
    };
    const user = userEvent.setup();
    renderPage(<ValidatePage />);
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Validate account' }));
    expect((await screen.findByRole('alert')).textContent).toContain('The server did not answer in time.');
    await user.click(screen.getByRole('button', { name: 'Validate account' }));
    await screen.findByRole('region', { name: 'Account verified' });
    const calls = server.callsTo('POST', '/core_banking/money_transfer/validate_account');
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]!.headers.get('Idempotency-Key')).toBe(calls[0]!.headers.get('Idempotency-Key'));
  });
});
