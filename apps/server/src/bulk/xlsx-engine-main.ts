import { AppError } from '../http/errors.ts';
import { serveEngine } from '../lib/engine-child.ts';
import { readXlsxHere, type XlsxAnswer } from './parse.ts';

/** The XLSX engine's process (started by xlsx-engine.ts): reads a bulk file's first worksheet. */
serveEngine({
  'read-xlsx': async (request): Promise<XlsxAnswer> => {
    const bytes = request.bytes as Uint8Array;
    try {
      return { rows: await readXlsxHere(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)) };
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const { status, key, message, fields } = error;
      return { refused: { status, key, message, ...(fields ? { fields } : {}) } };
    }
  },
});
