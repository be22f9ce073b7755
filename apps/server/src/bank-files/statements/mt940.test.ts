import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BankFileError } from '../xml.ts';
import { entryDate, readMt940 } from './mt940.ts';

const fixture = (name: string) => readFileSync(join(import.meta.dirname, 'fixtures', name), 'utf8');
const day = fixture('day-2025-03-14.mt940');

describe('readMt940', () => {
  const [s] = readMt940(day);

  it('reads the enveloped, CRLF statement: account as written, balances with a decimal comma', () => {
    expect(day).toContain('\r\n');
    expect(s).toMatchObject({
      format: 'mt940',
      accountId: 'HDFC0000001/000401234567',
      currency: 'INR',
      statementId: 'STMT250314001',
      sequenceNumber: '73/1',
      from: '2025-03-14',
      to: '2025-03-14',
      opening: { amount: '1000000.00', paise: 100000000n, direction: 'credit', date: '2025-03-14' },
      closing: { amount: '915482.30', paise: 91548230n, direction: 'credit', date: '2025-03-14' },
    });
    expect(s!.lines).toHaveLength(4);
  });

  it('reads a :61: line: references on both sides of //, the :86: narration joined across its 65-wide wrap', () => {
    expect(s!.lines[0]).toEqual({
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
      bankCode: 'NTRF',
    });
  });

  it('reads amounts with a bare or short fraction exactly, and references with leading zeros', () => {
    expect(s!.lines[1]).toMatchObject({
      amount: '15500.00',
      paise: 1550000n,
      direction: 'credit',
      endToEndId: null,
    });
    expect(s!.lines[1]!.utr).toBe('507312345678');
    expect(s!.lines[3]).toMatchObject({
      amount: '17.70',
      paise: 1770n,
      bankReference: '000912345678',
      bankCode: 'NCHG',
    });
  });

  it('takes a batch booking from the narration hint', () => {
    expect(s!.lines[2]).toMatchObject({ amount: '75000.00', batch: { count: 3 }, utr: null });
  });

  it('reads the same file with LF endings and without the envelope', () => {
    const plain = day
      .replace(/\r\n/g, '\n')
      .replace(/^\{1:.*\{4:\n/, '')
      .replace(/-\}\n$/, '-\n');
    expect(readMt940(plain)).toEqual(readMt940(day));
  });

  it('reads several statements and dates entries across the year boundary', () => {
    const [december, january] = readMt940(fixture('year-end.mt940'));
    expect(december).toMatchObject({
      statementId: 'STMT241231',
      accountId: '000401234567',
      from: '2024-12-31',
    });
    // Value date 2024-12-31, entry date 0101: booked on 1 January of the next year.
    expect(december!.lines[0]).toMatchObject({ valueDate: '2024-12-31', bookingDate: '2025-01-01' });
    // Value date 2025-01-02, entry date 1231: booked on 31 December of the year before.
    expect(january!.lines[0]).toMatchObject({
      valueDate: '2025-01-02',
      bookingDate: '2024-12-31',
      direction: 'debit',
    });
    expect(january!.lines[0]!.bankReference).toBe('000000000042');
  });

  it('reads RD (reversal of a debit) as a credit and RC (reversal of a credit) as a debit', () => {
    const [, january] = readMt940(fixture('year-end.mt940'));
    expect(january!.lines[1]).toMatchObject({
      direction: 'credit',
      reversal: true,
      amount: '25000.00',
      endToEndId: 'MRDPO00000000001',
      utr: 'HDFCN24365000101',
      bookingDate: '2025-01-02',
    });
    const rc = readMt940(
      ':20:S\n:25:1\n:60F:C250102INR100,00\n:61:250102RCR40,NTRFNONREF\n:62F:C250102INR60,00\n-',
    );
    expect(rc[0]!.lines[0]).toMatchObject({
      direction: 'debit',
      reversal: true,
      amount: '40.00',
      bankReference: null,
    });
  });

  it('shifts the entry year only when the months are more than six apart', () => {
    expect(entryDate('2024-12-31', '0101')).toBe('2025-01-01');
    expect(entryDate('2025-01-02', '1231')).toBe('2024-12-31');
    expect(entryDate('2025-03-14', '0315')).toBe('2025-03-15');
    expect(entryDate('2025-07-01', '0130')).toBe('2025-01-30');
    expect(() => entryDate('2025-02-01', '0230')).toThrow(/not a date/);
  });

  it('uses the supplementary details as narration when there is no :86:', () => {
    const [only] = readMt940(
      ':20:S\n:25:1\n:60F:D250314INR10,\n:61:250314C10,NMSCNONREF\nUTR HDFCN25073000999\n:62F:C250314INR0,\n-',
    );
    expect(only).toMatchObject({ opening: { direction: 'debit', paise: 1000n }, closing: { paise: 0n } });
    expect(only!.lines[0]).toMatchObject({ narration: 'UTR HDFCN25073000999', utr: 'HDFCN25073000999' });
  });

  it('refuses what it cannot use, with BankFileError', () => {
    expect(() => readMt940('hello')).toThrow(/no statement/);
    expect(() => readMt940(':25:1\n:20:S')).toThrow(/:25: before its first :20:/);
    expect(() => readMt940(day.replace(':62F:', ':62X:'))).toThrow(/:62F: closing balance is missing/);
    expect(() => readMt940(day.replace('D25000,00NTRF', 'X25000,00NTRF'))).toThrow(BankFileError);
    expect(() => readMt940(day.replace('D17,7NCHG', 'D17,705NCHG'))).toThrow(/more than two decimals/);
    expect(() => readMt940(day.replace(':60F:C250314', ':60F:C250231'))).toThrow(/not a date/);
  });
});
