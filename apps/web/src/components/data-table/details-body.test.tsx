import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider, queryOptions } from '@tanstack/react-query';
import { ApiError } from '@/lib/api';
import { FetchedDetails, RowDetails } from './details-body';

afterEach(cleanup);

function renderFetched(queryFn: () => Promise<{ name: string }>) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const query = queryOptions({ queryKey: ['thing', 'T1'] as const, queryFn });
  render(
    <QueryClientProvider client={client}>
      <FetchedDetails id="T1" noun="thing" query={query}>
        {(thing) => <p>Name: {thing.name}</p>}
      </FetchedDetails>
    </QueryClientProvider>,
  );
}

describe('details dialog states (generic data table)', () => {
  it('shows loading lines, then the record', async () => {
    let resolve: (v: { name: string }) => void = () => {};
    renderFetched(() => new Promise((r) => (resolve = r)));
    expect(screen.getByText('Loading the thing…')).toBeTruthy();
    resolve({ name: 'Asha' });
    expect(await screen.findByText('Name: Asha')).toBeTruthy();
    expect(screen.queryByText('Loading the thing…')).toBeNull();
  });

  it('says a missing record is missing, without a retry button', async () => {
    renderFetched(() => Promise.reject(new ApiError(404, 'Not found')));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('There is no thing T1.');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('shows another failure with its message and retries on request', async () => {
    const user = userEvent.setup();
    const queryFn = vi
      .fn<() => Promise<{ name: string }>>()
      .mockRejectedValueOnce(new ApiError('TIMEOUT_ERROR', 'The request timed out'))
      .mockResolvedValueOnce({ name: 'Ravi' });
    renderFetched(queryFn);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The thing could not be loaded: The request timed out');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Name: Ravi')).toBeTruthy();
    expect(queryFn).toHaveBeenCalledTimes(2);
  });

  it('renders a row from the page, or says it is not on screen', () => {
    render(
      <RowDetails id="TX1" noun="transaction" row={{ amount: '10.00' }}>
        {(row) => <p>Amount {row.amount}</p>}
      </RowDetails>,
    );
    expect(screen.getByText('Amount 10.00')).toBeTruthy();
    cleanup();
    render(
      <RowDetails id="TX2" noun="transaction" row={undefined}>
        {() => <p>never</p>}
      </RowDetails>,
    );
    expect(screen.getByRole('alert').textContent).toBe(
      'Transaction TX2 is not in the list on screen. Change the dates or search for it to see its details.',
    );
  });
});
