import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ApiError, apiFetch, type ApiRequestInit } from '@/lib/api';
import type * as ApiClient from '@/lib/api/client';
import { toast } from '@/lib/toast';
import { CreateLinkForm } from './create-link-form';

vi.mock('@/lib/api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClient>()),
  apiFetch: vi.fn(),
}));
vi.mock('@/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const QR = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 29 29"><path d="M0 0h29v29H0z"/></svg>';

const linkAnswer = (body: Record<string, unknown>) => ({
  urn: 'PLK01JTEST0000000000000000',
  customer_reference_number: body.customer_reference_number,
  amount: body.amount ? Number(body.amount).toFixed(2) : null,
  customer_enters_amount: body.customer_enters_amount,
  min_amount: null,
  max_amount: null,
  purpose: body.purpose,
  customer_name: null,
  customer_email: null,
  customer_mobile: null,
  status: 'CREATED',
  link_url: 'http://localhost/pay/CLI.x',
  short_url: 'http://localhost/pay/CLI.x',
  upi_intent: 'upi://pay?pa=1@mrdn&pn=Acme&cu=INR',
  payee_vpa: '1@mrdn',
  account_number: '77001234567890',
  expires_at: '2030-01-01T00:00:00.000Z',
  paid_amount: null,
  bank_reference_number: null,
  paid_at: null,
  cancelled_at: null,
  failed_attempts: 0,
  livemode: true,
  created_at: '2026-11-23T00:00:00.000Z',
  updated_at: '2026-11-23T00:00:00.000Z',
  qr_svg: QR,
  attempts: [],
  callbacks: [],
});

type Call = { path: string; init: ApiRequestInit };
let calls: Call[] = [];
let answer: (call: Call) => unknown;

beforeEach(() => {
  calls = [];
  answer = (call) => linkAnswer(call.init.json as Record<string, unknown>);
  vi.mocked(apiFetch).mockReset();
  vi.mocked(apiFetch).mockImplementation(async (path: string, init: ApiRequestInit = {}) => {
    const call = { path, init };
    calls.push(call);
    return answer(call);
  });
  vi.mocked(toast.success).mockClear();
});
afterEach(() => cleanup());

function renderForm() {
  const onCreated = vi.fn();
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <CreateLinkForm onCreated={onCreated} />
    </QueryClientProvider>,
  );
  return { onCreated, user: userEvent.setup() };
}

const errorOf = (label: RegExp) => {
  const input = screen.getByLabelText(label);
  const id = input
    .getAttribute('aria-describedby')
    ?.split(' ')
    .find((x) => x.endsWith('-error'));
  return id ? document.getElementById(id)?.textContent : undefined;
};

describe('the create-a-payment-link form', () => {
  it('checks the fields before sending anything', async () => {
    const { user } = renderForm();
    // A fresh reference is filled in; without one the form says what a reference is.
    expect((screen.getByLabelText(/^Reference/) as HTMLInputElement).value).toMatch(/^LNK\d{8}-[0-9A-Z]{8}$/);
    await user.clear(screen.getByLabelText(/^Reference/));
    await user.click(screen.getByRole('button', { name: 'Create link' }));
    await waitFor(() => expect(errorOf(/^Reference/)).toMatch(/reference is 1 to 40/));
    expect(errorOf(/^Purpose/)).toBe('Enter what the payment is for');
    expect(errorOf(/^Amount/)).toBe('Enter an amount, or let the customer enter it');
    expect(screen.getByLabelText(/^Amount/).getAttribute('aria-invalid')).toBe('true');

    await user.clear(screen.getByLabelText(/^Reference/));
    await user.type(screen.getByLabelText(/^Reference/), 'has space');
    await user.type(screen.getByLabelText(/^Purpose/), 'Order 7');
    await user.type(screen.getByLabelText(/^Amount/), '0.50');
    await user.type(screen.getByLabelText(/^Customer e-mail/), 'nope');
    await user.type(screen.getByLabelText(/^Customer mobile/), '12345');
    await user.click(screen.getByRole('button', { name: 'Create link' }));
    await waitFor(() => expect(errorOf(/^Amount/)).toBe('Enter an amount from ₹1.00 to ₹1,00,000.00'));
    expect(errorOf(/^Reference/)).toMatch(/letters, digits, _ or -/);
    expect(errorOf(/^Customer e-mail/)).toBe('Enter a valid e-mail address');
    expect(errorOf(/^Customer mobile/)).toBe('Enter a 10-digit Indian mobile number');
    expect(errorOf(/^Purpose/)).toBeFalsy();
    expect(calls).toEqual([]);
  });

  it('checks the limits of an amount the customer enters', async () => {
    const { user } = renderForm();
    await user.click(screen.getByLabelText('The customer enters the amount'));
    expect(screen.queryByLabelText(/^Amount/)).toBeNull();
    await user.clear(screen.getByLabelText(/^Reference/));
    await user.type(screen.getByLabelText(/^Reference/), 'TIP-1');
    await user.type(screen.getByLabelText(/^Purpose/), 'Tips');
    await user.type(screen.getByLabelText(/^Minimum amount/), '500');
    await user.type(screen.getByLabelText(/^Maximum amount/), '100');
    await user.click(screen.getByRole('button', { name: 'Create link' }));
    await waitFor(() => expect(errorOf(/^Maximum amount/)).toBe('The maximum must not be below the minimum'));
    expect(calls).toEqual([]);
  });

  it('sends the contract body with an Idempotency-Key and shows server field errors', async () => {
    const { user, onCreated } = renderForm();
    answer = () => {
      throw new ApiError(409, 'customer_reference_number INV-1 was already used', {
        status: 409,
        message: 'customer_reference_number INV-1 was already used',
        error: 'duplicate_reference',
        fields: { customer_reference_number: 'is already used' },
      });
    };
    await user.clear(screen.getByLabelText(/^Reference/));
    await user.type(screen.getByLabelText(/^Reference/), 'INV-1');
    await user.type(screen.getByLabelText(/^Purpose/), 'Invoice 1');
    await user.type(screen.getByLabelText(/^Amount/), '1250.5');
    await user.click(screen.getByRole('button', { name: 'Create link' }));
    await waitFor(() => expect(errorOf(/^Reference/)).toBe('is already used'));
    expect(screen.getByRole('alert').textContent).toContain('already used');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.path).toBe('/v2/payments/links');
    expect(calls[0]!.init.json).toEqual({
      customer_reference_number: 'INV-1',
      purpose: 'Invoice 1',
      amount: '1250.5',
      customer_enters_amount: false,
    });
    const firstKey = (calls[0]!.init.headers as Record<string, string>)['Idempotency-Key'];
    expect(firstKey).toBeTruthy();

    answer = (call) => linkAnswer(call.init.json as Record<string, unknown>);
    await user.clear(screen.getByLabelText(/^Reference/));
    await user.type(screen.getByLabelText(/^Reference/), 'INV-2');
    await user.click(screen.getByRole('button', { name: 'Create link' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalledTimes(1));
    expect((calls[1]!.init.headers as Record<string, string>)['Idempotency-Key']).not.toBe(firstKey);
    expect(toast.success).toHaveBeenCalledWith('Payment link INV-2 created');
  });
});
