import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createWorker, type Worker } from 'tesseract.js';
import type { Box } from './pixels.ts';
import type { OcrLine, OcrResult } from './ocr.ts';

/**
 * OCR with tesseract.js (Tesseract 5 compiled to WASM) and the English LSTM model that the npm package
 * `@tesseract.js-data/eng` ships (`4.0.0_best_int`): nothing is downloaded at run time and nothing is cached
 * to disk. Loaded in the images engine's process (engine-main.ts) by the first OCR call, never in the serving
 * process; one tesseract worker, reused, whose queue runs calls one after another.
 */

const require = createRequire(import.meta.url);
const LANG_PATH = join(dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int');

let worker: Promise<Worker> | null = null;

function getWorker(): Promise<Worker> {
  worker ??= createWorker('eng', 1, { langPath: LANG_PATH, gzip: true, cacheMethod: 'none' }).catch(
    (error: unknown) => {
      worker = null;
      throw error;
    },
  );
  return worker;
}

const toBox = (b: { x0: number; y0: number; x1: number; y1: number }): Box => ({
  x: b.x0,
  y: b.y0,
  width: b.x1 - b.x0,
  height: b.y1 - b.y0,
});

/** Reads the text of a PNG or JPEG file, with each word's and character's box in the image's pixels. */
export async function recognizeHere(file: Buffer): Promise<OcrResult> {
  const w = await getWorker();
  const { data } = await w.recognize(file, {}, { text: true, blocks: true });
  const lines: OcrLine[] = [];
  for (const block of data.blocks ?? []) {
    for (const paragraph of block.paragraphs) {
      for (const line of paragraph.lines) {
        lines.push({
          words: line.words.map((word) => ({
            text: word.text,
            confidence: word.confidence,
            box: toBox(word.bbox),
            symbols: word.symbols.map((s) => ({ text: s.text, box: toBox(s.bbox) })),
          })),
        });
      }
    }
  }
  return { text: data.text, confidence: data.confidence, lines };
}

/** Starts the tesseract worker ahead of the first call. */
export async function readyOcr(): Promise<void> {
  await getWorker();
}
