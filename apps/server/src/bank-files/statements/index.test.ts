import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BankFileError } from '../xml.ts';
import {
  dedupeKey,
  dedupeKeys,
  readBankCsv,
  readCamt053,
  readMt940,
  readStatementFile,
  sniffStatementFormat,
  type Statement,
  type StatementLine,
} from './index.ts';

const fixture = (name: string) => readFileSync(join(import.meta.dirname, 'fixtures', name), 'utf8');
const camt = fixture('day-2025-03-14.camt053.xml');
const mt940 = fixture('day-2025-03-14.mt940');
const csv = fixture('day-2025-03-14.hdfc.csv');

/** What the matcher uses of a line: everything but the format's own narration, counterparty and bank code. */
const matched = (line: StatementLine) => {
  const { narration: _n, counterparty: _c, bankCode: _b, ...rest } = line;
  return rest;
};
const booked = (s: Statement) => s.lines.filter((l) => l.status === 'booked');

describe('one day of one account in three formats', () => {
  const [fromCamt] = readCamt053(camt);
  const [fromMt940] = readMt940(mt940);
  const fromCsv = readBankCsv(csv);

  it('gives the same booked lines, balances and period', () => {
    const expected = booked(fromCamt!).map(matched);
    expect(expected).toHaveLength(4);
    expect(booked(fromMt940!).map(matched)).toEqual(expected);
    expect(booked(fromCsv).map(matched)).toEqual(expected);
    for (const s of [fromMt940!, fromCsv])
      expect({ opening: s.opening, closing: s.closing, from: s.from, to: s.to }).toEqual({
        opening: fromCamt!.opening,
        closing: fromCamt!.closing,
        from: fromCamt!.from,
        to: fromCamt!.to,
      });
  });

  it('pins the fields the matcher reads', () => {
    expect(
      booked(fromCsv).map((l) => [l.direction, l.amount, l.bankReference, l.endToEndId, l.utr, l.batch]),
    ).toEqual([
      ['debit', '25000.00', 'HDFCN25073000101', 'MRDPO00000000001', 'HDFCN25073000101', null],
      ['credit', '15500.00', '507312345678', null, '507312345678', null],
      ['debit', '75000.00', 'HDFCB25073000007', null, null, { count: 3 }],
      ['debit', '17.70', '000912345678', null, null, null],
    ]);
  });

  it('gives the same dedupe keys, so a second import in any format adds nothing', () => {
    const keys = (s: Statement) => booked(s).map((l) => dedupeKey(l, 'acct_1'));
    expect(keys(fromMt940!)).toEqual(keys(fromCamt!));
    expect(keys(fromCsv)).toEqual(keys(fromCamt!));
    expect(new Set(keys(fromCamt!)).size).toBe(4);
    expect(keys(fromCamt!)[3]).toBe('["acct_1","000912345678","2025-03-14","1770","debit"]');
  });
});

describe('dedupeKeys', () => {
  it('numbers repeats within a statement so that two equal bookings stay two', () => {
    const s = readBankCsv(csv);
    const twice = {
      ...s,
      lines: [s.lines[3]!, { ...s.lines[3]!, bankReference: null }, { ...s.lines[3]!, bankReference: null }],
    };
    const [first, second, third] = dedupeKeys(twice, 'acct_1');
    expect(first).not.toBe(second);
    expect(third).toBe(`${second}#2`);
    expect(dedupeKeys(twice, 'acct_1')).toEqual([first, second, third]);
  });
});

describe('readStatementFile', () => {
  it('knows each format by its content', () => {
    expect(sniffStatementFormat(camt)).toBe('camt.053');
    expect(sniffStatementFormat(mt940)).toBe('mt940');
    expect(sniffStatementFormat(fixture('year-end.mt940'))).toBe('mt940');
    expect(sniffStatementFormat(csv)).toBe('csv');
    expect(readStatementFile(csv)).toEqual([readBankCsv(csv)]);
    expect(readStatementFile(mt940)).toEqual(readMt940(mt940));
    expect(readStatementFile(camt)).toEqual(readCamt053(camt));
  });

  it('refuses XML that is not a camt.053', () => {
    const camt054 =
      '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.08"><BkToCstmrDbtCdtNtfctn/></Document>';
    expect(() => readStatementFile(camt054)).toThrow(BankFileError);
  });
});
