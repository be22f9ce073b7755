import type { Readable } from 'node:stream';
import {
  BULK_COLUMNS,
  BULK_RESPONSE_COLUMNS,
  type BulkFormat,
  type BulkLineItem,
  type BulkRowCells,
} from '@meridian/contract/bulk';
import { safeCell } from '../files/cells.ts';
import { csvText } from '../files/writers.ts';
import { xlsxFile } from '../files/xlsx.ts';

export const CONTENT_TYPES: Record<BulkFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** The templates' two example rows: one to a saved beneficiary, one straight to an account. */
const EXAMPLES: Required<BulkRowCells>[] = [
  {
    customer_reference_number: 'SALARY-2025-001',
    beneficiary_code: 'BEN001',
    beneficiary_account_number: '',
    ifsc_code: '',
    beneficiary_name: '',
    amount: '25000.00',
    transfer_type: 'IMPS',
    purpose_message: 'Salary',
  },
  {
    customer_reference_number: 'VENDOR-2025-002',
    beneficiary_code: '',
    beneficiary_account_number: '50100123456789',
    ifsc_code: 'HDFC0001234',
    beneficiary_name: 'Sharma Traders',
    amount: '1250.50',
    transfer_type: 'NEFT',
    purpose_message: 'Invoice 2025-002',
  },
];

/** Rows as CSV (formula-like cells prefixed with ', as the list exports do), by the report writers' CSV. */
export const csvOf = async (columns: readonly string[], rows: Iterable<(string | null)[]>): Promise<Buffer> =>
  csvText(
    columns,
    [...rows].map((r) => r.map(safeCell)),
  );

/** Writes rows to an XLSX with the report writers' streaming XLSX (inline strings, every cell text). */
export function xlsxStream(
  columns: readonly string[],
  rows: AsyncIterable<(string | null)[]> | Iterable<(string | null)[]>,
  onError: (err: unknown) => void,
): Readable {
  const pages = async function* () {
    for await (const r of rows) yield { cells: [r] };
  };
  return xlsxFile(columns, pages(), 'Payouts').on('error', onError);
}

export async function streamToBuffer(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(Buffer.from(c as Buffer));
  return Buffer.concat(chunks);
}

const exampleValues = () => EXAMPLES.map((e) => BULK_COLUMNS.map((c) => e[c]));

export const templateCsv = () => csvOf(BULK_COLUMNS, exampleValues());
export const templateXlsx = () =>
  streamToBuffer(
    xlsxStream(BULK_COLUMNS, exampleValues(), () => {
      /* an in-memory write of two rows cannot fail but for a bug: the buffer rejects */
    }),
  );

/** A response file's row: the input's columns, then the payout urn, status, UTR and failure reason. */
export const responseValues = (i: BulkLineItem): (string | null)[] => {
  const cells: Record<(typeof BULK_RESPONSE_COLUMNS)[number], string | null> = {
    customer_reference_number: i.customer_reference_number,
    beneficiary_code: i.beneficiary_code,
    beneficiary_account_number: i.beneficiary_account_number,
    ifsc_code: i.ifsc_code,
    beneficiary_name: i.beneficiary_name,
    amount: i.amount,
    transfer_type: i.transfer_type,
    purpose_message: i.purpose_message,
    payout_urn: i.payout_urn,
    status: i.status,
    bank_reference_number: i.bank_reference_number,
    failure_reason: i.failure_reason,
  };
  return BULK_RESPONSE_COLUMNS.map((c) => cells[c]);
};

/** A file name safe in a content-disposition header. */
export const safeFileName = (name: string) => name.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 120) || 'bulk';
