import { describe, expect, it } from 'vitest';
import type { BulkValidation } from '@meridian/contract/bulk';
import {
  applyServerCheck,
  cellError,
  checkRow,
  dropRow,
  editCell,
  gridFromValidation,
  GRID_PAGE_SIZE,
  refusalErrors,
  rowHasErrors,
  submitBlocker,
  summarize,
  toRequestRows,
  toValues,
  visibleRows,
} from './grid-state';

const good = (ref: string, amount = '1000.00', transfer_type = 'IMPS') => ({
  customer_reference_number: ref,
  beneficiary_code: 'BEN001',
  amount,
  transfer_type,
  purpose_message: 'Salary',
});

function validation(overrides: Partial<BulkValidation> = {}): BulkValidation {
  return {
    file_name: 'payouts.csv',
    format: 'csv',
    rows: [
      { row: 1, values: good('REF1'), errors: {} },
      {
        row: 2,
        values: { ...good('REF2', '12.345'), beneficiary_code: 'BEN404' },
        errors: { beneficiary_code: 'Unknown beneficiary BEN404', amount: 'Enter an amount' },
      },
      { row: 3, values: good('REF3', '250000.00', 'NEFT'), errors: {} },
    ],
    summary: {
      total_rows: 3,
      valid_rows: 2,
      invalid_rows: 1,
      by_transfer_type: [],
      total_amount: '251000.00',
      sender_account_number: '100000000001',
      balance: '1000000.00',
    },
    file_errors: [],
    ...overrides,
  };
}

describe('the checked grid of a bulk upload', () => {
  it('checks a row with the contract row schema, one message per column', () => {
    expect(checkRow(toValues(good('REF1')))).toEqual({});
    const errors = checkRow(
      toValues({ customer_reference_number: 'bad ref!', amount: '600000', transfer_type: 'IMPS' }),
    );
    expect(Object.keys(errors).sort()).toEqual([
      'amount',
      'beneficiary_code',
      'customer_reference_number',
      'purpose_message',
    ]);
    expect(errors.amount).toMatch(/limits of IMPS/);
  });

  it('reads the server answer: values, the server errors on their cells and the browser check', () => {
    const grid = gridFromValidation(validation());
    expect(grid.rows.map((r) => r.row)).toEqual([1, 2, 3]);
    const row2 = grid.rows[1]!;
    expect(row2.values.beneficiary_account_number).toBe('');
    expect(cellError(row2, 'beneficiary_code')).toBe('Unknown beneficiary BEN404');
    // The browser's own check of the amount comes first.
    expect(cellError(row2, 'amount')).toMatch(/at most two decimals/);
    expect(grid.availableBalance).toBe('1000000.00');
    expect(rowHasErrors(row2)).toBe(true);
    expect(rowHasErrors(grid.rows[0]!)).toBe(false);
  });

  it('an edit re-checks its row at once and drops the server word on that cell only', () => {
    let grid = gridFromValidation(validation());
    grid = editCell(grid, 2, 'amount', '12.34');
    expect(cellError(grid.rows[1]!, 'amount')).toBeUndefined();
    expect(cellError(grid.rows[1]!, 'beneficiary_code')).toBe('Unknown beneficiary BEN404');
    grid = editCell(grid, 2, 'beneficiary_code', 'BEN001');
    expect(rowHasErrors(grid.rows[1]!)).toBe(false);
    grid = editCell(grid, 1, 'transfer_type', 'CHEQUE');
    expect(cellError(grid.rows[0]!, 'transfer_type')).toMatch(/One of IMPS/);
    // Other rows are the same objects (the grid re-renders only the edited row).
    const before = grid;
    const after = editCell(before, 3, 'purpose_message', 'Rent');
    expect(after.rows[0]).toBe(before.rows[0]);
    expect(after.rows[2]).not.toBe(before.rows[2]);
  });

  it('drops a row; the others keep their file row numbers', () => {
    const grid = dropRow(gridFromValidation(validation()), 2);
    expect(grid.rows.map((r) => r.row)).toEqual([1, 3]);
    expect(submitBlocker(grid)).toBeNull();
  });

  it('sums count and total per transfer type against the balance; errors and the balance block submit', () => {
    const grid = gridFromValidation(validation());
    const summary = summarize(grid);
    expect(summary.count).toBe(3);
    expect(summary.rowsWithErrors).toBe(1);
    expect(summary.byType.map((t) => [t.transferType, t.count, t.paise])).toEqual([
      ['IMPS', 1, 100000n],
      ['NEFT', 1, 25000000n],
    ]);
    expect(summarize(grid).overBalance).toBe(false);
    expect(submitBlocker(grid)).toBe('1 row has errors: fix or drop it.');

    const poor = { ...dropRow(grid, 2), availableBalance: '1000.00' };
    expect(summarize(poor).overBalance).toBe(true);
    expect(submitBlocker(poor)).toBe('The total is above the available balance.');
    expect(submitBlocker({ ...grid, rows: [] })).toBe('There are no rows left to pay.');
  });

  it('puts the answer to the grid rows (numbered in grid order) back onto the rows sent', () => {
    const grid = dropRow(gridFromValidation(validation()), 1);
    const answer = validation({
      rows: [
        { row: 1, values: {}, errors: {} },
        { row: 2, values: {}, errors: { customer_reference_number: 'Already used' } },
      ],
      file_errors: [{ code: 'total_above_balance', message: 'The total is above the balance' }],
    });
    const checked = applyServerCheck(grid, answer);
    expect(checked.rows.map((r) => r.row)).toEqual([2, 3]);
    expect(checked.rows[0]!.server).toEqual({});
    expect(cellError(checked.rows[1]!, 'customer_reference_number')).toBe('Already used');
    expect(submitBlocker(checked)).toMatch(/as a whole/);
    // The balance is the browser's to check as rows change: an edit drops that error.
    expect(editCell(checked, 3, 'purpose_message', 'Rent').fileErrors).toEqual([]);
  });

  it('reads a refused submit: rows.<row>.<column> onto cells, file.<code> as errors of the whole', () => {
    expect(
      refusalErrors({
        'rows.2.customer_reference_number': 'Already used',
        'rows.2.amount': 'Too much',
        'rows.5.row': 'Broken row',
        'file.total_above_balance': 'Above the balance',
        other: 'ignored',
      }),
    ).toEqual({
      rows: [
        { row: 2, errors: { customer_reference_number: 'Already used', amount: 'Too much' } },
        { row: 5, errors: { row: 'Broken row' } },
      ],
      file: [{ code: 'total_above_balance', message: 'Above the balance' }],
    });
  });

  it('sends trimmed cells of every column in grid order', () => {
    const grid = editCell(gridFromValidation(validation()), 1, 'purpose_message', '  Rent  ');
    const rows = toRequestRows(dropRow(grid, 2));
    expect(rows).toHaveLength(2);
    expect(rows[0]).toEqual({ ...toValues(good('REF1')), purpose_message: 'Rent' });
  });

  it('pages 100 rows at a time, optionally only rows with errors', () => {
    const many = validation({
      rows: Array.from({ length: 250 }, (_, i) => ({
        row: i + 1,
        values: good(`REF${i + 1}`, i % 50 === 0 ? 'x' : '10'),
        errors: {},
      })),
    });
    const grid = gridFromValidation(many);
    const page3 = visibleRows(grid, { page: 2, errorsOnly: false });
    expect(page3).toMatchObject({ total: 250, page: 2, pages: 3 });
    expect(page3.rows.map((r) => r.row)).toEqual(Array.from({ length: 50 }, (_, i) => 201 + i));
    expect(visibleRows(grid, { page: 0, errorsOnly: false }).rows).toHaveLength(GRID_PAGE_SIZE);
    const errors = visibleRows(grid, { page: 9, errorsOnly: true });
    expect(errors).toMatchObject({ total: 5, page: 0, pages: 1 });
    expect(errors.rows.map((r) => r.row)).toEqual([1, 51, 101, 151, 201]);
  });
});
