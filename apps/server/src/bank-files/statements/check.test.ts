import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readCamt053 } from './camt053.ts';
import { checkStatement } from './check.ts';
import { readBankCsv } from './csv.ts';
import { readMt940 } from './mt940.ts';
import type { Statement } from './types.ts';

const fixture = (name: string) => readFileSync(join(import.meta.dirname, 'fixtures', name), 'utf8');
const camt = fixture('day-2025-03-14.camt053.xml');
const mt940 = fixture('day-2025-03-14.mt940');
const csv = fixture('day-2025-03-14.hdfc.csv');

describe('checkStatement', () => {
  it('accepts the day in all three formats: 10,00,000.00 − 25,000.00 + 15,500.00 − 75,000.00 − 17.70', () => {
    for (const s of [...readCamt053(camt), ...readMt940(mt940), readBankCsv(csv)])
      expect(checkStatement(s)).toEqual({ ok: true });
    expect(readMt940(fixture('year-end.mt940')).map(checkStatement)).toEqual([{ ok: true }, { ok: true }]);
  });

  it('leaves pending lines out: the camt.053 adds up without its pending 5,000.00 credit', () => {
    const [s] = readCamt053(camt);
    expect(s!.lines.some((l) => l.status === 'pending')).toBe(true);
    const booked = { ...s!, lines: s!.lines.map((l) => ({ ...l, status: 'booked' as const })) };
    expect(checkStatement(booked)).toMatchObject({ ok: false, refusal: { differencePaise: -500000n } });
  });

  it('refuses a statement that does not add up, with the exact difference in rupees', () => {
    const [s] = readCamt053(camt.replace('<Amt Ccy="INR">915482.30</Amt>', '<Amt Ccy="INR">915482.31</Amt>'));
    expect(checkStatement(s!)).toEqual({
      ok: false,
      refusal: {
        reason: 'does-not-add-up',
        statementId: 'STMT250314001',
        computedClosingPaise: 91548230n,
        statedClosingPaise: 91548231n,
        differencePaise: 1n,
        difference: '0.01',
        message:
          'Statement STMT250314001 does not add up: opening ₹10,00,000.00 + credits ₹15,500.00 − debits ' +
          "₹1,00,017.70 = ₹9,15,482.30, but the bank's closing balance is ₹9,15,482.31 (difference ₹0.01)",
      },
    });
  });

  it('refuses a missing line in MT940 and CSV alike', () => {
    const [m] = readMt940(mt940.replace(/:61:2503140314D17,7NCHG[^\n]*\n:86:[^\n]*\n/, ''));
    expect(checkStatement(m!)).toMatchObject({
      ok: false,
      refusal: { differencePaise: -1770n, difference: '-17.70' },
    });
    const c = readBankCsv(csv.replace(/\r\n14\/03\/25,BULK[^\r]*/, ''));
    expect(checkStatement(c)).toMatchObject({ ok: false, refusal: { difference: '-75000.00' } });
  });

  it('counts debit balances as negative (an overdrawn account)', () => {
    const s: Statement = {
      format: 'mt940',
      accountId: 'A',
      currency: 'INR',
      statementId: 'S',
      sequenceNumber: null,
      from: '2025-03-14',
      to: '2025-03-14',
      opening: { amount: '100.00', paise: 10000n, direction: 'debit', date: '2025-03-14' },
      closing: { amount: '50.00', paise: 5000n, direction: 'credit', date: '2025-03-14' },
      lines: [],
    };
    expect(checkStatement(s)).toMatchObject({
      ok: false,
      refusal: { differencePaise: 15000n, difference: '150.00' },
    });
    const fixed = { ...s, lines: [{ ...readBankCsv(csv).lines[1]!, paise: 15000n, amount: '150.00' }] };
    expect(checkStatement(fixed)).toEqual({ ok: true });
  });
});
