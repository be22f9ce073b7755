/**
 * A new pdfkit document and the promise of its bytes, complete when the document ends. For the documents
 * engine only (lib/engine.ts): pdfkit (~30 MB, ~0.2 s to load) is imported by the engine's first document.
 */
export async function openPdf(
  options: PDFKit.PDFDocumentOptions,
): Promise<{ pdf: PDFKit.PDFDocument; bytes: Promise<Buffer> }> {
  const { default: PDFDocument } = await import('pdfkit');
  const pdf = new PDFDocument(options);
  const chunks: Buffer[] = [];
  pdf.on('data', (c: Buffer) => chunks.push(c));
  const bytes = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  return { pdf, bytes };
}
