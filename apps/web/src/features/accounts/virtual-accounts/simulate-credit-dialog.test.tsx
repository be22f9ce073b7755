import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiFetch, type ApiRequestInit } from '@/lib/api';
import type * as ApiClient from '@/lib/api/client';
import { credit, renderWithClient } from '../testing';
import { SimulateCreditForm } from './simulate-credit-dialog';

vi.mock('@/lib/api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClient>()),
  apiFetch: vi.fn(),
}));
vi.mock('@/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const fetchMock = vi.mocked(apiFetch);
const VA = '222200001234';

beforeEach(() => fetchMock.mockReset());
afterEach(cleanup);

function setup() {
  const user = userEvent.setup();
  const view = renderWithClient(<SimulateCreditForm accountNumber={VA} onDone={() => {}} />);
  return { user, ...view };
}

const submit = (user: ReturnType<typeof userEvent.setup>) =>
  user.click(screen.getByRole('button', { name: 'Simulate credit' }));

async function fillCommon(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/^Amount/), '1250');
  await user.type(screen.getByLabelText('Remitter name'), 'Asha Rao');
}

describe('simulate a credit dialog', () => {
  it('asks for the account and IFSC on NEFT/IMPS/RTGS and the UPI id on UPI (contract SimulateCredit)', async () => {
    const { user } = setup();
    expect((screen.getByLabelText('Virtual account number') as HTMLInputElement).value).toBe(VA);
    await fillCommon(user);
    await submit(user);
    expect(await screen.findByText('A IMPS credit needs the remitter account number and IFSC')).toBeTruthy();

    await user.selectOptions(screen.getByLabelText('Mode'), 'UPI');
    expect(screen.queryByLabelText('Remitter account number')).toBeNull();
    await submit(user);
    expect(await screen.findByText('A UPI credit needs the remitter UPI id')).toBeTruthy();
    await user.type(screen.getByLabelText('Remitter UPI id'), 'not a upi id');
    await user.type(screen.getByLabelText(/UTR/), 'short');
    await submit(user);
    expect(await screen.findByText('Enter a UPI id like name@bank')).toBeTruthy();
    expect(screen.getByText('A UTR is 12 to 22 letters and digits')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends only the fields of the mode and shows a credited answer', async () => {
    fetchMock.mockImplementation(async (_p: string, init: ApiRequestInit = {}) => ({
      ...credit({ ...(init.json as object) }),
      duplicate: false,
    }));
    const { user, queryClient } = setup();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    await fillCommon(user);
    await user.type(screen.getByLabelText('Remitter account number'), '123456789012');
    await user.type(screen.getByLabelText('Remitter IFSC'), 'hdfc0001234');
    await user.selectOptions(screen.getByLabelText('Mode'), 'NEFT');
    await submit(user);

    expect(await screen.findByText('Credited')).toBeTruthy();
    const [path, init] = fetchMock.mock.calls[0]!;
    expect(path).toBe('/meridian/sandbox/simulate/credit');
    expect(init?.method).toBe('POST');
    expect(init?.json).toEqual({
      virtual_account_number: VA,
      amount: '1250',
      mode: 'NEFT',
      remitter_name: 'Asha Rao',
      remitter_account_number: '123456789012',
      remitter_ifsc: 'HDFC0001234',
    });
    // Lists, balances, the overview and transactions refresh.
    expect(invalidate).toHaveBeenCalled();
  });

  it('shows a returned credit with its reason', async () => {
    fetchMock.mockResolvedValue({
      ...credit({ status: 'RETURNED', return_reason: 'Amount differs from the expected ₹500.00' }),
      duplicate: false,
    });
    const { user } = setup();
    await user.selectOptions(screen.getByLabelText('Mode'), 'UPI');
    await fillCommon(user);
    await user.type(screen.getByLabelText('Remitter UPI id'), 'asha@okbank');
    await submit(user);
    expect(await screen.findByText('Returned to the remitter')).toBeTruthy();
    expect(screen.getByText('Amount differs from the expected ₹500.00')).toBeTruthy();
    expect(fetchMock.mock.calls[0]![1]?.json).toMatchObject({ mode: 'UPI', remitter_upi_id: 'asha@okbank' });
    expect(fetchMock.mock.calls[0]![1]?.json).not.toHaveProperty('remitter_account_number');
  });

  it('says when the UTR had already arrived', async () => {
    fetchMock.mockResolvedValue({ ...credit(), duplicate: true });
    const { user } = setup();
    await fillCommon(user);
    await user.type(screen.getByLabelText('Remitter account number'), '123456789012');
    await user.type(screen.getByLabelText('Remitter IFSC'), 'HDFC0001234');
    await user.type(screen.getByLabelText(/UTR/), 'UTR000000000001');
    await submit(user);
    await waitFor(() => expect(screen.getByText(/Duplicate UTR/)).toBeTruthy());
    expect(fetchMock.mock.calls[0]![1]?.json).toMatchObject({ utr: 'UTR000000000001' });
  });
});
