import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { coolingOffText } from '@meridian/contract';
import { ApiError, apiFetch } from '@/lib/api';
import type * as ApiClient from '@/lib/api/client';
import {
  ACCOUNT,
  BENEFICIARY_OPTION,
  fakeApi,
  PAYMENT_METHODS,
  payout,
  renderPage,
  serverError,
} from '@/test/render-page';
import { InitiatePayoutPage } from './initiate-payout-page';

vi.mock('@/lib/api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClient>()),
  apiFetch: vi.fn(),
}));

const POLL_MS = 25;
const INITIATE = 'POST /core_banking/money_transfer/initiate';
const STATUS = `GET /meridian/read/fetch/transaction/payouts/${payout().urn}`;

function flowApi(frontendPayout = true, beneficiaryOption: object = BENEFICIARY_OPTION) {
  return fakeApi(apiFetch, {
    'GET /meridian/read/fetch/feature_flags': () => ({
      frontend_payout: frontendPayout,
      bulk_frontend_payout: false,
    }),
    'GET /meridian/read/fetch/dropdown/provider_accounts': () => ({ data: [ACCOUNT] }),
    'GET /meridian/read/fetch/dropdown/beneficiaries': () => ({ data: [beneficiaryOption] }),
    'GET /meridian/read/fetch/dropdown/payment_methods': () => ({ data: PAYMENT_METHODS }),
    'GET /meridian/read/fetch/balance': () => ({
      data: [{ ...ACCOUNT, currency: 'INR', balance: '1000000.00', updated_at: '2025-09-03T10:00:00Z' }],
    }),
  });
}

beforeEach(() => {
  vi.mocked(apiFetch).mockReset();
});
afterEach(() => {
  cleanup();
});

/** Fills step 1 with a payout to BEN001; the transfer type and sender follow the beneficiary. */
async function fillDetails(user: ReturnType<typeof userEvent.setup>, amount: string, transferType?: string) {
  const beneficiary = await screen.findByLabelText('Beneficiary');
  await waitFor(() => expect(within(beneficiary).getByRole('option', { name: /Ravi Kumar/ })).toBeTruthy());
  await user.selectOptions(beneficiary, 'BEN001');
  if (transferType) await user.selectOptions(screen.getByLabelText('Transfer type'), transferType);
  const amountInput = screen.getByLabelText('Amount (₹)');
  await user.clear(amountInput);
  await user.type(amountInput, amount);
  const purpose = screen.getByLabelText('Purpose');
  await user.clear(purpose);
  await user.type(purpose, 'Invoice 1042');
}

describe('/flow/initiate-payout', () => {
  it('says so, without a form, when dashboard payouts are not enabled', async () => {
    flowApi(false);
    renderPage(<InitiatePayoutPage />);
    expect(await screen.findByText('Dashboard payouts are not enabled for this account')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Review payout' })).toBeNull();
    expect(screen.queryByLabelText('Beneficiary')).toBeNull();
  });

  it('checks the amount against the limits of the chosen transfer type, naming the limit', async () => {
    flowApi();
    const user = userEvent.setup();
    renderPage(<InitiatePayoutPage />);
    await fillDetails(user, '500000.01');
    // The beneficiary brought its transfer type (IMPS) and sender account.
    expect((screen.getByLabelText('Transfer type') as HTMLSelectElement).value).toBe('IMPS');
    expect((screen.getByLabelText('Pay from') as HTMLSelectElement).value).toBe(ACCOUNT.account_number);
    await user.click(screen.getByRole('button', { name: 'Review payout' }));

    const amount = screen.getByLabelText('Amount (₹)');
    expect(await screen.findByText('The maximum for IMPS is ₹5,00,000.00')).toBeTruthy();
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect(amount.getAttribute('aria-describedby')).toContain('payout-amount-error');
    expect(screen.queryByText('Confirm the payout')).toBeNull();

    await user.selectOptions(screen.getByLabelText('Transfer type'), 'RTGS');
    await user.clear(amount);
    await user.type(amount, '150000');
    expect(await screen.findByText('The minimum for RTGS is ₹2,00,000.00')).toBeTruthy();

    await user.selectOptions(screen.getByLabelText('Transfer type'), 'NEFT');
    await waitFor(() => expect(screen.queryByText(/The minimum for/)).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Review payout' }));
    const confirm = await screen.findByRole('region', { name: 'Confirm the payout' });
    expect(within(confirm).getByText('₹1,50,000.00')).toBeTruthy();
    expect(within(confirm).getByText(/Ravi Kumar/)).toBeTruthy();
    expect(within(confirm).getByText('NEFT (half-hourly batches)')).toBeTruthy();
    expect(within(confirm).getByText('Invoice 1042')).toBeTruthy();
    expect(within(confirm).getByText(/^REF\d{8}-[0-9A-Z]{8}$/)).toBeTruthy();
  });

  it("shows a new beneficiary's cooling-off limits once it is chosen", async () => {
    const until = new Date(Date.now() + 20 * 3_600_000).toISOString();
    flowApi(true, { ...BENEFICIARY_OPTION, cooling_off_until: until, cooling_off_limit: '25000.00' });
    const user = userEvent.setup();
    renderPage(<InitiatePayoutPage />);
    expect(screen.queryByTestId('cooling-off-notice')).toBeNull();
    await fillDetails(user, '1000');
    const notice = await screen.findByTestId('cooling-off-notice');
    expect(notice.textContent).toContain(coolingOffText('25000.00', until));
    expect(notice.textContent).toMatch(
      /^New beneficiary: up to ₹25,000 per payout until \d{1,2} \w{3} \d{4}, \d{2}:\d{2}/,
    );
  });

  it('says every payout waits for an approver while a new beneficiary’s name matched the bank’s below 70 %', async () => {
    const until = new Date(Date.now() + 20 * 3_600_000).toISOString();
    flowApi(true, {
      ...BENEFICIARY_OPTION,
      cooling_off_until: until,
      cooling_off_limit: '25000.00',
      name_match_score: 42,
    });
    const user = userEvent.setup();
    renderPage(<InitiatePayoutPage />);
    await fillDetails(user, '1000');
    const notice = await screen.findByTestId('cooling-off-notice');
    expect(notice.textContent).toContain(
      "The bank's name matched only 42 %: every payout to it waits for an approver until then.",
    );
  });

  it('goes back to the details with the values kept', async () => {
    flowApi();
    const user = userEvent.setup();
    renderPage(<InitiatePayoutPage />);
    await fillDetails(user, '2500');
    await user.click(screen.getByRole('button', { name: 'Review payout' }));
    await user.click(await screen.findByRole('button', { name: 'Back' }));
    expect((screen.getByLabelText('Amount (₹)') as HTMLInputElement).value).toBe('2500');
    expect((screen.getByLabelText('Beneficiary') as HTMLSelectElement).value).toBe('BEN001');
  });

  it('retries a confirmed payout with the same Idempotency-Key after a network error, then polls its status', async () => {
    const api = flowApi();
    let attempts = 0;
    api.routes[INITIATE] = () => {
      attempts++;
      if (attempts === 1) throw new ApiError('FETCH_ERROR', 'Failed to fetch');
      return payout();
    };
    let polls = 0;
    api.routes[STATUS] = () => {
      polls++;
      return polls < 2
        ? payout()
        : payout({
            status: 'SUCCESS',
            bank_reference_number: 'UTR5566778899',
            updated_at: '2025-09-03T10:16:00Z',
          });
    };
    const user = userEvent.setup();
    renderPage(<InitiatePayoutPage pollMs={POLL_MS} />);
    await fillDetails(user, '150000', 'NEFT');
    await user.click(screen.getByRole('button', { name: 'Review payout' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm payout of ₹1,50,000.00' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The payout may not have been sent');
    expect(alert.textContent).toContain('The server could not be reached (Failed to fetch).');
    await user.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByRole('region', { name: 'Payout initiated' })).toBeTruthy();
    const sent = api.callsTo('POST', '/core_banking/money_transfer/initiate');
    expect(sent).toHaveLength(2);
    const key = sent[0]!.headers.get('Idempotency-Key');
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent[1]!.headers.get('Idempotency-Key')).toBe(key);
    expect(sent[1]!.body).toEqual(sent[0]!.body);
    expect(sent[0]!.body).toMatchObject({
      beneficiary_code: 'BEN001',
      amount: '150000',
      transfer_type: 'NEFT',
      sender_account_number: ACCOUNT.account_number,
      purpose_message: 'Invoice 1042',
    });

    expect(screen.getByText(payout().urn)).toBeTruthy();
    expect(await screen.findByText('Paid. UTR UTR5566778899.')).toBeTruthy();
    // Polling stopped at the final state.
    const settled = polls;
    await new Promise((r) => setTimeout(r, POLL_MS * 5));
    expect(polls).toBe(settled);

    const link = screen.getByRole('link', { name: 'View in payouts' });
    const href = new URL(link.getAttribute('href')!, 'http://x');
    expect(href.pathname).toBe('/flow/payouts');
    expect(href.searchParams.get('selected')).toBe(payout().urn);
    expect(href.searchParams.get('search_key')).toBe('meridian_urn');
    expect(href.searchParams.get('search_value')).toBe(payout().urn);

    // A new payout is a new submission with a new key.
    await user.click(screen.getByRole('button', { name: 'New payout' }));
    await fillDetails(user, '150000', 'NEFT');
    await user.click(screen.getByRole('button', { name: 'Review payout' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm payout of ₹1,50,000.00' }));
    await screen.findByRole('region', { name: 'Payout initiated' });
    const third = api.callsTo('POST', '/core_banking/money_transfer/initiate')[2]!;
    expect(third.headers.get('Idempotency-Key')).not.toBe(key);
  });

  it('shows a failure reason once the payout fails', async () => {
    const api = flowApi();
    api.routes[INITIATE] = () => payout();
    api.routes[STATUS] = () => payout({ status: 'FAILURE', status_message: 'Beneficiary account is closed' });
    const user = userEvent.setup();
    renderPage(<InitiatePayoutPage pollMs={POLL_MS} />);
    await fillDetails(user, '150000', 'NEFT');
    await user.click(screen.getByRole('button', { name: 'Review payout' }));
    await user.click(await screen.findByRole('button', { name: /Confirm payout/ }));
    expect(await screen.findByText('The payout failed: Beneficiary account is closed.')).toBeTruthy();
  });

  it('puts a refusal about a field back on that field, with the server message above the form', async () => {
    const api = flowApi();
    api.routes[INITIATE] = () => {
      throw serverError(422, 'Insufficient balance in account 100000000001', 'insufficient_balance');
    };
    const user = userEvent.setup();
    renderPage(<InitiatePayoutPage />);
    await fillDetails(user, '150000', 'NEFT');
    await user.click(screen.getByRole('button', { name: 'Review payout' }));
    await user.click(await screen.findByRole('button', { name: /Confirm payout/ }));

    const amount = await screen.findByLabelText('Amount (₹)');
    await waitFor(() => expect(amount.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById('payout-amount-error')?.textContent).toBe(
      'Insufficient balance in account 100000000001',
    );
    expect(screen.getByRole('alert').textContent).toContain('The payout was not sent');
    expect(document.activeElement).toBe(amount);
  });

  it('maps the field errors of a 409 onto the form instead of offering a retry', async () => {
    const api = flowApi();
    api.routes[INITIATE] = () => {
      throw serverError(409, 'This customer reference number was already used', 'conflict', {
        customer_reference_number: 'Already used by payout PAY01J…',
      });
    };
    const user = userEvent.setup();
    renderPage(<InitiatePayoutPage />);
    await fillDetails(user, '150000', 'NEFT');
    await user.click(screen.getByRole('button', { name: 'Review payout' }));
    await user.click(await screen.findByRole('button', { name: /Confirm payout/ }));
    const reference = await screen.findByLabelText('Customer reference number');
    await waitFor(() => expect(reference.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Already used by payout PAY01J…')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain(
      'This customer reference number was already used',
    );
  });

  it('shows a refusal without field errors on the confirm step', async () => {
    const api = flowApi();
    api.routes[INITIATE] = () => {
      throw serverError(422, 'Beneficiary BEN001 is inactive', 'beneficiary_inactive');
    };
    const user = userEvent.setup();
    renderPage(<InitiatePayoutPage />);
    await fillDetails(user, '150000', 'NEFT');
    await user.click(screen.getByRole('button', { name: 'Review payout' }));
    await user.click(await screen.findByRole('button', { name: /Confirm payout/ }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Beneficiary BEN001 is inactive');
    expect(screen.getByRole('region', { name: 'Confirm the payout' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });
});
