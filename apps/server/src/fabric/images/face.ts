import type { DecodedImage } from './decode.ts';
import {
  colourHistogram,
  correlation,
  greyThumbnail,
  histogramIntersection,
  meanAbsoluteDifference,
  standardDeviation,
} from './pixels.ts';

/**
 * The face products' deterministic sandbox (docs/fabric-images.md says why there is no face model here). The
 * images are decoded for real and compared for real, but as whole pictures, not as faces: the "match score"
 * is how alike two pictures are in colour (histogram intersection of 64 colour bins) and in layout
 * (correlation of 32×32 grey thumbnails). Liveness measures how much consecutive frames change. Same input,
 * same answer; the committed test images give the documented outcomes.
 */

/** A grey thumbnail's standard deviation under this is a blank picture: no face to compare. */
export const BLANK_DEVIATION = 8;
/** Score from which two pictures are the same person. */
export const MATCH_THRESHOLD = 75;
/** Mean absolute grey difference (0–255, 64×64 thumbnails) from which two frames differ. */
export const MOTION_THRESHOLD = 1.5;
/** Match score (against the first frame) under which a frame shows another scene. */
export const SAME_SCENE_SCORE = 50;

export const isBlank = (image: DecodedImage) => standardDeviation(greyThumbnail(image, 32)) < BLANK_DEVIATION;

/** 0–100: half colour likeness, half layout likeness (a negative correlation counts as 0). */
export function matchScore(
  a: DecodedImage,
  b: DecodedImage,
): { score: number; colour: number; layout: number } {
  const colour = histogramIntersection(colourHistogram(a), colourHistogram(b));
  const layout = Math.max(0, correlation(greyThumbnail(a, 32), greyThumbnail(b, 32)));
  return { score: Math.round(50 * colour + 50 * layout), colour, layout };
}

export type Liveness = {
  verdict: 'LIVE' | 'SPOOF_SUSPECTED' | 'INCONSISTENT_FRAMES';
  /** 0–100: the strongest change between consecutive frames, scaled (5 grey levels of change = 100). */
  score: number;
  /** Mean absolute grey difference between each pair of consecutive frames. */
  motion: number[];
};

/**
 * LIVE when the frames show one scene (every frame's match score against the first is at least 50) and at least one pair of
 * consecutive frames changes; SPOOF_SUSPECTED when no frame changes (one photo held to the camera, or the same
 * image sent again); INCONSISTENT_FRAMES when a frame shows another scene (spliced footage).
 */
export function liveness(frames: DecodedImage[]): Liveness {
  const thumbs = frames.map((f) => greyThumbnail(f, 64));
  const motion = thumbs.slice(1).map((t, i) => Math.round(meanAbsoluteDifference(thumbs[i]!, t) * 100) / 100);
  const strongest = Math.max(...motion);
  const score = Math.min(100, Math.round((strongest / 5) * 100));
  const sameScene = frames.every((f) => matchScore(frames[0]!, f).score >= SAME_SCENE_SCORE);
  if (!sameScene) return { verdict: 'INCONSISTENT_FRAMES', score, motion };
  return { verdict: strongest >= MOTION_THRESHOLD ? 'LIVE' : 'SPOOF_SUSPECTED', score, motion };
}
