import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider, queryOptions } from '@tanstack/react-query';
import { defineList, readPaths } from '@meridian/contract/lists';
import { renderRoutedPage } from '@/test/render-page';
import { DataTable } from './data-table';
import type { ListEndpoints } from './list-endpoints';
import { listSearchSchema, type ListSearch } from './list-search';
import type { FilterApiQuery, ListApiQuery } from './list-state';
import { pageText } from './pagination';

interface Row {
  id: string;
  name: string;
}
const ROWS: Row[] = [
  { id: 'A1', name: 'Alpha' },
  { id: 'B2', name: 'Beta' },
];

const endpoints = {
  key: 'test-rows',
  listQueryOptions: (query: unknown) =>
    queryOptions({ queryKey: ['test-rows', 'search', query], queryFn: async () => ROWS }),
  countQueryOptions: (query: unknown) =>
    queryOptions({ queryKey: ['test-rows', 'count', query], queryFn: async () => ROWS.length }),
  exportCsv: async () => new Blob([]),
} as unknown as ListEndpoints<Row>;

const ROWS_LIST = defineList({
  name: 'test_rows',
  title: 'Rows',
  noun: 'row',
  paths: readPaths('test/rows'),
  searchKeys: [{ key: 'id', label: 'ID' }],
  defaultRange: 'last7',
  columns: [
    { key: 'id', label: 'ID', format: 'code', priority: 1 },
    { key: 'name', label: 'Name', format: 'text', priority: 1 },
  ],
});

afterEach(cleanup);

function renderTable(selected: string | undefined, onSelect: (row: Row) => void) {
  const onSearchChange = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <DataTable
        list={ROWS_LIST}
        endpoints={endpoints}
        rowId={(r) => r.id}
        empty={{ title: 'No rows' }}
        search={{}}
        onSearchChange={onSearchChange}
        selection={{ selected, onSelect, hint: 'show its items' }}
      />
    </QueryClientProvider>,
  );
  return { onSearchChange };
}

describe('DataTable row selection', () => {
  it('selects a row by its name button or a click on the row, and marks the selected one', async () => {
    const user = userEvent.setup();
    const onSelect = vi.fn();
    const { onSearchChange } = renderTable('B2', onSelect);
    const alpha = await screen.findByRole('button', { name: /^A1.*show its items/ });
    const table = screen.getByRole('table');
    expect(alpha.getAttribute('aria-pressed')).toBe('false');
    expect(alpha.hasAttribute('aria-haspopup')).toBe(false);
    const beta = within(table).getByRole('button', { name: /^B2/ });
    expect(beta.getAttribute('aria-pressed')).toBe('true');
    expect(beta.closest('tr')?.getAttribute('aria-current')).toBe('true');

    await user.click(alpha);
    expect(onSelect).toHaveBeenLastCalledWith(ROWS[0]);
    await user.click(within(table).getByText('Beta'));
    expect(onSelect).toHaveBeenLastCalledWith(ROWS[1]);
    // Selecting is the screen's state: the list's URL state (and its details dialog) is left alone.
    expect(onSearchChange).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('pageText', () => {
  it('names the page and the number of pages from the count', () => {
    expect(pageText(0, 10, 57)).toBe('Page 1 of 6');
    expect(pageText(20, 10, 57)).toBe('Page 3 of 6');
    expect(pageText(0, 10, 0)).toBe('Page 1 of 1');
    expect(pageText(50, 25, undefined)).toBe('Page 3 of …');
  });
});

// ---------------------------------------------------------------------------------------------------------
// A list with a definition: filters in the URL, columns by priority, the column picker, the details

interface Transfer {
  urn: string;
  beneficiary: string;
  amount: string;
  status: 'SUCCESS' | 'FAILURE';
  note: string | null;
}
const TRANSFERS: Transfer[] = [
  { urn: 'TR1', beneficiary: 'Asha Rao', amount: '1500.00', status: 'SUCCESS', note: 'Rent' },
  { urn: 'TR2', beneficiary: 'Ravi Kumar', amount: '20.50', status: 'FAILURE', note: null },
];

const TRANSFERS_LIST = defineList({
  name: 'test_transfers',
  title: 'Transfers',
  noun: 'transfer',
  paths: readPaths('test/transfers'),
  searchKeys: [
    { key: '{product}_urn', label: 'URN' },
    { key: 'beneficiary', label: 'Beneficiary name' },
  ],
  defaultRange: 'todayMinus7',
  filters: {
    status: {
      kind: 'enum',
      label: 'Status',
      values: ['SUCCESS', 'FAILURE'],
      valueLabels: { FAILURE: 'Failed' },
    },
    amount: { kind: 'amount', label: 'Amount' },
  },
  columns: [
    { key: 'urn', label: 'URN', format: 'code', priority: 1 },
    { key: 'beneficiary', label: 'Beneficiary', format: 'text', priority: 1 },
    { key: 'amount', label: 'Amount', format: 'money', priority: 1 },
    { key: 'status', label: 'Status', format: 'status', priority: 2 },
    { key: 'note', label: 'Note', format: 'text', priority: 3 },
  ],
});

/** Endpoints answering TRANSFERS and recording every query. */
function transferEndpoints() {
  const searches: ListApiQuery[] = [];
  const counts: FilterApiQuery[] = [];
  const endpoints: ListEndpoints<Transfer> = {
    key: 'test_transfers',
    listQueryOptions: (query: ListApiQuery) =>
      queryOptions({
        queryKey: ['test_transfers', 'search', query],
        queryFn: async () => {
          searches.push(query);
          return TRANSFERS;
        },
      }),
    countQueryOptions: (query: FilterApiQuery) =>
      queryOptions({
        queryKey: ['test_transfers', 'count', query],
        queryFn: async () => {
          counts.push(query);
          return 40;
        },
      }),
    exportCsv: async () => new Blob([]),
  } as unknown as ListEndpoints<Transfer>;
  return { endpoints, searches, counts };
}

function renderTransfers(url = '/transfers', namesList = false) {
  const api = transferEndpoints();
  const view = renderRoutedPage<ListSearch>({
    path: '/transfers',
    url,
    validateSearch: listSearchSchema,
    page: ({ search, onSearchChange }) => (
      <DataTable
        list={TRANSFERS_LIST}
        endpoints={api.endpoints}
        rowId={(t) => t.urn}
        statusVariants={{ status: { SUCCESS: 'green', FAILURE: 'red' } }}
        details={{ title: (urn) => `Transfer ${urn}`, noun: 'transfer' }}
        empty={{ title: 'No transfers' }}
        search={search}
        onSearchChange={onSearchChange}
        namesList={namesList}
      />
    ),
  });
  return { ...view, ...api };
}

describe('DataTable with a list definition', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-10T06:00:00.000Z'));
    localStorage.clear();
  });
  afterEach(() => vi.useRealTimers());

  it('takes its caption, default range, search keys and columns from the definition', async () => {
    renderTransfers();
    // todayMinus7: from today minus 7 days.
    const table = await screen.findByRole('table', { name: 'Transfers from Mar 03, 2026 to Mar 10, 2026' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['URN', 'Beneficiary', 'Amount', 'Status']);
    const row = await within(table).findByRole('row', { name: /TR1/ });
    expect(within(row).getByText('₹1,500.00').closest('td')?.className).toContain('text-right');
    expect(within(row).getByText('SUCCESS')).toBeTruthy();
    expect(within(row).getByText('Asha Rao').getAttribute('title')).toBe('Asha Rao');
    expect(within(row).queryByText('Rent')).toBeNull();
    const keys = within(screen.getByRole('search', { name: 'Search transfers' })).getByLabelText('Search by');
    expect([...keys.querySelectorAll('option')].map((o) => [o.value, o.textContent])).toEqual([
      ['meridian_urn', 'URN'],
      ['beneficiary', 'Beneficiary name'],
    ]);
  });

  it('keeps its filters in the URL, sends them with the search and the count, and a change goes to page 1', async () => {
    const user = userEvent.setup();
    const { search, searches, counts } = renderTransfers(
      '/transfers?status=FAILURE&amount_min=100&offset=20',
    );
    await screen.findByRole('row', { name: /TR1/ });
    expect(searches.at(-1)).toMatchObject({ status: 'FAILURE', amount_min: '100', offset: 20 });
    expect(counts.at(-1)).toMatchObject({ status: 'FAILURE', amount_min: '100' });
    const status = screen.getByLabelText('Status') as HTMLSelectElement;
    expect(status.value).toBe('FAILURE');
    expect([...status.options].map((o) => o.textContent)).toEqual(['All', 'SUCCESS', 'Failed']);
    expect((screen.getByLabelText('Amount from (₹)') as HTMLInputElement).value).toBe('100');

    await user.selectOptions(status, 'SUCCESS');
    await waitFor(() => expect(search()).toEqual({ status: 'SUCCESS', amount_min: '100' }));
    await waitFor(() => expect(searches.at(-1)).toMatchObject({ status: 'SUCCESS', offset: 0 }));

    const max = screen.getByLabelText('Amount to (₹)');
    await user.type(max, '2500.50{Enter}');
    await waitFor(() =>
      expect(search()).toEqual({ status: 'SUCCESS', amount_min: '100', amount_max: '2500.50' }),
    );
    expect(searches.at(-1)).toMatchObject({ amount_min: '100', amount_max: '2500.50' });

    await user.selectOptions(status, '');
    await waitFor(() => expect(search()).toEqual({ amount_min: '100', amount_max: '2500.50' }));
    expect(searches.at(-1)).not.toHaveProperty('status');
  });

  it('drops a bad filter value from the calls and from the next URL', async () => {
    const user = userEvent.setup();
    const { search, searches } = renderTransfers('/transfers?status=LOST&amount_max=lots&amount_min=5');
    await screen.findByRole('row', { name: /TR1/ });
    expect(searches.at(-1)).not.toHaveProperty('status');
    expect(searches.at(-1)).not.toHaveProperty('amount_max');
    expect(searches.at(-1)).toMatchObject({ amount_min: '5' });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(search()).toEqual({ amount_min: '5', offset: 10 }));
  });

  it('shows and hides columns with the Columns picker and remembers the choice for the list', async () => {
    const user = userEvent.setup();
    const first = renderTransfers();
    const table = await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Columns of Transfers' }));
    const menu = await screen.findByRole('menu');
    const note = within(menu).getByRole('menuitemcheckbox', { name: 'Note' });
    expect(note.getAttribute('aria-checked')).toBe('false');
    // The column that names the row cannot be hidden.
    expect(within(menu).getByRole('menuitemcheckbox', { name: 'URN' }).getAttribute('aria-disabled')).toBe(
      'true',
    );
    await user.click(note);
    await user.click(within(menu).getByRole('menuitemcheckbox', { name: 'Status' }));
    // The menu stays open for more choices; the table behind it is inert until it closes.
    expect(note.getAttribute('aria-checked')).toBe('true');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['URN', 'Beneficiary', 'Amount', 'Note']);
    expect(within(table).getByText('Rent')).toBeTruthy();
    expect(JSON.parse(localStorage.getItem('staging_columns_test_transfers') ?? 'null')).toEqual({
      note: true,
      status: false,
    });
    first.unmount();

    renderTransfers();
    const again = await screen.findByRole('table');
    await within(again).findByRole('row', { name: /TR1/ });
    expect(
      within(again)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['URN', 'Beneficiary', 'Amount', 'Note']);
  });

  it("lists every column's value in the details, hidden ones too", async () => {
    const user = userEvent.setup();
    renderTransfers();
    await user.click(await screen.findByRole('button', { name: /^TR1/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Transfer TR1' });
    const terms = within(dialog)
      .getAllByRole('term')
      .map((t) => t.textContent);
    expect(terms).toEqual(['URN', 'Beneficiary', 'Amount', 'Status', 'Note']);
    expect(within(dialog).getByText('Rent')).toBeTruthy();
    expect(within(dialog).getByText('₹1,500.00')).toBeTruthy();
  });

  it('names its list in its filters and Views on a page with two lists (namesList); visible labels stay', async () => {
    const user = userEvent.setup();
    const { search } = renderTransfers('/transfers', true);
    await screen.findByRole('row', { name: /TR1/ });
    const status = screen.getByLabelText('Status of transfers');
    const label = document.querySelector(`label[for="${status.id}"]`);
    // Seen: "Status"; heard: "Status of transfers".
    expect(label?.firstChild?.textContent).toBe('Status');
    expect(label?.querySelector('.sr-only')?.textContent).toBe(' of transfers');
    expect(screen.queryByLabelText('Status')).toBeNull();
    expect(screen.getByLabelText('Amount from (₹) of transfers')).toBeTruthy();
    expect(screen.getByRole('form', { name: 'Amount filter of transfers' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Saved views of transfers' })).toBeTruthy();
    await user.selectOptions(status, 'FAILURE');
    await waitFor(() => expect(search()).toEqual({ status: 'FAILURE' }));
  });
});
