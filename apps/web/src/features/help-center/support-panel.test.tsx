import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SupportTicket } from '@meridian/contract/support';
import { apiFetch } from '@/lib/api';
import type * as ApiClient from '@/lib/api/client';
import { renderPage, serverError } from '@/test/render-page';
import { SupportPanel } from './support-panel';

vi.mock('@/lib/api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClient>()),
  apiFetch: vi.fn(),
}));
vi.mock('@/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

afterEach(cleanup);

/** The list's query carries today's dates: answer by path, checking the fixed parameters. */
const mockApi = (
  answer: (
    path: string,
    init: { method?: string; json?: unknown; query?: Record<string, unknown> },
  ) => Promise<unknown>,
) => vi.mocked(apiFetch).mockImplementation((path, init = {}) => answer(path, init) as never);

/** The tickets list: the last 90 days, at most 50, in the user's time zone. */
const isTicketsList = (path: string, init: { query?: Record<string, unknown> }) =>
  path === '/meridian/read/search/support/tickets' &&
  init.query?.limit === 50 &&
  init.query.time_zone === 'Asia/Kolkata' &&
  typeof init.query.start_date === 'string' &&
  typeof init.query.end_date === 'string';

const ticket = (over: Partial<SupportTicket>): SupportTicket => ({
  urn: 'TKT01TEST',
  subject: 'Payout to account ending 0004 was returned',
  category: 'PAYOUTS',
  message: 'x'.repeat(30),
  status: 'RESOLVED',
  created_by: 'admin@acme.test',
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-20T12:00:00.000Z',
  status_changed_at: '2026-11-20T12:00:00.000Z',
  ...over,
});

describe('the support panel', () => {
  it('lists the tickets with their status, checks the form, sends it and lists the new ticket', async () => {
    const list = [ticket({})];
    const posted: unknown[] = [];
    mockApi(async (path, init) => {
      if (isTicketsList(path, init)) return { data: list };
      if (init.method === 'POST' && path === '/v2/support/tickets') {
        posted.push(init.json);
        const created = ticket({ ...(init.json as object), urn: 'TKT02NEW', status: 'OPEN' });
        list.unshift(created);
        return created;
      }
      throw new Error(`unexpected ${path}`);
    });
    renderPage(<SupportPanel />);
    const tickets = await screen.findByRole('list', { name: 'Your tickets' });
    expect(within(tickets).getByText('Resolved')).toBeTruthy();
    expect(within(tickets).getByText('Nov 20, 2026 15:30')).toBeTruthy(); // Asia/Kolkata

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Send to support' }));
    expect(await screen.findByText('A subject is 5 to 120 characters')).toBeTruthy();
    expect(screen.getByText('A message is 20 to 5000 characters')).toBeTruthy();

    await user.type(screen.getByLabelText('Subject'), 'Statement question');
    await user.selectOptions(screen.getByLabelText('Category'), 'REPORTS');
    await user.type(
      screen.getByLabelText('Message', { exact: false }),
      'Where is last month statement as CSV?',
    );
    await user.click(screen.getByRole('button', { name: 'Send to support' }));
    const row = await within(tickets).findByText('Statement question');
    expect(posted).toEqual([
      {
        subject: 'Statement question',
        category: 'REPORTS',
        message: 'Where is last month statement as CSV?',
      },
    ]);
    expect(within(row.closest('li')!).getByText('Open')).toBeTruthy();
  });

  it("shows the server's field errors on their fields", async () => {
    mockApi(async (path, init) => {
      if (isTicketsList(path, init)) return { data: [] };
      if (init.method === 'POST')
        throw serverError(400, 'Validation failed', 'validation_failed', {
          subject: 'A subject is one line',
        });
      throw new Error(`unexpected ${path}`);
    });
    renderPage(<SupportPanel />);
    expect(await screen.findByText('No tickets in the last 90 days.')).toBeTruthy();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Subject'), 'Statement question');
    await user.selectOptions(screen.getByLabelText('Category'), 'OTHER');
    await user.type(
      screen.getByLabelText('Message', { exact: false }),
      'Where is last month statement as CSV?',
    );
    await user.click(screen.getByRole('button', { name: 'Send to support' }));
    expect(await screen.findByText('A subject is one line')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('Validation failed');
  });
});
