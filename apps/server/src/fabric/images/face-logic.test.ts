import { describe, expect, it } from 'vitest';
import { compareFaces, landmarkMotion, liveness } from './face-logic.ts';
import type { DetectedFace } from './face-model.ts';

/** A face of width 100 at (x, y) with every landmark at its corner and a descriptor of `d` everywhere. */
const face = (x: number, y: number, d = 0.1): DetectedFace => ({
  box: { x, y, width: 100, height: 100 },
  score: 0.9,
  landmarks: Array.from({ length: 136 }, (_, i) => (i % 2 === 0 ? x : y)),
  descriptor: Array.from({ length: 128 }, () => d),
});

describe('face logic', () => {
  it('matches descriptors nearer than 0.5', () => {
    // 128 components 0.04 apart: distance 0.04 × √128 ≈ 0.453.
    expect(compareFaces(face(0, 0, 0.1), face(0, 0, 0.14))).toEqual({
      match: true,
      distance: 0.453,
      score: 55,
    });
    expect(compareFaces(face(0, 0, 0.1), face(0, 0, 0.15)).match).toBe(false);
  });

  it('measures landmark movement in % of the face width', () => {
    expect(landmarkMotion(face(0, 0), face(3, 4))).toBe(5);
  });

  it('decides liveness', () => {
    expect(liveness([[face(0, 0)], [face(2, 0)], [face(0, 1)]])).toEqual({
      verdict: 'LIVE',
      frames: [],
      motion: [2, 2.24],
      score: 45,
    });
    expect(liveness([[face(0, 0)], [face(0, 0)], [face(0, 0.5)]]).verdict).toBe('SPOOF_SUSPECTED');
    expect(liveness([[face(0, 0)], [face(5, 0, 0.5)], [face(0, 0)]])).toMatchObject({
      verdict: 'INCONSISTENT_FRAMES',
      frames: [1],
    });
    expect(liveness([[face(0, 0)], [], [face(0, 0)]])).toMatchObject({ verdict: 'NO_FACE', frames: [1] });
  });
});
