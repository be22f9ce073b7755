import { describe, expect, it } from 'vitest';
import { decodeImage } from './decode.ts';
import { isBlank, liveness, matchScore } from './face.ts';
import { fixtureBase64 } from './fixtures.ts';

const image = (name: string) => decodeImage(fixtureBase64(name), name);

// The documented outcomes of the committed test images (docs/fabric-images.md).
describe('face sandbox', () => {
  const a = image('face-a-selfie.png');
  const aId = image('face-a-id.jpg');
  const b = image('face-b-selfie.png');

  it('scores the same picture of A above the threshold and A against B below', () => {
    expect(matchScore(a, aId).score).toBe(94);
    expect(matchScore(a, b).score).toBe(21);
    expect(matchScore(a, a).score).toBe(100);
  });

  it('tells live frames from a photo sent three times and from spliced scenes', () => {
    const frames = ['live-frame-1.jpg', 'live-frame-2.jpg', 'live-frame-3.jpg'].map(image);
    expect(liveness(frames)).toEqual({ verdict: 'LIVE', score: 100, motion: [12.36, 17.72] });
    expect(liveness([a, a, a])).toEqual({ verdict: 'SPOOF_SUSPECTED', score: 0, motion: [0, 0] });
    expect(liveness([frames[0]!, frames[1]!, image('pan-card.png')]).verdict).toBe('INCONSISTENT_FRAMES');
  });

  it('finds a blank picture blank', () => {
    const blank = { ...a, data: new Uint8Array(a.data.length).fill(128) };
    expect(isBlank(blank)).toBe(true);
    expect(isBlank(a)).toBe(false);
  });
});
