import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BankFileError } from '../xml.ts';
import { readCamt053 } from './camt053.ts';

const FIXTURE = join(import.meta.dirname, 'fixtures/day-2025-03-14.camt053.xml');
const XSD = join(import.meta.dirname, '../xsd/camt.053.001.08.xsd');
const day = readFileSync(FIXTURE, 'utf8');

/** Debian's xmllint against the ISO schema: null when valid, else its messages. */
function xmllint(xml: string): string | null {
  const dir = mkdtempSync(join(tmpdir(), 'camt053-'));
  try {
    writeFileSync(join(dir, 'file.xml'), xml);
    execFileSync('xmllint', ['--noout', '--schema', XSD, join(dir, 'file.xml')], { stdio: 'pipe' });
    return null;
  } catch (error) {
    return String((error as { stderr?: Buffer }).stderr ?? error);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A minimal valid camt.053 around the given statements. */
const document = (statements: string) => `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt>
<GrpHdr><MsgId>M1</MsgId><CreDtTm>2025-03-15T00:10:00+05:30</CreDtTm></GrpHdr>${statements}</BkToCstmrStmt></Document>`;

const balance = (code: string, amount: string, side: string, date: string) =>
  `<Bal><Tp><CdOrPrtry><Cd>${code}</Cd></CdOrPrtry></Tp><Amt Ccy="INR">${amount}</Amt>` +
  `<CdtDbtInd>${side}</CdtDbtInd><Dt><Dt>${date}</Dt></Dt></Bal>`;

const entry = (amount: string, side: string, ref: string, date = '<Dt>2025-03-15</Dt>') =>
  `<Ntry><Amt Ccy="INR">${amount}</Amt><CdtDbtInd>${side}</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts>` +
  `<BookgDt>${date}</BookgDt><AcctSvcrRef>${ref}</AcctSvcrRef>` +
  `<BkTxCd><Prtry><Cd>NEFT</Cd></Prtry></BkTxCd></Ntry>`;

const statement = (id: string, account: string, body: string) =>
  `<Stmt><Id>${id}</Id><Acct><Id><Othr><Id>${account}</Id></Othr></Id><Ccy>INR</Ccy></Acct>${body}</Stmt>`;

describe('camt.053 fixture', () => {
  it('validates against the ISO 20022 camt.053.001.08 schema (xmllint)', () => {
    expect(xmllint(day)).toBeNull();
  });

  it('is refused by the schema when an entry has no valid direction', () => {
    const broken = day.replace('<CdtDbtInd>DBIT</CdtDbtInd>', '<CdtDbtInd>DEBIT</CdtDbtInd>');
    expect(xmllint(broken)).toMatch(/CdtDbtInd/);
  });
});

describe('readCamt053', () => {
  const [s] = readCamt053(day);

  it('reads the statement header, balances and period as the bank wrote them', () => {
    expect(s).toMatchObject({
      format: 'camt.053',
      accountId: '000401234567',
      currency: 'INR',
      statementId: 'STMT250314001',
      sequenceNumber: '73',
      from: '2025-03-14',
      to: '2025-03-14',
      opening: { amount: '1000000.00', paise: 100000000n, direction: 'credit', date: '2025-03-14' },
      closing: { amount: '915482.30', paise: 91548230n, direction: 'credit', date: '2025-03-14' },
    });
    expect(s!.lines).toHaveLength(5);
  });

  it('reads a payout debit with its EndToEndId, UTR and counterparty', () => {
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
      narration:
        'NEFT DR-ICIC0000104-RAVI KUMAR-NETBANK, MUM-HDFCN25073000101-MRDPO00000000001 SALARY MAR 2025',
      batch: null,
      counterparty: { name: 'RAVI KUMAR', account: '000123456789' },
      bankCode: 'PMNT/ICDT/DMCT',
    });
  });

  it('keeps numeric references and accounts as strings with their leading zeros', () => {
    const credit = s!.lines[1]!;
    expect(credit).toMatchObject({
      direction: 'credit',
      bankReference: '507312345678',
      utr: '507312345678',
      endToEndId: null, // NOTPROVIDED
      counterparty: { name: 'ACME TRADERS', account: '002301234567' },
    });
    expect(s!.lines[3]).toMatchObject({ bankReference: '000912345678', amount: '17.70', paise: 1770n });
    expect(typeof s!.accountId).toBe('string');
  });

  it('reads a batch booking as one line with its count', () => {
    expect(s!.lines[2]).toMatchObject({
      amount: '75000.00',
      batch: { count: 3 },
      endToEndId: null,
      utr: null,
      counterparty: null,
      narration: 'BULK NEFT BATCH OF 3 TXNS MRDPI00000000007',
    });
  });

  it('keeps a pending entry, flagged, dated by its value date', () => {
    expect(s!.lines[4]).toMatchObject({
      status: 'pending',
      amount: '5000.00',
      bookingDate: '2025-03-17',
      valueDate: '2025-03-17',
    });
  });

  it('reads several statements, each a list even with a single entry, dates of DtTm as written', () => {
    const xml = document(
      statement(
        'S1',
        '000401234567',
        balance('PRCD', '100.00', 'CRDT', '2025-03-14') +
          balance('CLBD', '50.00', 'DBIT', '2025-03-15') +
          entry('150', 'DBIT', '000000000001', '<DtTm>2025-03-15T23:50:00+05:30</DtTm>'),
      ) +
        statement(
          'S2',
          '000409999999',
          balance('OPBD', '0', 'CRDT', '2025-03-15') + balance('CLBD', '0', 'CRDT', '2025-03-15'),
        ),
    );
    expect(xmllint(xml)).toBeNull();
    const [first, second] = readCamt053(xml);
    expect(first).toMatchObject({
      statementId: 'S1',
      from: '2025-03-14',
      to: '2025-03-15',
      closing: { amount: '50.00', paise: 5000n, direction: 'debit' },
    });
    expect(first!.lines).toEqual([
      expect.objectContaining({ bookingDate: '2025-03-15', amount: '150.00', bankReference: '000000000001' }),
    ]);
    expect(second).toMatchObject({ accountId: '000409999999', lines: [] });
  });

  it('reads v02-style plain statuses and marks a reversal', () => {
    const xml = document(
      statement(
        'S1',
        '000401234567',
        balance('OPBD', '0', 'CRDT', '2025-03-15') +
          balance('CLBD', '10', 'CRDT', '2025-03-15') +
          entry('10', 'CRDT', 'R1').replace(
            '<Sts><Cd>BOOK</Cd></Sts>',
            '<RvslInd>true</RvslInd><Sts>BOOK</Sts>',
          ),
      ),
    );
    expect(readCamt053(xml)[0]!.lines[0]).toMatchObject({
      status: 'booked',
      reversal: true,
      direction: 'credit',
    });
  });

  it('refuses what it cannot use, with BankFileError', () => {
    const noClosing = document(statement('S1', '1', balance('OPBD', '0', 'CRDT', '2025-03-15')));
    expect(() => readCamt053(noClosing)).toThrow(/no closing booked \(CLBD\) balance/);
    const foreign = day.replace('<Amt Ccy="INR">17.70</Amt>', '<Amt Ccy="USD">17.70</Amt>');
    expect(() => readCamt053(foreign)).toThrow(/in USD, not INR/);
    const paise = day.replace('>17.70<', '>17.705<');
    expect(() => readCamt053(paise)).toThrow(/more than two decimals/);
    expect(() => readCamt053('<Document><Other/></Document>')).toThrow(BankFileError);
    expect(() => readCamt053('not xml <')).toThrow(BankFileError);
  });
});
