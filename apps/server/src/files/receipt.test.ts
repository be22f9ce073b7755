import { afterAll, describe, expect, it } from 'vitest';
import { documentsEngine } from '../lib/engine.ts';
import { receiptPdf } from './receipt.ts';

describe('receipt PDF (documents engine)', () => {
  afterAll(() => documentsEngine.close());

  it('is written in the documents engine process and answered as a Buffer', async () => {
    const pdf = await receiptPdf({
      title: 'Payout receipt',
      issuer: 'Meridian',
      lines: [
        ['Amount', '₹1,250.00'],
        ['UTR', null],
      ],
      timeZone: 'Asia/Kolkata',
      footer: 'Generated for a test',
    });
    expect(Buffer.isBuffer(pdf)).toBe(true);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const pid = documentsEngine.pid();
    expect(pid).not.toBeNull();
    expect(pid).not.toBe(process.pid);
  });
});
