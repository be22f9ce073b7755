import { describe, expect, it } from 'vitest';
import { amountToPaise, sumPaise } from './amounts.ts';
import { debianXmllint } from './fixtures/support.ts';
import {
  endToEndIdOf,
  isEndToEndId,
  Pain001InputError,
  payoutProblem,
  toBankText,
  writeCheckedPain001,
  writePain001,
  type LocalInstrument,
  type Pain001Batch,
  type Pain001Payout,
} from './pain001.ts';
import { checkSchema } from './schema-check.ts';
import { attributeAt, children, documentRoot, parseBankXml, textAt, type XmlNode } from './xml.ts';

const payout = (seq: number, over: Partial<Pain001Payout> = {}): Pain001Payout => ({
  endToEndId: endToEndIdOf(seq),
  amountPaise: 2500000n,
  rail: 'NEFT',
  beneficiary: { name: `Payee ${seq}`, accountNumber: '50100012345678', ifsc: 'HDFC0001234' },
  purpose: `Invoice ${seq}`,
  ...over,
});

const batch = (payouts: Pain001Payout[], over: Partial<Pain001Batch> = {}): Pain001Batch => ({
  msgId: 'MRDF-20250102-0001',
  createdAt: new Date('2025-01-02T03:04:05.678Z'),
  initiatingParty: { name: 'Meridian Payments', id: 'MERIDIAN01' },
  debtor: { name: 'Acme Widgets Pvt Ltd', accountNumber: '000401234567', ifsc: 'ICIC0000104' },
  payouts,
  ...over,
});

/** Both validators accept the file. */
async function expectValid(xml: string) {
  expect(debianXmllint(xml, 'pain.001.001.10')).toEqual({ ok: true, output: '' });
  expect(await checkSchema(xml, 'pain.001.001.10')).toEqual({ ok: true });
}

/** The file re-read with the parser: its group header, blocks and transactions. */
function reread(xml: string) {
  const root = documentRoot(parseBankXml(xml), 'CstmrCdtTrfInitn');
  const blocks = children(root, 'PmtInf');
  const transactions = blocks.flatMap((b) => children(b, 'CdtTrfTxInf'));
  return { header: children(root, 'GrpHdr')[0]!, blocks, transactions };
}

const amountOf = (tx: XmlNode) => textAt(tx, 'Amt', 'InstdAmt')!;

describe('pain.001 writer', () => {
  it('writes a one-payout file that validates and whose totals agree', async () => {
    const xml = writePain001(batch([payout(1)]));
    await expectValid(xml);
    const { header, blocks, transactions } = reread(xml);
    expect(textAt(header, 'MsgId')).toBe('MRDF-20250102-0001');
    expect(textAt(header, 'CreDtTm')).toBe('2025-01-02T08:34:05+05:30');
    expect(textAt(header, 'NbOfTxs')).toBe('1');
    expect(textAt(header, 'CtrlSum')).toBe('25000.00');
    expect(textAt(header, 'InitgPty', 'Id', 'OrgId', 'Othr', 'Id')).toBe('MERIDIAN01');
    expect(blocks).toHaveLength(1);
    expect(textAt(blocks[0], 'PmtInfId')).toBe('MRDF-20250102-0001-NEFT');
    expect(textAt(blocks[0], 'BtchBookg')).toBe('false');
    expect(textAt(blocks[0], 'PmtTpInf', 'LclInstrm', 'Prtry')).toBe('NEFT');
    expect(textAt(blocks[0], 'ReqdExctnDt', 'Dt')).toBe('2025-01-02');
    expect(textAt(blocks[0], 'DbtrAcct', 'Id', 'Othr', 'Id')).toBe('000401234567');
    expect(textAt(blocks[0], 'DbtrAgt', 'FinInstnId', 'ClrSysMmbId', 'MmbId')).toBe('ICIC0000104');
    const tx = transactions[0]!;
    expect(textAt(tx, 'PmtId', 'EndToEndId')).toBe('MRDPO00000000001');
    expect(textAt(tx, 'PmtId', 'InstrId')).toBe('MRDPO00000000001');
    expect(amountOf(tx)).toBe('25000.00');
    expect(attributeAt(tx, 'Ccy', 'Amt', 'InstdAmt')).toBe('INR');
    expect(textAt(tx, 'CdtrAgt', 'FinInstnId', 'ClrSysMmbId', 'ClrSysId', 'Cd')).toBe('INFSC');
    expect(textAt(tx, 'CdtrAgt', 'FinInstnId', 'ClrSysMmbId', 'MmbId')).toBe('HDFC0001234');
    expect(textAt(tx, 'Cdtr', 'Nm')).toBe('Payee 1');
    expect(textAt(tx, 'RmtInf', 'Ustrd')).toBe('Invoice 1');
  });

  it('writes many payouts in one block per rail, each block and the file adding up', async () => {
    const rails: LocalInstrument[] = ['IMPS', 'NEFT', 'RTGS'];
    const payouts = Array.from({ length: 120 }, (_, i) =>
      payout(i + 1, { rail: rails[i % 3]!, amountPaise: BigInt(i * 1_000_003 + 1) }),
    );
    const xml = writePain001(batch(payouts));
    await expectValid(xml);
    const { header, blocks, transactions } = reread(xml);
    expect(blocks.map((b) => textAt(b, 'PmtTpInf', 'LclInstrm', 'Prtry'))).toEqual(['NEFT', 'RTGS', 'IMPS']);
    expect(textAt(header, 'NbOfTxs')).toBe('120');
    expect(transactions).toHaveLength(120);
    const total = sumPaise(payouts.map((p) => p.amountPaise));
    expect(amountToPaise(textAt(header, 'CtrlSum')!)).toBe(total);
    expect(sumPaise(transactions.map((t) => amountToPaise(amountOf(t))))).toBe(total);
    for (const block of blocks) {
      const own = children(block, 'CdtTrfTxInf');
      expect(textAt(block, 'NbOfTxs')).toBe(String(own.length));
      expect(amountToPaise(textAt(block, 'CtrlSum')!)).toBe(
        sumPaise(own.map((t) => amountToPaise(amountOf(t)))),
      );
    }
    const ids = transactions.map((t) => textAt(t, 'PmtId', 'EndToEndId'));
    expect(new Set(ids).size).toBe(120);
  });

  it('keeps an account number’s leading zeros and writes 1 paisa and ₹99,99,99,999.99 exactly', async () => {
    const xml = writePain001(
      batch([
        payout(1, {
          amountPaise: 1n,
          beneficiary: { name: 'Zero', accountNumber: '000012340', ifsc: 'SBIN0000001' },
        }),
        payout(2, { amountPaise: 99_999_999_999n, rail: 'RTGS' }),
      ]),
    );
    await expectValid(xml);
    const { header, transactions } = reread(xml);
    expect(textAt(transactions[0], 'CdtrAcct', 'Id', 'Othr', 'Id')).toBe('000012340');
    expect(transactions.map(amountOf)).toEqual(['0.01', '999999999.99']);
    expect(textAt(header, 'CtrlSum')).toBe('1000000000.00');
  });

  it('writes names and free text in the bank character set, escaped, cut to the schema length', async () => {
    const xml = writePain001(
      batch([
        payout(1, {
          beneficiary: { name: 'A&B <Traders> "Ltd"', accountNumber: '1234', ifsc: 'UTIB0000001' },
          purpose: `José’s invoice — ₹5,000 & more <b> राम ${'x'.repeat(300)}`,
        }),
        payout(2, { beneficiary: { name: 'Zoë Müller-Straße', accountNumber: '1', ifsc: 'UTIB0000001' } }),
        payout(3, {
          beneficiary: { name: 'N'.repeat(200), accountNumber: '1', ifsc: 'UTIB0000001' },
          purpose: '',
        }),
      ]),
    );
    await expectValid(xml);
    const { transactions } = reread(xml);
    expect(transactions.map((t) => textAt(t, 'Cdtr', 'Nm'))).toEqual([
      'A and B Traders Ltd',
      'Zoe Muller-Strasse',
      'N'.repeat(140),
    ]);
    const remittance = textAt(transactions[0], 'RmtInf', 'Ustrd')!;
    expect(remittance).toMatch(/^Jose's invoice - 5,000 and more b x+$/);
    expect(remittance).toHaveLength(140);
    expect(textAt(transactions[2], 'RmtInf')).toBeNull();
  });

  it('refuses a name in a non-Latin script rather than guessing it', () => {
    const bad = payout(7, { beneficiary: { name: 'राम कुमार', accountNumber: '1234', ifsc: 'SBIN0000001' } });
    expect(payoutProblem(bad)).toMatch(
      /MRDPO00000000007: the beneficiary's name "राम कुमार" cannot be written/,
    );
    expect(() => writePain001(batch([payout(1), bad]))).toThrow(Pain001InputError);
    expect(
      payoutProblem({ ...bad, beneficiary: { ...bad.beneficiary, name: 'Ram Kumar राम' } }),
    ).not.toBeNull();
    expect(toBankText('राम', 140)).toBeNull();
    expect(toBankText('Ram राम', 140)).toBe('Ram');
    expect(toBankText('Ram राम', 140, true)).toBeNull();
    expect(toBankText('  a \n\t b  ', 140)).toBe('a b');
  });

  it('lists every problem of a batch it refuses, and writes nothing', () => {
    const attempt = () =>
      writePain001(
        batch(
          [
            payout(1, { amountPaise: 0n }),
            payout(2, { amountPaise: 100 as unknown as bigint }),
            payout(3, { rail: 'UPI' as LocalInstrument }),
            payout(4, { beneficiary: { name: 'X', accountNumber: '12-34', ifsc: 'HDFC0001234' } }),
            payout(5, { beneficiary: { name: 'X', accountNumber: '1234', ifsc: 'HDFC1001234' } }),
            payout(6, { endToEndId: 'mrd_po_1' }),
            payout(6),
          ],
          { msgId: 'has space', executionDate: '02/01/2025' },
        ),
      );
    expect(attempt).toThrow(Pain001InputError);
    try {
      attempt();
    } catch (error) {
      expect((error as Pain001InputError).problems).toEqual([
        'MsgId "has space" is not [A-Za-z0-9-]{1,30}',
        'the execution date "02/01/2025" is not YYYY-MM-DD',
        'payout MRDPO00000000001: the amount must be a positive number of paise (bigint)',
        'payout MRDPO00000000002: the amount must be a positive number of paise (bigint)',
        'payout MRDPO00000000003: the rail must be NEFT, RTGS or IMPS',
        "payout MRDPO00000000004: the beneficiary's account number must be 1 to 34 letters or digits",
        'payout MRDPO00000000005: the beneficiary\'s IFSC "HDFC1001234" is invalid',
        'EndToEndId "mrd_po_1" is not [A-Z0-9]{1,16}',
      ]);
    }
    expect(() => writePain001(batch([]))).toThrow(/at least one payout/);
    expect(() => writePain001(batch([payout(1), payout(1)]))).toThrow(/MRDPO00000000001 appears twice/);
  });

  it('checks the file against the schema at run time when asked', async () => {
    await expect(writeCheckedPain001(batch([payout(1)]))).resolves.toBe(writePain001(batch([payout(1)])));
    expect(
      payoutProblem(payout(1, { beneficiary: { name: ' ', accountNumber: '1', ifsc: 'SBIN0000001' } })),
    ).toBe('payout MRDPO00000000001: the beneficiary has no name');
  });

  it('uses the given execution date and leaves out an absent client code', async () => {
    const xml = writePain001(
      batch([payout(1)], { executionDate: '2025-01-03', initiatingParty: { name: 'Meridian', id: null } }),
    );
    await expectValid(xml);
    const { header, blocks } = reread(xml);
    expect(textAt(blocks[0], 'ReqdExctnDt', 'Dt')).toBe('2025-01-03');
    expect(textAt(header, 'InitgPty', 'Id')).toBeNull();
  });
});

describe('EndToEndId', () => {
  it('is MRDPO and eleven digits from a sequence number', () => {
    expect(endToEndIdOf(1)).toBe('MRDPO00000000001');
    expect(endToEndIdOf(0n)).toBe('MRDPO00000000000');
    expect(endToEndIdOf(99_999_999_999n)).toBe('MRDPO99999999999');
    expect(() => endToEndIdOf(100_000_000_000n)).toThrow(RangeError);
    expect(() => endToEndIdOf(-1)).toThrow(RangeError);
    expect(() => endToEndIdOf(1.5)).toThrow(RangeError);
  });

  it('is the same for the same payout URN, different for another, and always [A-Z0-9]{16}', () => {
    const a = endToEndIdOf('PAY01JD3V9K2QW8X7Z5N4M3P2R1AB');
    expect(a).toBe(endToEndIdOf('PAY01JD3V9K2QW8X7Z5N4M3P2R1AB'));
    expect(a).toMatch(/^MRDH[0-9A-Z]{12}$/);
    const many = new Set(Array.from({ length: 10_000 }, (_, i) => endToEndIdOf(`PAY${i}`)));
    expect(many.size).toBe(10_000);
    for (const id of many) expect(isEndToEndId(id)).toBe(true);
    expect(() => endToEndIdOf(' ')).toThrow(RangeError);
  });

  it('accepts only upper-case letters and digits, 1 to 16 of them', () => {
    expect(isEndToEndId('A')).toBe(true);
    expect(isEndToEndId('ABCDEFGHIJ123456')).toBe(true);
    for (const bad of ['', 'ABCDEFGHIJ1234567', 'abc', 'A_B', 'A-B', 'A B', 'É'])
      expect(isEndToEndId(bad), bad).toBe(false);
  });
});
