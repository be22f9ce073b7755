import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiFetch } from '@/lib/api';
import type * as ApiClient from '@/lib/api/client';
import { toast } from '@/lib/toast';
import { fakeApi, renderPage, serverError } from '@/test/render-page';
import { CreateMandateForm } from './create-mandate-form';

vi.mock('@/lib/api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClient>()),
  apiFetch: vi.fn(),
}));
vi.mock('@/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const CREATE = 'POST /v2/mandates';

function mandate(body: Record<string, unknown>) {
  return {
    urn: 'MDT01KAXXXXXXXXXXXXXXXXXXXXXX',
    customer_reference_number: body.customer_reference_number,
    type: body.type,
    status: 'PENDING',
    status_message: null,
    umrn: null,
    customer_name: body.customer_name,
    customer_email: null,
    customer_mobile: '9812345678',
    account_number: body.account_number || null,
    ifsc_code: body.ifsc_code || null,
    account_type: body.account_type || null,
    bank_name: 'HDFC Bank',
    vpa: body.vpa || null,
    max_amount: '5000.00',
    frequency: body.frequency,
    start_date: body.start_date,
    end_date: null,
    authorisation_url: 'http://localhost/meridian/hosted/mandates/abc',
    authorisation_expires_at: '2026-11-30T00:00:00.000Z',
    credit_account_number: '77001234567890',
    livemode: true,
    created_at: '2026-11-23T07:00:00.000Z',
    updated_at: '2026-11-23T07:00:00.000Z',
  };
}

beforeEach(() => {
  vi.mocked(apiFetch).mockReset();
  vi.mocked(toast.success).mockClear();
});
afterEach(() => cleanup());

describe('the create-mandate form', () => {
  it('checks the fields with the contract before anything is sent', async () => {
    const api = fakeApi(apiFetch, { [CREATE]: (call) => mandate(call.body as Record<string, unknown>) });
    const user = userEvent.setup();
    renderPage(<CreateMandateForm onCreated={vi.fn()} />);
    await user.click(await screen.findByRole('button', { name: 'Register mandate' }));
    expect(await screen.findByText('A NACH mandate needs the payer’s account number')).toBeTruthy();
    expect(screen.getByText('Enter a 10-digit Indian mobile number')).toBeTruthy();
    expect(screen.getByLabelText('Customer name').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Account number').getAttribute('aria-invalid')).toBe('true');

    // UPI autopay: a VPA instead of the bank account, and its own ceiling.
    await user.selectOptions(screen.getByLabelText('Mandate type'), 'UPI_AUTOPAY');
    expect(screen.queryByLabelText('Account number')).toBeNull();
    await user.type(screen.getByLabelText('Customer name'), 'Rahul Sharma');
    await user.type(screen.getByLabelText('Customer mobile'), '9812345678');
    await user.type(screen.getByLabelText('UPI id (VPA)'), 'not-a-vpa');
    await user.type(screen.getByLabelText('Maximum amount per debit (₹)'), '150000');
    await user.click(screen.getByRole('button', { name: 'Register mandate' }));
    expect(await screen.findByText('Enter a UPI id (VPA) such as name@bank')).toBeTruthy();
    expect(screen.getByText(/Outside the limits of UPI autopay/)).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  it('sends a valid mandate once with an Idempotency-Key and puts server errors on their fields', async () => {
    let refuse = true;
    const api = fakeApi(apiFetch, {
      [CREATE]: (call) => {
        if (refuse)
          throw serverError(409, 'customer_reference_number EMI-1 was already used', 'duplicate_reference', {
            customer_reference_number: 'is already used',
          });
        return mandate(call.body as Record<string, unknown>);
      },
    });
    const onCreated = vi.fn();
    const user = userEvent.setup();
    renderPage(<CreateMandateForm onCreated={onCreated} />);
    const reference = await screen.findByLabelText('Customer reference');
    await user.clear(reference);
    await user.type(reference, 'EMI-1');
    await user.type(screen.getByLabelText('Customer name'), 'Kavya Menon');
    await user.type(screen.getByLabelText('Customer mobile'), '+919812345678');
    await user.type(screen.getByLabelText('Account number'), '50100099887766');
    await user.type(screen.getByLabelText('IFSC'), 'hdfc0000001');
    await user.type(screen.getByLabelText('Maximum amount per debit (₹)'), '5000');
    await user.click(screen.getByRole('button', { name: 'Register mandate' }));
    expect(await screen.findByText('is already used')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('already used');

    const [first] = api.callsTo('POST', '/v2/mandates');
    expect(first!.body).toMatchObject({
      type: 'NACH',
      ifsc_code: 'HDFC0000001',
      account_type: 'SAVINGS',
      vpa: '',
      max_amount: '5000',
      frequency: 'MONTHLY',
    });
    expect(first!.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);

    refuse = false;
    await user.clear(reference);
    await user.type(reference, 'EMI-2');
    await user.click(screen.getByRole('button', { name: 'Register mandate' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalledTimes(1));
    const second = api.callsTo('POST', '/v2/mandates')[1]!;
    expect(second.headers.get('Idempotency-Key')).not.toBe(first!.headers.get('Idempotency-Key'));
    expect(toast.success).toHaveBeenCalledWith(
      'Mandate MDT01KAXXXXXXXXXXXXXXXXXXXXXX registered',
      expect.anything(),
    );
  });
});
