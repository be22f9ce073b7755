import { renderRoutedPage, validation } from '@/test/render-page';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { listSearchSchema } from '@/components/data-table/list-search';
import { ApiError, apiFetch, type ApiRequestInit } from '@/lib/api';
import type * as ApiClient from '@/lib/api/client';
import { ValidationsPage } from './validations-page';

vi.mock('@/lib/api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClient>()),
  apiFetch: vi.fn(),
}));
const fetchMock = vi.mocked(apiFetch);
window.scrollTo = (() => {}) as typeof window.scrollTo;

const ROWS = [
  validation({ urn: 'VAL01MATCH', name_match_score: 100, name_match: 'MATCH' }),
  validation({
    urn: 'VAL01PARTIAL',
    registered_name: 'RAVI KUMAR SHARMA',
    name_match_score: 72,
    name_match: 'PARTIAL',
  }),
  validation({
    urn: 'VAL01NOMATCH',
    registered_name: 'SUNRISE TRADING COMPANY',
    name_match_score: 9,
    name_match: 'NO_MATCH',
  }),
  validation({
    urn: 'VAL01FAILED',
    status: 'FAILURE',
    registered_name: null,
    name_match_score: null,
    name_match: null,
    status_message: 'Account closed',
  }),
];

beforeEach(() => {
  localStorage.clear();
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (path: string, _init: ApiRequestInit = {}) => {
    if (path === '/meridian/read/search/transaction/validations') return { data: ROWS };
    if (path === '/meridian/read/count/transaction/validations') return { count: ROWS.length };
    throw new ApiError(404, 'Not found');
  });
});
afterEach(() => cleanup());

describe('ValidationsPage', () => {
  it('shows each validation’s name match: green only for MATCH, amber for PARTIAL, red for NO_MATCH', async () => {
    renderRoutedPage({
      path: '/flow/validate-bank-account',
      validateSearch: listSearchSchema,
      page: (props) => <ValidationsPage {...props} />,
    });
    const table = await screen.findByRole('table', { name: /Bank account validations/i });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(expect.arrayContaining(['Name match', 'Match score', 'Status']));
    const badge = async (urn: string, text: string) => {
      const row = await within(table).findByRole('row', { name: new RegExp(urn) });
      return within(row).getByText(text, { exact: true });
    };
    expect((await badge('VAL01MATCH', 'Match')).className).toContain('bg-green-100');
    expect((await badge('VAL01PARTIAL', 'Partial match')).className).toContain('bg-yellow-100');
    expect((await badge('VAL01NOMATCH', 'No match')).className).toContain('bg-red-100');
    const failed = await within(table).findByRole('row', { name: /VAL01FAILED/ });
    expect(within(failed).queryByText(/match/i)).toBeNull();
  });
});
