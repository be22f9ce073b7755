// Bank statements in (issue 34, item 4): camt.053, MT940 and bank CSV read into the same normalized lines, and
// the check that a statement adds up. Pure: no database, no files; the importer decides what to keep.
import { BankFileError } from '../xml.ts';
import { readCamt053 } from './camt053.ts';
import { HDFC_LIKE, readBankCsv, type BankCsvMap, type CsvReadOptions } from './csv.ts';
import { readMt940 } from './mt940.ts';
import type { Statement, StatementFormat } from './types.ts';

export { readCamt053 } from './camt053.ts';
export { readMt940, entryDate } from './mt940.ts';
export { readBankCsv, HDFC_LIKE, type BankCsvMap, type CsvReadOptions } from './csv.ts';
export { checkStatement, type StatementCheck, type StatementRefusal } from './check.ts';
export { DEFAULT_UTR_PATTERNS, OUR_END_TO_END_IDS } from './references.ts';
export { signedPaise } from './amount.ts';
export {
  dedupeKey,
  dedupeKeys,
  type Balance,
  type Counterparty,
  type Direction,
  type LineStatus,
  type ReadOptions,
  type Statement,
  type StatementFormat,
  type StatementLine,
} from './types.ts';

/** The format of a statement file by its content: XML is camt.053, SWIFT tags are MT940, anything else CSV. */
export function sniffStatementFormat(text: string): StatementFormat {
  const start = text.replace(/^\uFEFF/, '').trimStart();
  if (start.startsWith('<')) {
    if (/BkToCstmrStmt|camt\.053\./.test(text)) return 'camt.053';
    throw new BankFileError('content', 'This XML file is not a camt.053 statement');
  }
  if (/(^|[\r\n]|\{4:):20:/.test(start)) return 'mt940';
  return 'csv';
}

/** Every statement of a file in any of the three formats; a CSV is read with `csvMap` (HDFC-like by default). */
export function readStatementFile(
  text: string,
  options: CsvReadOptions & { csvMap?: BankCsvMap } = {},
): Statement[] {
  const { csvMap = HDFC_LIKE, ...rest } = options;
  switch (sniffStatementFormat(text)) {
    case 'camt.053':
      return readCamt053(text, rest);
    case 'mt940':
      return readMt940(text, rest);
    case 'csv':
      return [readBankCsv(text, csvMap, rest)];
  }
}
