import type { DecodedImage } from './decode.ts';

/** Pixel arithmetic on decoded RGBA images: boxes, thumbnails, histograms. Pure functions, no I/O. */

export type Box = { x: number; y: number; width: number; height: number };

/** Paints `box` (clipped to the image) solid black, in place. */
export function blackOut(image: Pick<DecodedImage, 'width' | 'height' | 'data'>, box: Box): void {
  const x0 = Math.max(0, Math.floor(box.x));
  const y0 = Math.max(0, Math.floor(box.y));
  const x1 = Math.min(image.width, Math.ceil(box.x + box.width));
  const y1 = Math.min(image.height, Math.ceil(box.y + box.height));
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const i = (y * image.width + x) * 4;
      image.data[i] = 0;
      image.data[i + 1] = 0;
      image.data[i + 2] = 0;
      image.data[i + 3] = 255;
    }
  }
}

const luma = (d: Uint8Array, i: number) => 0.299 * d[i]! + 0.587 * d[i + 1]! + 0.114 * d[i + 2]!;

/** A `size`×`size` grey thumbnail (area average of each cell; the aspect ratio is not kept), values 0–255. */
export function greyThumbnail(image: DecodedImage, size: number): Float64Array {
  const sum = new Float64Array(size * size);
  const count = new Float64Array(size * size);
  for (let y = 0; y < image.height; y++) {
    const ty = Math.min(size - 1, Math.floor((y * size) / image.height));
    for (let x = 0; x < image.width; x++) {
      const tx = Math.min(size - 1, Math.floor((x * size) / image.width));
      sum[ty * size + tx]! += luma(image.data, (y * image.width + x) * 4);
      count[ty * size + tx]! += 1;
    }
  }
  return sum.map((s, i) => s / count[i]!);
}

/** Colour histogram: 4 levels per channel (64 bins), normalised to sum 1. */
export function colourHistogram(image: DecodedImage): Float64Array {
  const bins = new Float64Array(64);
  const d = image.data;
  for (let i = 0; i < d.length; i += 4)
    bins[(d[i]! >> 6) * 16 + (d[i + 1]! >> 6) * 4 + (d[i + 2]! >> 6)]! += 1;
  const n = image.width * image.height;
  return bins.map((b) => b / n);
}

/** Histogram intersection, 0 (nothing shared) to 1 (the same distribution). */
export function histogramIntersection(a: Float64Array, b: Float64Array): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += Math.min(a[i]!, b[i]!);
  return s;
}

/** Pearson correlation of two equally long series, -1 to 1 (0 when either is flat). */
export function correlation(a: Float64Array, b: Float64Array): number {
  const n = a.length;
  let ma = 0;
  let mb = 0;
  for (let i = 0; i < n; i++) {
    ma += a[i]!;
    mb += b[i]!;
  }
  ma /= n;
  mb /= n;
  let sab = 0;
  let saa = 0;
  let sbb = 0;
  for (let i = 0; i < n; i++) {
    const da = a[i]! - ma;
    const db = b[i]! - mb;
    sab += da * db;
    saa += da * da;
    sbb += db * db;
  }
  return saa === 0 || sbb === 0 ? 0 : sab / Math.sqrt(saa * sbb);
}

/** Standard deviation of a series (on a grey thumbnail: how much the picture holds, 0 for a blank one). */
export function standardDeviation(a: Float64Array): number {
  let m = 0;
  for (const v of a) m += v;
  m /= a.length;
  let s = 0;
  for (const v of a) s += (v - m) ** 2;
  return Math.sqrt(s / a.length);
}

/** Mean absolute difference of two equally long series (0–255 on grey thumbnails). */
export function meanAbsoluteDifference(a: Float64Array, b: Float64Array): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += Math.abs(a[i]! - b[i]!);
  return s / a.length;
}
