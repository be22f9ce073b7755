import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, apiFetch, type ApiRequestInit } from '@/lib/api';
import type * as ApiClient from '@/lib/api/client';
import { toast } from '@/lib/toast';
import { renderWithClient, virtualAccount } from '../testing';
import { CreateVirtualAccountForm } from './create-va-dialog';

vi.mock('@/lib/api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClient>()),
  apiFetch: vi.fn(),
}));
vi.mock('@/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const fetchMock = vi.mocked(apiFetch);
let onDone: ReturnType<typeof vi.fn>;

beforeEach(() => {
  fetchMock.mockReset();
  vi.mocked(toast.success).mockReset();
  onDone = vi.fn();
});
afterEach(cleanup);

function setup() {
  const user = userEvent.setup();
  const view = renderWithClient(<CreateVirtualAccountForm onDone={onDone as () => void} />);
  return { user, ...view };
}

const submit = (user: ReturnType<typeof userEvent.setup>) =>
  user.click(screen.getByRole('button', { name: 'Create virtual account' }));

describe('create virtual account dialog', () => {
  it('validates in the browser with the contract schema before any call', async () => {
    const { user } = setup();
    await submit(user);
    expect(await screen.findByText(/A name is 2 to 100 letters/)).toBeTruthy();
    expect(screen.getByText(/A customer id is 1 to 64/)).toBeTruthy();
    expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');

    await user.type(screen.getByLabelText('Name'), 'Ravi Kumar');
    await user.type(screen.getByLabelText('Customer ID'), 'C 1');
    await user.type(screen.getByLabelText(/Expected amount/), '12.345');
    await user.click(screen.getByRole('button', { name: 'Add payer' }));
    await user.type(screen.getByLabelText('Payer 1 account number'), '12');
    await user.type(screen.getByLabelText(/Payer 1 IFSC/), 'hdfc1');
    await submit(user);
    expect(await screen.findByText(/A customer id is 1 to 64/)).toBeTruthy();
    expect(screen.getByText(/Enter an amount in rupees/)).toBeTruthy();
    expect(screen.getByText('An account number is 9 to 18 digits')).toBeTruthy();
    expect(screen.getByText(/An IFSC is 11 characters/)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the body without empty optional fields, toasts and closes', async () => {
    fetchMock.mockImplementation(async (_path: string, init: ApiRequestInit = {}) =>
      virtualAccount({ ...(init.json as object), allowed_payers: [] }),
    );
    const { user } = setup();
    await user.type(screen.getByLabelText('Name'), 'Ravi Kumar');
    await user.type(screen.getByLabelText('Customer ID'), 'C-1');
    await user.click(screen.getByRole('button', { name: 'Add payer' }));
    await user.type(screen.getByLabelText('Payer 1 account number'), '123456789012');
    await user.type(screen.getByLabelText(/Payer 1 IFSC/), 'hdfc0001234');
    await user.click(screen.getByRole('button', { name: 'Add payer' }));
    await user.type(screen.getByLabelText('Payer 2 account number'), '999988887777');
    await submit(user);

    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [path, init] = fetchMock.mock.calls[0]!;
    expect(path).toBe('/v2/banking/account/virtual');
    expect(init?.method).toBe('POST');
    expect(init?.json).toEqual({
      name: 'Ravi Kumar',
      customer_id: 'C-1',
      allowed_payers: [
        { account_number: '123456789012', ifsc: 'HDFC0001234' },
        { account_number: '999988887777' },
      ],
    });
    expect(toast.success).toHaveBeenCalledWith('Virtual account 222200001234 created', expect.anything());
  });

  it('removes a payer row', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Add payer' }));
    await user.click(screen.getByRole('button', { name: 'Add payer' }));
    await user.click(screen.getByRole('button', { name: 'Remove payer 1' }));
    expect(screen.queryByLabelText('Payer 2 account number')).toBeNull();
    expect(screen.getByLabelText('Payer 1 account number')).toBeTruthy();
  });

  it('puts the server field errors on their fields', async () => {
    fetchMock.mockRejectedValue(
      new ApiError(422, 'Validation failed', {
        status: 422,
        message: 'Validation failed',
        error: 'validation_error',
        fields: {
          customer_id: 'A virtual account for C-1 exists',
          'allowed_payers.0.ifsc': 'Unknown IFSC',
          colour: 'Not a field',
        },
      }),
    );
    const { user } = setup();
    await user.type(screen.getByLabelText('Name'), 'Ravi Kumar');
    await user.type(screen.getByLabelText('Customer ID'), 'C-1');
    await user.click(screen.getByRole('button', { name: 'Add payer' }));
    await user.type(screen.getByLabelText('Payer 1 account number'), '123456789012');
    await user.type(screen.getByLabelText(/Payer 1 IFSC/), 'HDFC0001234');
    await submit(user);

    expect(await screen.findByText('A virtual account for C-1 exists')).toBeTruthy();
    expect(screen.getByText('Unknown IFSC')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('colour: Not a field');
    expect(onDone).not.toHaveBeenCalled();
  });
});
