import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider, queryOptions } from '@tanstack/react-query';
import { DataTable, type DataTableColumn } from './data-table';
import type { ListEndpoints } from './list-endpoints';
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

const COLUMNS: DataTableColumn<Row>[] = [
  { id: 'id', header: 'ID', primary: true, cell: (r) => r.id },
  { id: 'name', header: 'Name', cell: (r) => r.name },
];

afterEach(cleanup);

function renderTable(selected: string | undefined, onSelect: (row: Row) => void) {
  const onSearchChange = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <DataTable
        title="Rows"
        endpoints={endpoints}
        columns={COLUMNS}
        searchKeys={[{ value: 'id', label: 'ID' }]}
        rowId={(r) => r.id}
        empty={{ title: 'No rows' }}
        exportName="rows"
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
