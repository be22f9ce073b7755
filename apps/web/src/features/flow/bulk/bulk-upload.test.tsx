import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, apiFetch } from '@/lib/api';
import type * as ApiClient from '@/lib/api/client';
import { fakeApi, renderPage } from '@/test/render-page';
import { BulkUploadPage } from './bulk-upload-page';
import { checkFile } from './file-check';

vi.mock('@/lib/api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClient>()),
  apiFetch: vi.fn(),
}));

const VALIDATE = 'POST /meridian/bulk/validate';
const SUBMIT = 'POST /meridian/bulk/bulk_payout';
const URN = 'BLK01JTEST000000000000001';
const PROGRESS = `GET /meridian/read/fetch/bulk/${URN}`;

const row = (ref: string, amount: string, beneficiary_code = 'BEN001') => ({
  customer_reference_number: ref,
  beneficiary_code,
  beneficiary_account_number: '',
  ifsc_code: '',
  beneficiary_name: '',
  amount,
  transfer_type: 'IMPS',
  purpose_message: 'Salary',
});

const summary = {
  total_rows: 3,
  valid_rows: 1,
  invalid_rows: 2,
  by_transfer_type: [{ transfer_type: 'IMPS', count: 1, amount: '1000.00' }],
  total_amount: '1000.00',
  sender_account_number: '100000000001',
  balance: '500000.00',
};

const FILE_ANSWER = {
  file_name: 'payouts.csv',
  format: 'csv',
  rows: [
    { row: 1, values: row('REF1', '1000.00'), errors: {} },
    {
      row: 2,
      values: row('REF2', '2500.50', 'BEN404'),
      errors: { beneficiary_code: 'Unknown or inactive beneficiary BEN404' },
    },
    {
      row: 3,
      values: row('REF3', '1,000'),
      errors: { amount: 'Enter an amount in rupees with at most two decimals, e.g. 1250.00' },
    },
  ],
  summary,
  file_errors: [],
};

function bulk(overrides: Record<string, unknown> = {}) {
  return {
    urn: URN,
    file_name: 'payouts.csv',
    format: 'csv',
    status: 'QUEUED',
    sender_account_number: '100000000001',
    total_rows: 2,
    done: 0,
    processing: 0,
    failed: 0,
    pending: 2,
    total_amount: '3500.50',
    created_by: 'ops@acme.test',
    created_at: '2025-09-03T10:15:30.000Z',
    updated_at: '2025-09-03T10:15:30.000Z',
    completed_at: null,
    livemode: true,
    ...overrides,
  };
}

function bulkApi(enabled = true) {
  return fakeApi(apiFetch, {
    'GET /meridian/read/fetch/feature_flags': () => ({
      frontend_payout: true,
      bulk_frontend_payout: enabled,
    }),
    [VALIDATE]: (call) => {
      if (call.body === undefined) return FILE_ANSWER;
      const { rows } = call.body as { rows: unknown[] };
      return {
        ...FILE_ANSWER,
        rows: rows.map((values, i) => ({ row: i + 1, values, errors: {} })),
        summary: { ...summary, total_rows: rows.length, invalid_rows: 0 },
      };
    },
  });
}

beforeEach(() => {
  vi.mocked(apiFetch).mockReset();
});
afterEach(() => {
  cleanup();
});

describe('/flow/bulk-upload', () => {
  it('says so when bulk payouts are not enabled for the company', async () => {
    bulkApi(false);
    renderPage(<BulkUploadPage />);
    expect(await screen.findByText('Bulk payouts are not enabled for this company')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Choose a file' })).toBeNull();
  });

  it('refuses a file that is not a CSV or XLSX, or too large, before sending it', async () => {
    const api = bulkApi();
    const user = userEvent.setup({ applyAccept: false });
    renderPage(<BulkUploadPage />);
    const input = await screen.findByLabelText('Payout file (CSV or XLSX, up to 5 MB)');
    await user.upload(input, new File(['%PDF'], 'payouts.pdf', { type: 'application/pdf' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      '“payouts.pdf” is not a CSV or XLSX file.',
    );
    expect(api.callsTo('POST', '/meridian/bulk/validate')).toHaveLength(0);
    expect(checkFile({ name: 'big.xlsx', size: 6 * 1024 * 1024, type: '' })).toBe(
      '“big.xlsx” is 6.0 MB; a file may be at most 5 MB.',
    );
    expect(checkFile({ name: 'empty.csv', size: 0, type: 'text/csv' })).toBe('“empty.csv” is empty.');
    expect(checkFile({ name: 'ok.CSV', size: 10, type: 'text/csv' })).toBeNull();
  });

  it('shows why the server could not read a file, naming the column', async () => {
    const api = bulkApi();
    api.routes[VALIDATE] = () => {
      throw new ApiError(400, 'The file’s header is not the template’s', {
        status: 400,
        message: 'The file’s header is not the template’s',
        error: 'bulk_file_headers',
        fields: { purpose_message: 'The column purpose_message is missing' },
      });
    };
    const user = userEvent.setup();
    renderPage(<BulkUploadPage />);
    const input = await screen.findByLabelText('Payout file (CSV or XLSX, up to 5 MB)');
    await user.upload(input, new File(['a,b\n'], 'payouts.csv', { type: 'text/csv' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The file could not be checked');
    expect(alert.textContent).toContain('The file’s header is not the template’s');
    expect(alert.textContent).toContain('purpose_message: The column purpose_message is missing');
    expect(screen.getByRole('button', { name: 'Choose a file' })).toBeTruthy();
  });

  it('checks the file, shows errors on their cells, fixes one, drops one, submits with an idempotency key and follows the progress', async () => {
    const api = bulkApi();
    let attempts = 0;
    api.routes[SUBMIT] = () => {
      attempts++;
      if (attempts === 1) throw new ApiError('FETCH_ERROR', 'Failed to fetch');
      return bulk();
    };
    let polls = 0;
    api.routes[PROGRESS] = () => {
      polls++;
      if (polls === 1) return bulk({ status: 'PROCESSING', done: 1, pending: 1 });
      return bulk({ status: 'COMPLETED', done: 2, pending: 0, completed_at: '2025-09-03T10:16:00Z' });
    };
    const user = userEvent.setup();
    renderPage(<BulkUploadPage pollMs={25} />);

    const input = await screen.findByLabelText('Payout file (CSV or XLSX, up to 5 MB)');
    await user.upload(input, new File(['customer_reference_number\n'], 'payouts.csv', { type: 'text/csv' }));

    // The server's error on its cell, described by its message.
    const code2 = await screen.findByRole('textbox', { name: 'Beneficiary code, row 2' });
    expect(code2.getAttribute('aria-invalid')).toBe('true');
    const described = document.getElementById(code2.getAttribute('aria-describedby')!.split(' ')[0]!);
    expect(described?.textContent).toBe('Unknown or inactive beneficiary BEN404');
    const amount3 = screen.getByRole('textbox', { name: 'Amount (₹), row 3' });
    expect(amount3.getAttribute('aria-invalid')).toBe('true');
    expect(
      screen.getByRole('textbox', { name: 'Amount (₹), row 1' }).getAttribute('aria-invalid'),
    ).toBeNull();

    const submit = screen.getByRole('button', { name: 'Submit 3 payouts' });
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('2 rows have errors: fix or drop them.')).toBeTruthy();

    // A typo is caught in the browser at once, with the contract's row schema.
    await user.clear(code2);
    await user.type(code2, 'B!');
    expect(code2.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('A beneficiary code is 3 to 32 letters, digits, _ or -')).toBeTruthy();
    await user.clear(code2);
    await user.type(code2, 'BEN001');
    expect(code2.getAttribute('aria-invalid')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Drop row 3' }));
    expect(screen.queryByRole('textbox', { name: 'Amount (₹), row 3' })).toBeNull();

    // Check again: the grid's rows go to the server as JSON.
    await user.click(screen.getByRole('button', { name: 'Check again' }));
    await waitFor(() => expect(api.callsTo('POST', '/meridian/bulk/validate')).toHaveLength(2));
    const recheck = api.callsTo('POST', '/meridian/bulk/validate')[1]!.body as { rows: unknown[] };
    expect(recheck.rows).toEqual([row('REF1', '1000.00'), row('REF2', '2500.50')]);

    const summaryRegion = screen.getByRole('region', { name: 'Summary of payouts.csv' });
    const totals = within(summaryRegion).getByRole('table', { name: 'Totals per transfer type' });
    expect(within(totals).getByRole('row', { name: /IMPS/ }).textContent).toContain('₹3,500.50');
    expect(within(summaryRegion).getByText('₹5,00,000.00')).toBeTruthy();

    const ready = await screen.findByRole('button', { name: 'Submit 2 payouts' });
    await waitFor(() => expect((ready as HTMLButtonElement).disabled).toBe(false));
    await user.click(ready);
    const dialog = await screen.findByRole('dialog', { name: 'Submit the bulk' });
    expect(within(dialog).getByText(/2 payouts of ₹3,500.50 in total/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Pay 2 payouts of ₹3,500.50' }));

    // The answer never came: trying again sends the same request with the same key.
    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      'The bulk may not have been submitted',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));

    const progress = await screen.findByRole('region', { name: /Processing the bulk|Bulk processed/ });
    const sent = api.callsTo('POST', '/meridian/bulk/bulk_payout');
    expect(sent).toHaveLength(2);
    const key = sent[0]!.headers.get('Idempotency-Key');
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent[1]!.headers.get('Idempotency-Key')).toBe(key);
    expect(sent[1]!.body).toEqual({
      rows: [row('REF1', '1000.00'), row('REF2', '2500.50')],
      file_name: 'payouts.csv',
    });

    await within(progress).findByText('Done: 2 paid, 0 failed.');
    const bar = within(progress).getByRole('progressbar', { name: 'Rows processed' });
    expect(bar.getAttribute('aria-valuenow')).toBe('2');
    expect(bar.getAttribute('aria-valuetext')).toBe('2 of 2 rows processed');
    expect(within(progress).getByRole('button', { name: 'Download the response file' })).toBeTruthy();
    const open = within(progress).getByRole('link', { name: 'Open in bulk capabilities' });
    expect(open.getAttribute('href')).toContain(`bulk_urn=${URN}`);
    const pollsAtEnd = polls;
    await new Promise((r) => setTimeout(r, 100));
    expect(polls).toBe(pollsAtEnd);
  });

  it('puts the rows a submit was refused for back onto their cells', async () => {
    const api = bulkApi();
    api.routes[SUBMIT] = () => {
      throw new ApiError(422, 'Some rows cannot be paid', {
        status: 422,
        message: 'Some rows cannot be paid',
        error: 'bulk_invalid',
        fields: { 'rows.1.customer_reference_number': 'Reference REF1 was used since the check' },
      });
    };
    const user = userEvent.setup();
    renderPage(<BulkUploadPage />);
    const input = await screen.findByLabelText('Payout file (CSV or XLSX, up to 5 MB)');
    await user.upload(input, new File(['x'], 'payouts.csv', { type: 'text/csv' }));
    await user.click(await screen.findByRole('button', { name: 'Drop row 2' }));
    await user.click(screen.getByRole('button', { name: 'Drop row 3' }));
    await user.click(screen.getByRole('button', { name: 'Submit 1 payout' }));
    await user.click(await screen.findByRole('button', { name: 'Pay 1 payout of ₹1,000.00' }));
    const ref1 = await screen.findByRole('textbox', { name: 'Customer reference, row 1' });
    await waitFor(() => expect(ref1.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Reference REF1 was used since the check')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect((screen.getByRole('button', { name: 'Submit 1 payout' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });
});
