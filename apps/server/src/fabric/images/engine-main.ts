import { serveEngine } from '../../lib/engine-child.ts';

/**
 * The images engine's process (started by engine.ts): the face model (face-worker.ts) and OCR (ocr-engine.ts),
 * each imported by its first request.
 */
const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

serveEngine({
  faces: async (request) => {
    const face = await import('./face-worker.ts');
    return face.detect({
      width: request.width as number,
      height: request.height as number,
      data: request.data as Uint8Array,
    });
  },
  'faces-ready': async () => {
    const face = await import('./face-worker.ts');
    await face.ready;
    return [];
  },
  ocr: async (request) => {
    const ocr = await import('./ocr-engine.ts');
    return ocr.recognizeHere(asBuffer(request.file as Uint8Array));
  },
  'ocr-ready': async () => {
    const ocr = await import('./ocr-engine.ts');
    await ocr.readyOcr();
    return null;
  },
});
