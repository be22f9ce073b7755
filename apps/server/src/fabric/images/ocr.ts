import type { Box } from './pixels.ts';
import { imagesEngine } from './engine.ts';

/**
 * OCR (tesseract.js, ocr-engine.ts) as the serving process sees it: each call goes to the images engine's
 * process (engine.ts), started by the first call and ended after ENGINE_IDLE_MS idle.
 */

export type OcrSymbol = { text: string; box: Box };
export type OcrWord = { text: string; confidence: number; box: Box; symbols: OcrSymbol[] };
export type OcrLine = { words: OcrWord[] };
export type OcrResult = { text: string; confidence: number; lines: OcrLine[] };

/** Reads the text of a PNG or JPEG file, with each word's and character's box in the image's pixels. */
export async function recognize(file: Buffer): Promise<OcrResult> {
  return imagesEngine.call<OcrResult>({ kind: 'ocr', file: new Uint8Array(file) });
}

/** Ends the images engine (tests, benchmarks, server shutdown); the next call starts a new one. */
export async function closeOcr(): Promise<void> {
  await imagesEngine.close();
}

/** Starts the engine and its OCR worker ahead of the first call (about 0.3 s), e.g. in a benchmark. */
export async function warmUpOcr(): Promise<void> {
  await imagesEngine.call({ kind: 'ocr-ready' });
}
