import { describe, expect, it } from 'vitest';
import { fixture } from './fixtures/support.ts';
import { outcomeOf, parsePain002, payoutStatuses, readPain002 } from './pain002.ts';
import { readReason, reasonMessage } from './reason-codes.ts';
import { BankFileError, parseBankXml } from './xml.ts';

/** The reason a reader refuses a file, or null when it reads it. */
async function refusal(read: () => Promise<unknown>): Promise<{ reason: string; message: string } | null> {
  try {
    await read();
    return null;
  } catch (error) {
    if (!(error instanceof BankFileError)) throw error;
    return { reason: error.reason, message: error.message };
  }
}

const parsed = (name: string, utrFrom: 'ClrSysRef' | 'AcctSvcrRef' = 'ClrSysRef') =>
  parsePain002(parseBankXml(fixture(name)), utrFrom);

describe('pain.002 reader', () => {
  it('reads an accepted file: every line settled, with the UTR from the connection’s field', async () => {
    const report = await readPain002(fixture('pain.002.001.10-accepted.xml'));
    expect(report).toMatchObject({
      msgId: 'ICIC-PSR-20250102-0042',
      createdAt: '2025-01-02T14:05:00+05:30',
      originalMsgId: 'MRDF-20250102-0001',
      originalMessageName: 'pain.001.001.10',
      groupStatus: 'ACSC',
      groupReasons: [],
      fileRejected: false,
    });
    expect(report.transactions).toEqual([
      {
        originalEndToEndId: 'MRDPO00000000001',
        originalInstructionId: 'MRDPO00000000001',
        originalPaymentInfoId: 'MRDF-20250102-0001-NEFT',
        status: 'ACSC',
        outcome: 'settled',
        reason: null,
        utr: 'ICICN52025002001234567',
        acceptedAt: '2025-01-02T13:30:00+05:30',
      },
      expect.objectContaining({ originalEndToEndId: 'MRDPO00000000002', utr: 'ICICR52025010200000789' }),
    ]);
    const byBankRef = await readPain002(fixture('pain.002.001.10-accepted.xml'), 'AcctSvcrRef');
    expect(byBankRef.transactions.map((t) => t.utr)).toEqual(['000000634112', '000000634113']);
  });

  it('reads a partly rejected file: each rejection with its code and a readable message', () => {
    const report = parsed('pain.002.001.10-partly-rejected.xml');
    expect(report.groupStatus).toBe('PART');
    expect(report.fileRejected).toBe(false);
    const byId = new Map(report.transactions.map((t) => [t.originalEndToEndId, t]));
    expect(byId.get('MRDPO00000000011')).toMatchObject({ status: 'ACSC', outcome: 'settled', reason: null });
    expect(byId.get('MRDPO00000000012')).toMatchObject({
      status: 'RJCT',
      outcome: 'rejected',
      utr: null,
      reason: {
        code: 'AC01',
        proprietary: false,
        text: 'Incorrect account number',
        detail: 'Account 000012340 does not exist at SBIN0000001',
      },
    });
    expect(byId.get('MRDPO00000000013')?.reason).toEqual({
      code: 'AC04',
      proprietary: false,
      text: 'Closed account number',
      detail: null,
    });
    expect(byId.get('MRDPO00000000014')?.reason).toMatchObject({
      code: 'AM04',
      text: 'Insufficient funds',
      detail: 'Debit account balance below the payout amount at 10:58 IST',
    });
    expect(byId.get('MRDPO00000000015')?.reason).toEqual({
      code: 'NEFT-R07',
      proprietary: true,
      text: 'Beneficiary account is frozen',
      detail: 'Beneficiary account is frozen',
    });
    // No reason on the line: its block's.
    expect(byId.get('MRDPO00000000016')?.reason).toMatchObject({
      code: 'FF05',
      text: 'Invalid local instrument',
    });
  });

  it('represents a whole-file reject with no lines so that every payout of the file fails', async () => {
    const report = await readPain002(fixture('pain.002.001.10-file-rejected.xml'));
    expect(report).toMatchObject({
      originalMsgId: 'MRDF-20250104-0003',
      groupStatus: 'RJCT',
      fileRejected: true,
      paymentInfos: [],
      transactions: [],
    });
    expect(report.groupReasons).toEqual([
      {
        code: 'DU01',
        proprietary: false,
        text: 'Duplicate message identification',
        detail: 'Message identification already received on 2025-01-03',
      },
    ]);
    const status = payoutStatuses(report)({
      endToEndId: 'MRDPO00000000031',
      paymentInfoId: 'MRDF-20250104-0003-NEFT',
    });
    expect(status).toEqual({
      status: 'RJCT',
      outcome: 'rejected',
      reason: report.groupReasons[0],
      utr: null,
    });
  });

  it('reads pending statuses as changing nothing final', () => {
    const report = parsed('pain.002.001.10-pending.xml', 'AcctSvcrRef');
    expect(report.groupStatus).toBe('ACTC');
    expect(report.transactions.map((t) => [t.originalEndToEndId, t.status, t.outcome, t.utr])).toEqual([
      ['MRDPO00000000021', 'PDNG', 'pending', null],
      ['MRDPO00000000022', 'ACSP', 'pending', '000000800022'],
    ]);
    const statusOf = payoutStatuses(report);
    // A payout the report does not list takes the file's ACTC: still pending.
    expect(
      statusOf({ endToEndId: 'MRDPO00000000023', paymentInfoId: 'MRDF-20250105-0004-NEFT' }),
    ).toMatchObject({
      status: 'ACTC',
      outcome: 'pending',
    });
  });

  it('gives each payout its line, else its block’s status, else the file’s, else nothing', () => {
    const report = parsed('pain.002.001.10-partly-rejected.xml');
    const statusOf = payoutStatuses(report);
    expect(statusOf({ endToEndId: 'MRDPO00000000011', paymentInfoId: 'x' })?.utr).toBe(
      'ICICN52025003000000011',
    );
    // In the rejected IMPS block but not listed: rejected with the block's reason.
    expect(
      statusOf({ endToEndId: 'MRDPO00000000099', paymentInfoId: 'MRDF-20250103-0002-IMPS' }),
    ).toMatchObject({
      status: 'RJCT',
      reason: { code: 'FF05' },
    });
    // In the PART block, not listed, and the file is PART too: the report says nothing of it.
    expect(statusOf({ endToEndId: 'MRDPO00000000098', paymentInfoId: 'MRDF-20250103-0002-NEFT' })).toBeNull();
  });

  it('classifies statuses: ACSC and ACCC settle, RJCT and CANC reject, the rest wait', () => {
    expect(['ACSC', 'ACCC'].map(outcomeOf)).toEqual(['settled', 'settled']);
    expect(['RJCT', 'CANC'].map(outcomeOf)).toEqual(['rejected', 'rejected']);
    expect(['RCVD', 'ACTC', 'ACCP', 'ACSP', 'ACWC', 'PDNG', 'PART', 'BLCK', 'XYZ1'].map(outcomeOf)).toEqual(
      Array(9).fill('pending'),
    );
  });
});

describe('pain.002 refusals (never a partial report)', () => {
  const accepted = fixture('pain.002.001.10-accepted.xml');

  it('refuses what is not XML, or not a pain.002', async () => {
    expect(await refusal(() => readPain002('<Document><CstmrPmtStsRpt>'))).toMatchObject({
      reason: 'unparsable',
    });
    expect(await refusal(() => readPain002(''))).toMatchObject({ reason: 'unparsable' });
    expect(await refusal(() => readPain002(fixture('camt.054.001.08-return.xml')))).toMatchObject({
      reason: 'schema',
    });
  });

  it('refuses a file its schema refuses, with libxml2’s message', async () => {
    const noGroup = accepted.replace(/<OrgnlMsgId>.*<\/OrgnlMsgId>/, '');
    expect(await refusal(() => readPain002(noGroup))).toMatchObject({
      reason: 'schema',
      message: expect.stringMatching(
        /not a valid pain\.002\.001\.10: line \d+: .*OrgnlMsgNmId.*Expected is.*OrgnlMsgId/,
      ),
    });
    const longStatus = accepted.replace('<TxSts>ACSC</TxSts>', '<TxSts>SETTLED</TxSts>');
    expect(await refusal(() => readPain002(longStatus))).toMatchObject({ reason: 'schema' });
  });

  it('refuses a line without OrgnlEndToEndId or without any status', async () => {
    const noId = accepted.replace('<OrgnlEndToEndId>MRDPO00000000002</OrgnlEndToEndId>', '');
    expect(await refusal(() => readPain002(noId))).toEqual({
      reason: 'content',
      message: 'A transaction line of block MRDF-20250102-0001-RTGS has no OrgnlEndToEndId',
    });
    const noStatus = fixture('pain.002.001.10-pending.xml')
      .replace('<GrpSts>ACTC</GrpSts>', '')
      .replace('<TxSts>PDNG</TxSts>', '');
    expect(await refusal(() => readPain002(noStatus))).toMatchObject({
      reason: 'content',
      message: 'The transaction MRDPO00000000021 has no status, nor has its block or file',
    });
  });

  it('refuses a report that contradicts itself or answers something else', async () => {
    const twice = accepted.replace('MRDPO00000000002', 'MRDPO00000000001');
    expect(await refusal(() => readPain002(twice))).toMatchObject({
      message: 'The report names MRDPO00000000001 twice',
    });
    const settledInRejected = accepted.replace('<GrpSts>ACSC</GrpSts>', '<GrpSts>RJCT</GrpSts>');
    expect(await refusal(() => readPain002(settledInRejected))).toMatchObject({
      reason: 'content',
      message: expect.stringMatching(/rejects the file or block of MRDPO00000000001 but gives it ACSC/),
    });
    const pacs = accepted.replace('<OrgnlMsgNmId>pain.001.001.10', '<OrgnlMsgNmId>pacs.008.001.08');
    expect(await refusal(() => readPain002(pacs))).toMatchObject({
      message: 'The report answers a "pacs.008.001.08", not a pain.001 file',
    });
  });
});

describe('reason codes', () => {
  it('reads the common rejections as sentences and names an unknown code', () => {
    expect(reasonMessage('AC01')).toBe('Incorrect account number');
    expect(reasonMessage('AC04')).toBe('Closed account number');
    expect(reasonMessage('AM04')).toBe('Insufficient funds');
    expect(reasonMessage('ZZ99')).toBe('Bank reason ZZ99');
  });

  it('reads a reason with words only as narrative, and none as null', () => {
    expect(readReason({ AddtlInf: [{ '#text': 'Call us' }] })).toEqual({
      code: 'NARR',
      proprietary: false,
      text: 'Call us',
      detail: 'Call us',
    });
    expect(readReason({})).toBeNull();
    expect(readReason(undefined)).toBeNull();
    expect(readReason({ Rsn: { Cd: { '#text': 'ZZ99' } } })).toMatchObject({ text: 'Bank reason ZZ99' });
  });
});
