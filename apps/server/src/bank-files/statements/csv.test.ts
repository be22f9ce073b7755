import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BankFileError } from '../xml.ts';
import { HDFC_LIKE, csvRows, parseDate, readBankCsv, type BankCsvMap } from './csv.ts';

const day = readFileSync(join(import.meta.dirname, 'fixtures/day-2025-03-14.hdfc.csv'), 'utf8');

/** A small ICICI-like export: its own headers, `DD-MMM-YYYY` dates, no preamble account, newest row first. */
const ICICI_LIKE: BankCsvMap = {
  name: 'ICICI-like',
  delimiter: ',',
  date: 'Transaction Date',
  dateFormat: 'DD-MMM-YYYY',
  valueDate: 'Value Date',
  narration: 'Transaction Remarks',
  reference: 'Cheque Number',
  debit: 'Withdrawal Amount (INR )',
  credit: 'Deposit Amount (INR )',
  balance: 'Balance (INR )',
  accountPattern: null,
};

describe('readBankCsv', () => {
  const s = readBankCsv(day);

  it('finds the header past the preamble, the account in the preamble, and stops before the summary', () => {
    expect(s).toMatchObject({
      format: 'csv',
      accountId: '000401234567',
      currency: 'INR',
      statementId: '2025-03-14..2025-03-14',
      sequenceNumber: null,
      from: '2025-03-14',
      to: '2025-03-14',
      closing: { amount: '915482.30', paise: 91548230n, direction: 'credit', date: '2025-03-14' },
    });
    expect(s.lines).toHaveLength(4);
  });

  it('derives the opening balance from the first row: its balance − deposit + withdrawal', () => {
    expect(s.opening).toEqual({
      amount: '1000000.00',
      paise: 100000000n,
      direction: 'credit',
      date: '2025-03-14',
    });
  });

  it('reads Indian-grouped amounts exactly, a quoted narration with a comma, references with leading zeros', () => {
    expect(s.lines[0]).toEqual({
      bookingDate: '2025-03-14',
      valueDate: '2025-03-14',
      direction: 'debit',
      amount: '25000.00',
      paise: 2500000n,
      status: 'booked',
      reversal: false,
      bankReference: 'HDFCN25073000101',
      endToEndId: 'MRDPO00000000001',
      utr: 'HDFCN25073000101',
      narration: 'NEFT DR-ICIC0000104-RAVI KUMAR-NETBANK, MUM-HDFCN25073000101-MRDPO00000000001',
      batch: null,
      counterparty: null,
      bankCode: null,
    });
    expect(s.lines[1]).toMatchObject({ direction: 'credit', amount: '15500.00', utr: '507312345678' });
    expect(s.lines[2]).toMatchObject({ batch: { count: 3 } });
    expect(s.lines[3]).toMatchObject({ bankReference: '000912345678', paise: 1770n });
  });

  it('takes the UTR from the reference column when the connection says so', () => {
    const byReference = readBankCsv(day, HDFC_LIKE, { utrFrom: 'bank-reference' });
    expect(byReference.lines.map((l) => l.utr)).toEqual([
      'HDFCN25073000101',
      '507312345678',
      'HDFCB25073000007',
      '000912345678',
    ]);
  });

  it('reads another bank by its map: newest-first rows turned round, an overdrawn balance, continued narration', () => {
    const text = [
      'Transaction Date,Value Date,Cheque Number,Transaction Remarks,Withdrawal Amount (INR ),Deposit Amount (INR ),Balance (INR )',
      '15-Mar-2025,15-Mar-2025,,UPI/437276589036/ACME,,"1,00,000.00","50,000.00"',
      '14-Mar-2025,14-Mar-2025,0000123,CHQ PAID,"60,000.00",,"-50,000.00"',
      ',,,SELF,,,',
      '',
      'Legends: …,,,,,,',
    ].join('\n');
    const other = readBankCsv(text, ICICI_LIKE, { accountId: '000405550001', statementId: 'MAR-15' });
    expect(other).toMatchObject({
      accountId: '000405550001',
      statementId: 'MAR-15',
      from: '2025-03-14',
      to: '2025-03-15',
      opening: { amount: '10000.00', direction: 'credit', date: '2025-03-14' },
      closing: { amount: '50000.00', direction: 'credit', date: '2025-03-15' },
    });
    expect(other.lines.map((l) => [l.bookingDate, l.direction, l.amount, l.narration])).toEqual([
      ['2025-03-14', 'debit', '60000.00', 'CHQ PAID SELF'],
      ['2025-03-15', 'credit', '100000.00', 'UPI/437276589036/ACME'],
    ]);
    expect(other.lines[0]!.bankReference).toBe('0000123');
  });

  it('takes a dated first row with a balance and no amount as the opening balance', () => {
    const text = [
      'Date,Narration,Chq./Ref.No.,Value Dt,Withdrawal Amt.,Deposit Amt.,Closing Balance',
      '14/03/25,OPENING BALANCE,,,,,"1,000.00 Dr"',
      '14/03/25,NEFT CR,N001242809098988,14/03/25,,"1,500.00",500.00 Cr',
    ].join('\n');
    const overdrawn = readBankCsv(text, HDFC_LIKE, { accountId: 'X' });
    expect(overdrawn.opening).toMatchObject({ amount: '1000.00', direction: 'debit' });
    expect(overdrawn.lines).toHaveLength(1);
    expect(overdrawn.lines[0]!.utr).toBe('N001242809098988');
  });

  it('refuses what it cannot use, with BankFileError', () => {
    const header = 'Date,Narration,Chq./Ref.No.,Value Dt,Withdrawal Amt.,Deposit Amt.,Closing Balance';
    expect(() => readBankCsv('a,b\n1,2')).toThrow(/No header row with the HDFC-like columns/);
    expect(() => readBankCsv(header)).toThrow(/no transactions/);
    expect(() =>
      readBankCsv(`${header}\n14/03/25,X,1,,10.00,5.00,5.00`, HDFC_LIKE, { accountId: 'A' }),
    ).toThrow(/both a withdrawal and a deposit/);
    expect(() => readBankCsv(`${header}\n14/03/25,X,1,,1O.00,,5.00`, HDFC_LIKE, { accountId: 'A' })).toThrow(
      /"1O.00" is not an amount/,
    );
    expect(() => readBankCsv(`${header}\n14/03/25,X,1,,10.001,,5.00`, HDFC_LIKE, { accountId: 'A' })).toThrow(
      BankFileError,
    );
    expect(() => readBankCsv(`${header}\n14/03/25,X,1,,10.00,,5.00`)).toThrow(/names no account/);
  });
});

describe('csv helpers', () => {
  it('splits RFC 4180 rows: quotes, doubled quotes, line breaks inside quotes, CRLF, a BOM', () => {
    expect(csvRows('\uFEFFa,"b,c","say ""hi"""\r\n"x\ny",,z\n')).toEqual([
      ['a', 'b,c', 'say "hi"'],
      ['x\ny', '', 'z'],
    ]);
  });

  it('parses dates in a format strictly', () => {
    expect(parseDate('14/03/25', 'DD/MM/YY')).toBe('2025-03-14');
    expect(parseDate('4/3/25', 'DD/MM/YY')).toBe('2025-03-04');
    expect(parseDate('14-Mar-2025', 'DD-MMM-YYYY')).toBe('2025-03-14');
    expect(parseDate('2025-03-14', 'YYYY-MM-DD')).toBe('2025-03-14');
    expect(parseDate('14/03/2025', 'DD/MM/YY')).toBeNull();
    expect(parseDate('31/02/25', 'DD/MM/YY')).toBeNull();
    expect(parseDate('********', 'DD/MM/YY')).toBeNull();
  });
});
