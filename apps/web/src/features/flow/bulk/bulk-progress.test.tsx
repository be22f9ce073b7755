import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import type { Bulk } from '@meridian/contract/bulk';
import { apiFetch } from '@/lib/api';
import type * as ApiClient from '@/lib/api/client';
import { fakeApi, renderPage } from '@/test/render-page';
import { BulkProgress } from './bulk-progress';

vi.mock('@/lib/api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClient>()),
  apiFetch: vi.fn(),
}));

const URN = 'BLK01JTEST000000000000009';
const PROGRESS = `GET /meridian/read/fetch/bulk/${URN}`;

const bulk = (overrides: Partial<Bulk> = {}): Bulk => ({
  urn: URN,
  file_name: 'payouts.csv',
  format: 'csv',
  status: 'PROCESSING',
  sender_account_number: '100000000001',
  total_rows: 4,
  done: 3,
  processing: 1,
  failed: 0,
  pending: 0,
  total_amount: '4000.00',
  created_by: 'ops@acme.test',
  created_at: '2025-09-03T10:15:30.000Z',
  updated_at: '2025-09-03T10:15:30.000Z',
  completed_at: null,
  livemode: true,
  ...overrides,
});

beforeEach(() => {
  vi.mocked(apiFetch).mockReset();
});
afterEach(() => {
  cleanup();
});

describe('the bulk progress summary', () => {
  it('shows a payout still on the rail as in progress, never as paid, until the server says it settled', async () => {
    let settled = false;
    fakeApi(apiFetch, {
      [PROGRESS]: () =>
        settled
          ? bulk({ status: 'COMPLETED', done: 4, processing: 0, completed_at: '2025-09-03T10:21:00Z' })
          : bulk(),
    });
    renderPage(
      <BulkProgress
        created={bulk({ status: 'QUEUED', done: 0, processing: 0, pending: 4 })}
        pollMs={20}
        onNewUpload={() => {}}
      />,
    );
    const region = await screen.findByRole('region', { name: /Processing the bulk/ });

    // Every row is a payout, one still PENDING on the rail: not completed, not "Done".
    await within(region).findByText('Waiting for the bank: 1 in progress, 3 paid, 0 failed so far.');
    expect(within(region).getByText('Processing')).toBeTruthy();
    expect(within(region).queryByText(/^Done:/)).toBeNull();
    expect(within(region).queryByText('Completed')).toBeNull();
    const bar = within(region).getByRole('progressbar', { name: 'Rows processed' });
    expect(bar.getAttribute('aria-valuenow')).toBe('3');
    expect(bar.getAttribute('aria-valuetext')).toBe('3 of 4 rows processed, 1 in progress');
    const inProgress = within(region).getByText('In progress').nextElementSibling;
    expect(inProgress?.textContent).toBe('1');
    // The response file already lists each row with its payout's status.
    expect(within(region).getByRole('button', { name: 'Download the response file' })).toBeTruthy();

    settled = true;
    const done = await screen.findByRole('region', { name: /Bulk processed/ });
    await within(done).findByText('Done: 4 paid, 0 failed.');
    expect(within(done).getByText('Completed')).toBeTruthy();
    expect(
      within(done).getByRole('progressbar', { name: 'Rows processed' }).getAttribute('aria-valuetext'),
    ).toBe('4 of 4 rows processed');
  });

  it('says nothing is paid while the rows are still being made into payouts', async () => {
    fakeApi(apiFetch, { [PROGRESS]: () => bulk({ done: 0, processing: 2, pending: 2 }) });
    renderPage(
      <BulkProgress
        created={bulk({ status: 'QUEUED', done: 0, processing: 0, pending: 4 })}
        pollMs={20}
        onNewUpload={() => {}}
      />,
    );
    const region = await screen.findByRole('region', { name: /Processing the bulk/ });
    await within(region).findByText('Paying the rows…');
    expect(within(region).queryByRole('button', { name: 'Download the response file' })).toBeNull();
  });

  it('says a bulk waiting for approval has paid nothing, and a rejected one never will', async () => {
    let rejected = false;
    const held = { status: 'PENDING_APPROVAL', done: 0, processing: 0, pending: 4 } as const;
    fakeApi(apiFetch, {
      [PROGRESS]: () =>
        rejected ? bulk({ ...held, status: 'REJECTED', pending: 0, failed: 4 }) : bulk(held),
    });
    renderPage(<BulkProgress created={bulk(held)} pollMs={20} onNewUpload={() => {}} />);
    const region = await screen.findByRole('region', { name: /Bulk waiting for approval/ });
    await within(region).findByText(
      'Waiting for approval: nothing is paid until an approver approves this bulk in Approvals.',
    );
    expect(within(region).queryByText(/paid,/)).toBeNull();
    expect(within(region).queryByRole('button', { name: 'Download the response file' })).toBeNull();

    rejected = true;
    const done = await screen.findByRole(
      'region',
      { name: /Bulk processed/ },
      { timeout: 20_000 }, // a held bulk is asked for again every 5 s
    );
    await within(done).findByText(
      'The bulk was not approved: nothing was paid (the response file says why for each row).',
    );
    expect(within(done).queryByText(/^Done:/)).toBeNull();
  }, 12_000);
});
