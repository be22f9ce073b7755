/**
 * Latency of the fabric image products, each called directly (no HTTP, key or metering: see the pipeline's
 * benchmark for those), on the committed test images. One OCR worker and one face model thread,
 * calls one after another.
 *   node apps/server/bench/fabric-images.ts [runs]     (default 20 runs per product, after 2 warm-up calls)
 */
import { sampleBase64 } from '../src/fabric/images/samples.ts';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { decodeImage, encodeImage } from '../src/fabric/images/decode.ts';
import { closeFaceModel, warmUpFaceModel } from '../src/fabric/images/face-model.ts';
import { closeOcr, warmUpOcr } from '../src/fabric/images/ocr.ts';
import { cropAndResize } from '../src/fabric/images/pixels.ts';
import type { ProductContext } from '../src/fabric/product.ts';
import { aadhaarUidMasking } from '../src/fabric/products/aadhaar-uid-masking.ts';
import { faceMatch } from '../src/fabric/products/face-match.ts';
import { idClassification } from '../src/fabric/products/id-classification.ts';
import { videoLiveness } from '../src/fabric/products/video-liveness.ts';

const runs = Number(process.argv[2] ?? 20);
const ctx = {} as ProductContext;

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;

async function bench(name: string, call: () => Promise<unknown>) {
  for (let i = 0; i < 2; i++) await call();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await call();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  console.log(
    `${name.padEnd(44)} p50 ${quantile(times, 0.5).toFixed(1).padStart(7)} ms   p95 ${quantile(times, 0.95).toFixed(1).padStart(7)} ms`,
  );
}

const cardPng = sampleBase64('aadhaar-card.png');
const cardJpeg = sampleBase64('aadhaar-card.jpg');
const pan = sampleBase64('pan-card.png');
const selfie = sampleBase64('person-1-selfie.jpg');
const idPhoto = sampleBase64('person-1-id.jpg');
// A full-size photo: face-api's own sample (1 face), from its npm package.
const photo = readFileSync(
  join(
    dirname(createRequire(import.meta.url).resolve('@vladmandic/face-api/package.json')),
    'demo/sample2.jpg',
  ),
).toString('base64');
const frames = [1, 2, 3].map((i) => sampleBase64(`person-1-frame-${i}.jpg`));
// A bigger scan: the card drawn 2.5 times larger (1600×1000), as a phone photo of a card might be.
const card = decodeImage(sampleBase64('aadhaar-card.png'), 'card');
const bigCard = encodeImage(
  'png',
  1600,
  1000,
  cropAndResize(card, { x: 0, y: 0, width: 640, height: 400 }, 1600, 1000),
).toString('base64');

const t0 = performance.now();
await warmUpOcr();
console.log(`OCR worker start: ${(performance.now() - t0).toFixed(0)} ms (once per process)`);
const t1 = performance.now();
await warmUpFaceModel();
console.log(`Face model start: ${(performance.now() - t1).toFixed(0)} ms (once per process)`);
console.log(`node ${process.version}, ${runs} runs each`);
await bench('aadhaar-uid-masking (640×400 PNG card)', () => aadhaarUidMasking.run({ image: cardPng }, ctx));
await bench('aadhaar-uid-masking (1600×1000 PNG card)', () => aadhaarUidMasking.run({ image: bigCard }, ctx));
await bench('aadhaar-uid-masking (640×400 JPEG card)', () => aadhaarUidMasking.run({ image: cardJpeg }, ctx));
await bench('id-classification (640×400 PNG PAN card)', () => idClassification.run({ image: pan }, ctx));
await bench('face-match (320² + 200² JPEG, 1 face each)', () =>
  faceMatch.run({ selfie, id_image: idPhoto }, ctx),
);
await bench('face-match (1920×1367 photo + 200² JPEG)', () =>
  faceMatch.run({ selfie: photo, id_image: idPhoto }, ctx),
);
await bench('video-liveness (3 × 256² JPEG frames)', () => videoLiveness.run({ frames }, ctx));
await closeOcr();
await closeFaceModel();
