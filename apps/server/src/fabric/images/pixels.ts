import type { DecodedImage } from './decode.ts';

/** Pixel arithmetic on decoded RGBA images: black boxes, crops. Pure functions, no I/O. */

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

/** The RGBA pixels of `box` (clipped to the image) scaled to `width`×`height` by area averaging. */
export function cropAndResize(
  image: Pick<DecodedImage, 'width' | 'height' | 'data'>,
  box: Box,
  width: number,
  height: number,
): Uint8Array {
  const out = new Uint8Array(width * height * 4);
  const x0 = Math.max(0, Math.round(box.x));
  const y0 = Math.max(0, Math.round(box.y));
  const bw = Math.min(image.width, Math.round(box.x + box.width)) - x0;
  const bh = Math.min(image.height, Math.round(box.y + box.height)) - y0;
  for (let ty = 0; ty < height; ty++) {
    const sy0 = y0 + Math.floor((ty * bh) / height);
    const sy1 = Math.max(sy0 + 1, y0 + Math.floor(((ty + 1) * bh) / height));
    for (let tx = 0; tx < width; tx++) {
      const sx0 = x0 + Math.floor((tx * bw) / width);
      const sx1 = Math.max(sx0 + 1, x0 + Math.floor(((tx + 1) * bw) / width));
      const sum = [0, 0, 0];
      for (let y = sy0; y < sy1; y++) {
        for (let x = sx0; x < sx1; x++) {
          const i = (y * image.width + x) * 4;
          sum[0]! += image.data[i]!;
          sum[1]! += image.data[i + 1]!;
          sum[2]! += image.data[i + 2]!;
        }
      }
      const n = (sy1 - sy0) * (sx1 - sx0);
      const o = (ty * width + tx) * 4;
      out[o] = sum[0]! / n;
      out[o + 1] = sum[1]! / n;
      out[o + 2] = sum[2]! / n;
      out[o + 3] = 255;
    }
  }
  return out;
}
