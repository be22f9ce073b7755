import { z } from 'zod';
import type { FabricProduct } from '../product.ts';
import { base64Image, decodeImage, describeImage } from '../images/decode.ts';
import { isBlank, liveness, MOTION_THRESHOLD } from '../images/face.ts';
import { fixtureBase64 } from '../images/fixtures.ts';

/**
 * Video liveness — a deterministic sandbox (docs/fabric-images.md): the client sends 3 to 10 frames of the
 * video as images; they are decoded and the change between consecutive frames is measured (images/face.ts).
 * No change at all is a photo held to the camera (SPOOF_SUSPECTED), another scene is INCONSISTENT_FRAMES.
 */
const body = z.object({
  frames: z
    .array(base64Image('each frame'), { error: 'Send frames: a list of 3 to 10 base64 images' })
    .min(3, 'Send at least 3 frames')
    .max(10, 'Send at most 10 frames'),
});

const MESSAGES = {
  LIVE: null,
  SPOOF_SUSPECTED: 'The frames do not change: a still photo, not a live person',
  INCONSISTENT_FRAMES: 'The frames show different scenes',
} as const;

export const videoLiveness: FabricProduct<typeof body> = {
  slug: 'video-liveness',
  price: 8,
  body,
  maskRequest: (input) => ({ frames: input.frames.map((f) => describeImage(f)) }),
  async run(input) {
    const frames = input.frames.map((f, i) => decodeImage(f, `frames.${i}`));
    const blank = frames.flatMap((f, i) => (isBlank(f) ? [i] : []));
    if (blank.length > 0) {
      const result = { live: false, score: 0, blank_frames: blank };
      return {
        status: 'FAILURE',
        resultCode: 'NO_FACE',
        message: `No face found: frame${blank.length === 1 ? '' : 's'} ${blank.join(', ')} blank`,
        result,
        maskedResult: result,
      };
    }
    const l = liveness(frames);
    const result = {
      live: l.verdict === 'LIVE',
      score: l.score,
      motion: l.motion,
      motion_threshold: MOTION_THRESHOLD,
      frames: frames.length,
    };
    return {
      status: l.verdict === 'LIVE' ? 'SUCCESS' : 'FAILURE',
      resultCode: l.verdict,
      message: MESSAGES[l.verdict],
      result,
      maskedResult: result,
    };
  },
};

/** Sample bodies for the seed: a moving, blinking head (LIVE) and one photo sent three times (SPOOF_SUSPECTED). */
export const DEMO_INPUTS = (): z.infer<typeof body>[] => [
  { frames: ['live-frame-1.jpg', 'live-frame-2.jpg', 'live-frame-3.jpg'].map(fixtureBase64) },
  { frames: ['face-a-selfie.png', 'face-a-selfie.png', 'face-a-selfie.png'].map(fixtureBase64) },
];
