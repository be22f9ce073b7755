import pngjs from 'pngjs';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../http/errors.ts';
import { decodeImage, describeImage, encodeImage, readHeader } from './decode.ts';
import { sampleBase64 } from './samples.ts';

const png = (width: number, height: number) => {
  const p = new pngjs.PNG({ width, height });
  p.data.fill(200);
  return pngjs.PNG.sync.write(p);
};

function refusal(fn: () => unknown): { status: number; message: string; fields: Record<string, string> } {
  try {
    fn();
  } catch (e) {
    if (e instanceof AppError) return { status: e.status, message: e.message, fields: e.fields ?? {} };
    throw e;
  }
  throw new Error('not refused');
}

describe('decodeImage', () => {
  it('decodes a PNG and a JPEG by their magic bytes, whatever a data URL claims', () => {
    const p = decodeImage(`data:image/jpeg;base64,${sampleBase64('aadhaar-card.png')}`, 'image');
    expect(p).toMatchObject({ type: 'png', width: 640, height: 400 });
    expect(p.data.length).toBe(640 * 400 * 4);
    const j = decodeImage(sampleBase64('aadhaar-card.jpg'), 'image');
    expect(j).toMatchObject({ type: 'jpeg', width: 640, height: 400 });
  });

  it('refuses what is not an image with a 400 naming the field', () => {
    const text = Buffer.from('name,pan\nAsha,ABCPV1234K\n').toString('base64');
    expect(refusal(() => decodeImage(text, 'selfie'))).toEqual({
      status: 400,
      message: 'selfie is not a PNG or JPEG image',
      fields: { selfie: 'selfie is not a PNG or JPEG image' },
    });
    expect(refusal(() => decodeImage('not base64 at all!', 'image')).message).toBe('image is not base64');
  });

  it('refuses too small, too large and damaged images', () => {
    expect(refusal(() => decodeImage(png(32, 200).toString('base64'), 'image')).message).toBe(
      'image is too small: 32×200 pixels, at least 64 on each side',
    );
    // A header claiming 5000 pixels is refused before any decoding.
    const big = png(64, 64);
    big.writeUInt32BE(5000, 16);
    expect(refusal(() => decodeImage(big.toString('base64'), 'image')).message).toBe(
      'image is too large: 5000×64 pixels, at most 4096 on each side',
    );
    const cut = png(100, 100).subarray(0, 60);
    expect(refusal(() => decodeImage(cut.toString('base64'), 'image')).message).toBe(
      'image is a damaged PNG file',
    );
    const huge = Buffer.concat([png(64, 64), Buffer.alloc(5 * 1024 * 1024)]);
    expect(refusal(() => decodeImage(huge.toString('base64'), 'image')).message).toBe(
      'image is larger than 5 MB',
    );
  });

  it('encodes back to the same type', () => {
    const j = decodeImage(sampleBase64('person-1-id.jpg'), 'image');
    expect(readHeader(encodeImage('jpeg', j.width, j.height, j.data))).toEqual({
      type: 'jpeg',
      width: 200,
      height: 200,
    });
    expect(readHeader(encodeImage('png', j.width, j.height, j.data))).toEqual({
      type: 'png',
      width: 200,
      height: 200,
    });
  });
});

describe('describeImage', () => {
  it('keeps type, size and hash, never the data, and never throws', () => {
    const d = describeImage(sampleBase64('pan-card.png'));
    expect(d).toMatchObject({ type: 'png', width: 640, height: 400 });
    expect(d.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(Object.keys(d).sort()).toEqual(['bytes', 'height', 'sha256', 'type', 'width']);
    expect(describeImage('%%%')).toMatchObject({ type: 'unknown', width: null, bytes: 3 });
    expect(describeImage(42)).toMatchObject({ type: 'unknown', bytes: 0 });
  });
});
