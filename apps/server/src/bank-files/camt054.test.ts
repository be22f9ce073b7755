import { describe, expect, it } from 'vitest';
import { calendarDate } from './camt-entry.ts';
import { parseCamt054, payoutReturns, readCamt054 } from './camt054.ts';
import { fixture } from './fixtures/support.ts';
import { BankFileError, parseBankXml } from './xml.ts';

const parsed = (name: string) => parseCamt054(parseBankXml(fixture(name)));

async function refusal(read: () => Promise<unknown>): Promise<{ reason: string; message: string } | null> {
  try {
    await read();
    return null;
  } catch (error) {
    if (!(error instanceof BankFileError)) throw error;
    return { reason: error.reason, message: error.message };
  }
}

describe('camt.054 reader', () => {
  it('reads a return after success: a booked credit with the payout’s references and its return reason', async () => {
    const document = await readCamt054(fixture('camt.054.001.08-return.xml'));
    expect(document.msgId).toBe('ICIC-NTF-20250104-0193');
    const [notification] = document.notifications;
    expect(notification).toMatchObject({
      id: 'ICIC-NTF-20250104-0193-1',
      sequenceNumber: '193',
      account: { id: '000401234567', currency: 'INR', servicerIfsc: 'ICIC0000104' },
    });
    const [entry] = notification!.entries;
    expect(entry).toMatchObject({
      entryRef: '0001',
      amount: { amount: '25000.00', currency: 'INR', paise: 2500000n },
      direction: 'CRDT',
      reversal: false,
      status: 'BOOK',
      booked: true,
      bookingDate: '2025-01-04',
      valueDate: '2025-01-04',
      bookedAt: null,
      accountServicerRef: '000000912345',
      bankTransactionCode: { domain: 'PMNT', family: 'ICDT', subFamily: 'RRTN', proprietary: null },
      batch: null,
    });
    expect(entry!.transactions).toEqual([
      {
        amount: { amount: '25000.00', currency: 'INR', paise: 2500000n },
        direction: 'CRDT',
        refs: {
          msgId: 'MRDF-20250102-0001',
          accountServicerRef: null,
          paymentInfoId: 'MRDF-20250102-0001-NEFT',
          instructionId: 'MRDPO00000000001',
          endToEndId: 'MRDPO00000000001',
          uetr: null,
          transactionId: null,
          clearingSystemRef: 'ICICN52025002001234567',
        },
        returnInfo: {
          reason: {
            code: 'AC04',
            proprietary: false,
            text: 'Closed account number',
            detail: 'Beneficiary account closed on 2024-12-31',
          },
        },
        parties: {
          debtorName: null,
          debtorAccount: null,
          creditorName: 'Payee 1',
          creditorAccount: '50100012345678',
        },
        remittance: [],
        additionalInfo: 'NEFT RETURN ICICN52025002001234567 ACCOUNT CLOSED',
      },
    ]);
    expect(payoutReturns(document)).toEqual([
      {
        kind: 'return',
        endToEndId: 'MRDPO00000000001',
        clearingSystemRef: 'ICICN52025002001234567',
        accountServicerRef: '000000912345',
        amount: { amount: '25000.00', currency: 'INR', paise: 2500000n },
        reason: expect.objectContaining({ code: 'AC04', text: 'Closed account number' }),
        account: '000401234567',
        bookingDate: '2025-01-04',
        valueDate: '2025-01-04',
        notificationId: 'ICIC-NTF-20250104-0193-1',
      },
    ]);
  });

  it('reads a reversal: RvslInd on a booked credit, the amount from the entry, the date in IST', async () => {
    const document = await readCamt054(fixture('camt.054.001.08-reversal.xml'));
    const entry = document.notifications[0]!.entries[0]!;
    expect(entry).toMatchObject({
      amount: { amount: '250000', paise: 25000000n },
      reversal: true,
      bookingDate: '2025-01-06',
      bookedAt: '2025-01-05T20:15:00Z',
      accountServicerRef: 'ICICR52025010200000789',
      bankTransactionCode: { domain: null, proprietary: 'RTGS-REV' },
      additionalInfo: 'REVERSAL OF RTGS ICICR52025010200000789',
    });
    expect(entry.transactions[0]!.amount).toEqual(entry.amount);
    expect(payoutReturns(document)).toEqual([
      expect.objectContaining({
        kind: 'reversal',
        endToEndId: 'MRDPO00000000002',
        clearingSystemRef: null,
        accountServicerRef: 'ICICR52025010200000789',
        amount: { amount: '250000', currency: 'INR', paise: 25000000n },
        reason: null,
      }),
    ]);
  });

  it('reads credits, pending batch bookings and entries without details, exactly', () => {
    const [notification] = parsed('camt.054.001.08-intraday.xml').notifications;
    const [credit, batch, memo] = notification!.entries;
    expect(credit).toMatchObject({
      amount: { amount: '15500.5', paise: 1550050n },
      reversal: false,
      bookingDate: '2025-01-03',
      accountServicerRef: '634112345678',
    });
    expect(credit!.transactions[0]).toMatchObject({
      amount: { amount: '15500.50', paise: 1550050n },
      refs: { endToEndId: 'NOTPROVIDED', clearingSystemRef: '634112345678' },
      parties: {
        debtorName: 'Sharma & Sons',
        debtorAccount: '001201000123',
        creditorName: null,
        creditorAccount: 'MRDVA0000123456',
      },
      remittance: ['INV-2025-0042', 'PART PAYMENT'],
      returnInfo: null,
    });
    expect(batch).toMatchObject({ status: 'PDNG', booked: false, direction: 'DBIT', bookingDate: null });
    expect(batch!.batch).toEqual({
      msgId: 'MRDF-20250103-0005',
      paymentInfoId: 'MRDF-20250103-0005-NEFT',
      count: 3,
      total: { amount: '1500.00', currency: 'INR', paise: 150000n },
    });
    expect(batch!.transactions.map((t) => [t.refs.endToEndId, t.amount?.paise, t.direction])).toEqual([
      ['MRDPO00000000041', 50000n, 'DBIT'],
      ['MRDPO00000000042', 99999n, 'DBIT'],
      ['MRDPO00000000043', 1n, 'DBIT'],
    ]);
    expect(memo).toMatchObject({ status: 'MEMO', booked: false, transactions: [], amount: { paise: 0n } });
    expect(payoutReturns(parsed('camt.054.001.08-intraday.xml'))).toEqual([]);
  });

  it('counts only booked credits as payouts coming back', () => {
    const pending = fixture('camt.054.001.08-return.xml').replace('<Cd>BOOK</Cd>', '<Cd>PDNG</Cd>');
    expect(payoutReturns(parseCamt054(parseBankXml(pending)))).toEqual([]);
    const debit = fixture('camt.054.001.08-reversal.xml').replace(
      '<CdtDbtInd>CRDT</CdtDbtInd>',
      '<CdtDbtInd>DBIT</CdtDbtInd>',
    );
    expect(payoutReturns(parseCamt054(parseBankXml(debit)))).toEqual([]);
    const bare = fixture('camt.054.001.08-reversal.xml').replace(/<NtryDtls>[\s\S]*<\/NtryDtls>/, '');
    expect(payoutReturns(parseCamt054(parseBankXml(bare)))).toEqual([
      expect.objectContaining({
        kind: 'reversal',
        endToEndId: null,
        amount: expect.objectContaining({ paise: 25000000n }),
      }),
    ]);
  });

  it('keeps a non-INR amount as text without paise', () => {
    const usd = fixture('camt.054.001.08-reversal.xml').replace('Ccy="INR">250000<', 'Ccy="USD">1.234<');
    expect(parseCamt054(parseBankXml(usd)).notifications[0]!.entries[0]!.amount).toEqual({
      amount: '1.234',
      currency: 'USD',
      paise: null,
    });
  });
});

describe('camt.054 refusals (never a partial document)', () => {
  it('refuses what is not XML, another message, and what its schema refuses', async () => {
    expect(await refusal(() => readCamt054('<Document>'))).toMatchObject({ reason: 'unparsable' });
    expect(await refusal(() => readCamt054(fixture('pain.002.001.10-accepted.xml')))).toMatchObject({
      reason: 'schema',
    });
    const badDirection = fixture('camt.054.001.08-return.xml').replace(
      '<CdtDbtInd>CRDT</CdtDbtInd>',
      '<CdtDbtInd>CREDIT</CdtDbtInd>',
    );
    expect(await refusal(() => readCamt054(badDirection))).toMatchObject({
      reason: 'schema',
      message: expect.stringMatching(/CdtDbtInd.*CREDIT/),
    });
  });

  it('refuses an INR amount with a third decimal, naming the notification', async () => {
    const thirdDecimal = fixture('camt.054.001.08-return.xml').replace(
      '<Amt Ccy="INR">25000.00</Amt>\n        <CdtDbtInd>',
      '<Amt Ccy="INR">25000.005</Amt>\n        <CdtDbtInd>',
    );
    expect(await refusal(() => readCamt054(thirdDecimal))).toEqual({
      reason: 'content',
      message: 'Notification ICIC-NTF-20250104-0193-1: Amount "25000.005" has more than two decimals (paise)',
    });
  });
});

describe('bank calendar dates', () => {
  it('takes a date as written and a zoned date-time as its IST date', () => {
    expect(calendarDate({ Dt: '2025-01-02' })).toBe('2025-01-02');
    expect(calendarDate({ Dt: '2025-01-02+05:30' })).toBe('2025-01-02');
    expect(calendarDate({ DtTm: '2025-01-02T18:29:59Z' })).toBe('2025-01-02');
    expect(calendarDate({ DtTm: '2025-01-02T18:30:00Z' })).toBe('2025-01-03');
    expect(calendarDate({ DtTm: '2025-01-02T23:59:00+05:30' })).toBe('2025-01-02');
    expect(calendarDate({ DtTm: '2025-01-02T23:59:00' })).toBe('2025-01-02');
    expect(calendarDate(undefined)).toBeNull();
  });
});
