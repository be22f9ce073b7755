import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import type JpegJs from 'jpeg-js';
import type PngJs from 'pngjs';
import { z } from 'zod';
import { badRequest } from '../../http/errors.ts';

// The codecs (CommonJS) are required by the first image, not at start: most processes never decode one.
const requireCodec = createRequire(import.meta.url);
const codecs = () => ({
  jpeg: requireCodec('jpeg-js') as typeof JpegJs,
  pngjs: requireCodec('pngjs') as typeof PngJs,
});

/**
 * Images as the fabric image products receive them: a base64 string (optionally a `data:image/…;base64,` URL)
 * holding a PNG or a JPEG. The type is read from the file's magic bytes, never from a claimed type or name.
 * Decoded pixels live in memory for the duration of one call; nothing here writes an image anywhere.
 */

export type ImageType = 'png' | 'jpeg';

export const IMAGE_LIMITS = {
  /** Smallest accepted side, in pixels. */
  minSide: 64,
  /** Largest accepted side, in pixels. */
  maxSide: 4096,
  /** Largest accepted file (the base64-decoded bytes). */
  maxFileBytes: 5 * 1024 * 1024,
} as const;

/** A decoded image: RGBA pixels (4 bytes a pixel, row by row) plus the facts the log may keep. */
export type DecodedImage = {
  type: ImageType;
  width: number;
  height: number;
  /** RGBA, `width * height * 4` bytes. */
  data: Uint8Array;
  /** The file as received (PNG or JPEG bytes). */
  file: Buffer;
};

/** What a log may keep of an image: never its pixels or bytes. */
export type ImageSummary = {
  type: ImageType | 'unknown';
  width: number | null;
  height: number | null;
  bytes: number;
  sha256: string;
};

const DATA_URL = /^data:[\w.+-]+\/[\w.+-]+;base64,/i;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
/** base64 length of the largest file, with room for a data-URL prefix and line breaks. */
const MAX_BASE64_CHARS = Math.ceil((IMAGE_LIMITS.maxFileBytes * 4) / 3) + 4096;

/** The zod schema of one base64 image field (the size check here is cheap; `decodeImage` does the rest). */
export const base64Image = (label: string) =>
  z
    .string({ error: `Send ${label} as a base64 string (PNG or JPEG)` })
    .min(1, `Send ${label} as a base64 string (PNG or JPEG)`)
    .max(MAX_BASE64_CHARS, `${capitalise(label)} is larger than 5 MB`);

function capitalise(s: string) {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** The file bytes of a base64 string, or null when it is not base64. */
function fromBase64(value: string): Buffer | null {
  const body = value.replace(DATA_URL, '').replace(/\s+/g, '');
  if (body.length === 0 || body.length % 4 === 1 || !BASE64.test(body)) return null;
  return Buffer.from(body, 'base64');
}

/** Type and dimensions from the file header alone (no decoding), or null when it is neither PNG nor JPEG. */
export function readHeader(file: Uint8Array): { type: ImageType; width: number; height: number } | null {
  const b = Buffer.from(file.buffer, file.byteOffset, file.byteLength);
  // PNG: the 8-byte signature, then the IHDR chunk (width and height, big-endian).
  if (b.length >= 24 && b.readUInt32BE(0) === 0x89504e47 && b.readUInt32BE(4) === 0x0d0a1a0a) {
    if (b.toString('latin1', 12, 16) !== 'IHDR') return null;
    return { type: 'png', width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
  }
  // JPEG: SOI, then segments until a start-of-frame marker (SOF0…SOF15 but DHT C4, JPG C8, DAC CC).
  if (b.length >= 4 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) {
    let i = 2;
    while (i + 9 < b.length) {
      if (b[i] !== 0xff) return null;
      const marker = b[i + 1]!;
      if (marker === 0xff) {
        i += 1; // fill byte
        continue;
      }
      if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
        i += 2; // markers without a length
        continue;
      }
      const length = b.readUInt16BE(i + 2);
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
        return { type: 'jpeg', height: b.readUInt16BE(i + 5), width: b.readUInt16BE(i + 7) };
      }
      if (length < 2) return null;
      i += 2 + length;
    }
    return null;
  }
  return null;
}

const sha256Hex = (file: Uint8Array) => createHash('sha256').update(file).digest('hex');

/**
 * What the log keeps of a base64 image: type and size from its header, byte count and SHA-256 of the file.
 * Never throws (it also describes input that `decodeImage` refuses).
 */
export function describeImage(value: unknown): ImageSummary {
  if (typeof value !== 'string') return { type: 'unknown', width: null, height: null, bytes: 0, sha256: '' };
  const file = fromBase64(value) ?? Buffer.from(value, 'utf8');
  const header = readHeader(file);
  return {
    type: header?.type ?? 'unknown',
    width: header?.width ?? null,
    height: header?.height ?? null,
    bytes: file.length,
    sha256: sha256Hex(file),
  };
}

/** The same summary for an image the product made (a masked image), from its bytes. */
export function describeFile(file: Uint8Array, type: ImageType, width: number, height: number): ImageSummary {
  return { type, width, height, bytes: file.length, sha256: sha256Hex(file) };
}

/**
 * Decodes a base64 PNG or JPEG into RGBA pixels, or throws a 400 naming `field`: not base64, not a PNG or
 * JPEG (by its magic bytes), a damaged file, a side under 64 or over 4096 pixels, a file over 5 MB.
 */
export function decodeImage(value: string, field: string): DecodedImage {
  const refuse = (message: string) => badRequest(message, { [field]: message });
  const file = fromBase64(value);
  if (!file) throw refuse(`${field} is not base64`);
  if (file.length > IMAGE_LIMITS.maxFileBytes) throw refuse(`${field} is larger than 5 MB`);
  const header = readHeader(file);
  if (!header) throw refuse(`${field} is not a PNG or JPEG image`);
  const { width, height } = header;
  if (width < IMAGE_LIMITS.minSide || height < IMAGE_LIMITS.minSide) {
    throw refuse(`${field} is too small: ${width}×${height} pixels, at least 64 on each side`);
  }
  if (width > IMAGE_LIMITS.maxSide || height > IMAGE_LIMITS.maxSide) {
    throw refuse(`${field} is too large: ${width}×${height} pixels, at most 4096 on each side`);
  }
  let pixels: { width: number; height: number; data: Uint8Array };
  const { jpeg, pngjs } = codecs();
  try {
    pixels =
      header.type === 'png'
        ? pngjs.PNG.sync.read(file)
        : jpeg.decode(file, {
            useTArray: true,
            formatAsRGBA: true,
            maxResolutionInMP: 17,
            maxMemoryUsageInMB: 160,
          });
  } catch {
    throw refuse(`${field} is a damaged ${header.type === 'png' ? 'PNG' : 'JPEG'} file`);
  }
  if (pixels.width !== width || pixels.height !== height || pixels.data.length !== width * height * 4) {
    throw refuse(`${field} is a damaged ${header.type === 'png' ? 'PNG' : 'JPEG'} file`);
  }
  return { type: header.type, width, height, data: pixels.data, file };
}

/** Encodes RGBA pixels as a PNG or a JPEG (quality 90). */
export function encodeImage(type: ImageType, width: number, height: number, data: Uint8Array): Buffer {
  const { jpeg, pngjs } = codecs();
  if (type === 'png') {
    const png = new pngjs.PNG({ width, height });
    png.data = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
    return pngjs.PNG.sync.write(png);
  }
  return jpeg.encode({ width, height, data }, 90).data;
}
