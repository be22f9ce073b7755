import type { DetectedFace } from './face-model.ts';

/**
 * Decisions on faces the model found (face-model.ts): face match by descriptor distance, liveness by the
 * movement of the face's landmarks between frames. Pure functions, tested without the model.
 */

/**
 * Two faces nearer than this (Euclidean distance of their 128-number descriptors) are one person. face-api
 * suggests 0.6; on the sample photos its package ships, different people came as near as 0.50–0.55, so the
 * sandbox is stricter.
 */
export const SAME_PERSON_DISTANCE = 0.5;
/** Landmark movement between consecutive frames (mean, in % of the face's width) from which a head moves. */
export const MOTION_THRESHOLD = 1;

export function descriptorDistance(a: readonly number[], b: readonly number[]): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += (a[i]! - b[i]!) ** 2;
  return Math.sqrt(s);
}

export type FaceComparison = { match: boolean; distance: number; score: number };

/** Distance, verdict and a 0–100 score (100 − 100 × distance, at least 0; the threshold 0.5 is score 50). */
export function compareFaces(a: DetectedFace, b: DetectedFace): FaceComparison {
  const distance = descriptorDistance(a.descriptor, b.descriptor);
  return {
    match: distance < SAME_PERSON_DISTANCE,
    distance: Math.round(distance * 1000) / 1000,
    score: Math.max(0, Math.round(100 - 100 * distance)),
  };
}

/** Mean movement of the 68 landmarks from one frame to the next, in % of the first face's width. */
export function landmarkMotion(a: DetectedFace, b: DetectedFace): number {
  let s = 0;
  const points = a.landmarks.length / 2;
  for (let i = 0; i < points; i++) {
    s += Math.hypot(
      b.landmarks[2 * i]! - a.landmarks[2 * i]!,
      b.landmarks[2 * i + 1]! - a.landmarks[2 * i + 1]!,
    );
  }
  return Math.round(((100 * s) / points / a.box.width) * 100) / 100;
}

export type Liveness = {
  verdict: 'LIVE' | 'SPOOF_SUSPECTED' | 'INCONSISTENT_FRAMES' | 'NO_FACE';
  /** Frames without a face (NO_FACE), or showing another person than the first frame (INCONSISTENT_FRAMES). */
  frames: number[];
  /** Landmark movement between each pair of consecutive frames, % of the face's width. */
  motion: number[];
  /** 0–100: the strongest movement, scaled (5 % of the face's width is 100). */
  score: number;
};

/**
 * Per frame, the faces found (largest first). LIVE when every frame shows the first frame's person and the
 * head moves between at least one pair of frames; SPOOF_SUSPECTED when the landmarks stay put (one photo held
 * still, or one image sent again); INCONSISTENT_FRAMES when a frame shows someone else; NO_FACE when a frame has
 * no face. Frames must have the same size (a video's frames do) for the movement to mean anything.
 */
export function liveness(frames: DetectedFace[][]): Liveness {
  const missing = frames.flatMap((f, i) => (f.length === 0 ? [i] : []));
  if (missing.length > 0) return { verdict: 'NO_FACE', frames: missing, motion: [], score: 0 };
  const faces = frames.map((f) => f[0]!);
  const others = faces.flatMap((f, i) => (compareFaces(faces[0]!, f).match ? [] : [i]));
  const motion = faces.slice(1).map((f, i) => landmarkMotion(faces[i]!, f));
  const strongest = Math.max(...motion);
  const score = Math.min(100, Math.round(strongest * 20));
  if (others.length > 0) return { verdict: 'INCONSISTENT_FRAMES', frames: others, motion, score };
  return { verdict: strongest >= MOTION_THRESHOLD ? 'LIVE' : 'SPOOF_SUSPECTED', frames: [], motion, score };
}
