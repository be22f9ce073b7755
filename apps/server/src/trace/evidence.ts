import type { Trace, TraceStep } from '@meridian/contract/developers';
import { zoneClock } from '../files/cells.ts';
import { documentsEngine, runInEngine } from '../lib/engine.ts';

const MARGIN = 40;
const KIND_LABELS: Record<TraceStep['kind'], string> = {
  request: 'Request',
  approval: 'Approval',
  ledger: 'Ledger',
  rail: 'Rail',
  event: 'Event',
  callback_attempt: 'Callback',
  credits: 'Credits',
};

/**
 * The PDF's built-in fonts encode Windows-1252 only: the rupee sign is written INR, arrows as ->, and any other
 * character outside Latin-1 as '?', so the text stays what `pdftotext` reads back.
 */
export function pdfText(value: string): string {
  return value
    .replace(/₹/g, 'INR ')
    .replace(/→/g, '->')
    .replace(/[‘’]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/[–—]/g, '-')
    .replace(/[^\n\t\u0020-\u00ff·…]/g, '?');
}

const valueText = (v: unknown): string =>
  v === null || v === undefined ? '-' : typeof v === 'string' ? v : JSON.stringify(v);

/** Bodies (masked as stored) are cut in the PDF; the JSON export has them whole. */
const BODY_CHARS = 1_500;
const bodyText = (body: unknown): string => {
  if (body === null || body === undefined) return '-';
  const text = JSON.stringify(body);
  return text.length > BODY_CHARS ? `${text.slice(0, BODY_CHARS)}… (cut; see the JSON export)` : text;
};

/** A step's details on one line each: `key: value`, empty values left out. */
const detailLines = (details: Record<string, unknown>): string =>
  Object.entries(details)
    .filter(([, v]) => v !== null && v !== undefined && v !== '')
    .map(([k, v]) => `${k}: ${valueText(v)}`)
    .join('\n');

/**
 * A trace as a PDF evidence pack (for a dispute): the client, when it was generated, the request (method, route,
 * status, actor, idempotency key), the resources, then the timeline as a table (time in `timeZone`, kind, what
 * happened, its details). A4 portrait, pages added as the table grows.
 */
export function evidencePdf(trace: Trace, meta: { clientName: string; timeZone: string }): Promise<Buffer> {
  return runInEngine<Buffer>(documentsEngine, import.meta.url, 'evidencePdfHere', trace, meta);
}

/** evidencePdf in this process (the documents engine's). */
export async function evidencePdfHere(
  trace: Trace,
  meta: { clientName: string; timeZone: string },
): Promise<Buffer> {
  const title = `Evidence pack: trace of ${trace.id}`;
  // pdfkit (~30 MB, ~0.2 s to load) is imported by the engine's first document.
  const { default: PDFDocument } = await import('pdfkit');
  const pdf = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: title, Author: meta.clientName },
  });
  const chunks: Buffer[] = [];
  pdf.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  const clock = zoneClock(meta.timeZone);
  const at = (iso: string) => clock.text(Date.parse(iso));
  const width = pdf.page.width - 2 * MARGIN;

  pdf.font('Helvetica-Bold').fontSize(16).text(pdfText(meta.clientName));
  pdf.moveDown(0.3).font('Helvetica').fontSize(12).text(pdfText(title));
  pdf
    .moveDown(0.3)
    .fontSize(9)
    .fillColor('#555555')
    .text(`Generated ${at(trace.generated_at)} (${meta.timeZone})`)
    .fillColor('#000000');
  pdf.moveDown(1);

  const line = (label: string, value: string | null) => {
    const y = pdf.y;
    pdf.font('Helvetica-Bold').fontSize(9).text(label, MARGIN, y, { width: 130 });
    const labelEnd = pdf.y;
    pdf
      .font('Helvetica')
      .fontSize(9)
      .text(pdfText(value ?? '-'), MARGIN + 140, y, { width: width - 140 });
    pdf.y = Math.max(pdf.y, labelEnd);
    pdf.moveDown(0.2);
  };
  pdf.font('Helvetica-Bold').fontSize(11).text('Request', MARGIN);
  pdf.moveDown(0.3);
  const r = trace.request;
  if (r) {
    line('Request id', r.request_id);
    line('Call', `${r.method} ${r.path} (${r.route})`);
    line('Status', String(r.status));
    line('Time', `${at(r.created_at)} (${meta.timeZone})`);
    line('Duration', `${r.duration_ms.toFixed(1)} ms`);
    line('Caller', `${r.actor} (${r.channel === 'api_key' ? 'API key' : 'dashboard'})`);
    line('IP address', r.ip);
    line('Idempotency key', r.idempotency_key);
    line('Request body', bodyText(r.request_body));
    line('Response body', bodyText(r.response_body));
  } else {
    line('Request', 'No request in the log for this id (made by the dashboard seed, or older than the log).');
  }
  line('Resources', trace.resources.join(', ') || '-');
  pdf.moveDown(0.8);

  pdf.font('Helvetica-Bold').fontSize(11).text('Timeline', MARGIN);
  pdf.moveDown(0.3);
  const cols = [
    { header: 'Time', width: 105 },
    { header: 'Kind', width: 55 },
    { header: 'What happened', width: 160 },
    { header: 'Details', width: width - 320 },
  ];
  const bottom = () => pdf.page.height - MARGIN;
  const row = (cells: string[], bold: boolean) => {
    pdf.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8);
    const heights = cells.map((c, i) => pdf.heightOfString(c, { width: cols[i]!.width - 6 }));
    const h = Math.max(...heights) + 6;
    if (pdf.y + h > bottom()) pdf.addPage();
    const y = pdf.y;
    let x = MARGIN;
    cells.forEach((c, i) => {
      pdf.text(c, x + 3, y + 3, { width: cols[i]!.width - 6 });
      x += cols[i]!.width;
    });
    pdf
      .moveTo(MARGIN, y + h)
      .lineTo(MARGIN + width, y + h)
      .lineWidth(0.5)
      .strokeColor('#cccccc')
      .stroke();
    pdf.x = MARGIN;
    pdf.y = y + h;
  };
  row(
    cols.map((c) => c.header),
    true,
  );
  if (trace.steps.length === 0) row(['-', '-', 'No steps recorded.', '-'], false);
  for (const step of trace.steps)
    row(
      [
        at(step.at),
        KIND_LABELS[step.kind],
        pdfText(step.subject ? `${step.title}\n${step.subject}` : step.title),
        pdfText(detailLines(step.details) || '-'),
      ],
      false,
    );
  pdf.moveDown(1.5);
  if (pdf.y + 30 > bottom()) pdf.addPage();
  pdf
    .font('Helvetica')
    .fontSize(7)
    .fillColor('#555555')
    .text(
      'Generated by Meridian from its records of the request, the ledger, the rail and the callback deliveries. Request and answer bodies are masked as stored; the JSON export of the trace holds them in full.',
      MARGIN,
    );
  pdf.end();
  return done;
}
