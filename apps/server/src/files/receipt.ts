import { documentsEngine, runInEngine } from '../lib/engine.ts';
import { zoneClock } from './cells.ts';
import { openPdf } from './pdf.ts';

export type ReceiptDoc = {
  title: string;
  issuer: string;
  lines: [string, string | null][];
  timeZone: string;
  footer: string;
};

/** A one-page document of labelled lines (a payout's receipt), as PDF bytes, written by the documents engine. */
export function receiptPdf(doc: ReceiptDoc): Promise<Buffer> {
  return runInEngine<Buffer>(documentsEngine, import.meta.url, 'receiptPdfHere', doc);
}

/** receiptPdf in this process (the documents engine's). */
export async function receiptPdfHere(doc: ReceiptDoc): Promise<Buffer> {
  const { pdf, bytes } = await openPdf({
    size: 'A4',
    margin: 48,
    info: { Title: doc.title, Author: doc.issuer },
  });
  pdf.font('Helvetica-Bold').fontSize(16).text(doc.issuer);
  pdf.moveDown(0.3).font('Helvetica').fontSize(12).text(doc.title);
  pdf.moveDown(1);
  for (const [label, value] of doc.lines) {
    const y = pdf.y;
    pdf.font('Helvetica-Bold').fontSize(10).text(label, 48, y, { width: 170 });
    pdf
      .font('Helvetica')
      .fontSize(10)
      .text(value ?? '-', 230, y, { width: 317 });
    pdf.moveDown(0.4);
  }
  pdf.moveDown(1.5).font('Helvetica').fontSize(8).fillColor('#555555').text(doc.footer, 48);
  pdf.text(`Generated ${zoneClock(doc.timeZone).text(Date.now())} (${doc.timeZone})`);
  pdf.end();
  return bytes;
}
