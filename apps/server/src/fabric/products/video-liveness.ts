import { z } from 'zod';
import type { FabricProduct } from '../product.ts';
import { badRequest } from '../../http/errors.ts';
import { base64Image, decodeImage, describeImage } from '../images/decode.ts';
import { liveness, MOTION_THRESHOLD } from '../images/face-logic.ts';
import { detectFaces } from '../images/face-model.ts';
import { sampleBase64 } from '../images/samples.ts';

/**
 * Video liveness: the client sends 3 to 10 frames of the video (same size) as images; the face model finds
 * the face in each (images/face-model.ts) and images/face-logic.ts decides: LIVE (one person whose head
 * moves), SPOOF_SUSPECTED (the landmarks do not move: a still photo or one image repeated),
 * INCONSISTENT_FRAMES (another person appears), NO_FACE.
 */
const body = z.object({
  frames: z
    .array(base64Image('each frame'), { error: 'Send frames: a list of 3 to 10 base64 images' })
    .min(3, 'Send at least 3 frames')
    .max(10, 'Send at most 10 frames'),
});

const MESSAGES = {
  LIVE: null,
  SPOOF_SUSPECTED: 'The face does not move between frames: a still photo, not a live person',
  INCONSISTENT_FRAMES: 'The frames show different people',
  NO_FACE: 'No face found in every frame',
} as const;

export const videoLiveness: FabricProduct<typeof body> = {
  slug: 'video-liveness',
  // read when the demo seed asks (the images are files of the repo)
  get demo() {
    return DEMO_INPUTS();
  },
  price: 8,
  body,
  maskRequest: (input) => ({ frames: input.frames.map((f) => describeImage(f)) }),
  async run(input) {
    const frames = input.frames.map((f, i) => decodeImage(f, `frames.${i}`));
    const odd = frames.findIndex((f) => f.width !== frames[0]!.width || f.height !== frames[0]!.height);
    if (odd > 0) {
      const message = `frames.${odd} is ${frames[odd]!.width}×${frames[odd]!.height}; every frame must be the size of the first`;
      throw badRequest(message, { [`frames.${odd}`]: message });
    }
    const faces = [];
    for (const frame of frames) faces.push(await detectFaces(frame)); // one at a time: one model thread
    const l = liveness(faces);
    const result = {
      live: l.verdict === 'LIVE',
      score: l.score,
      motion: l.motion,
      motion_threshold: MOTION_THRESHOLD,
      frames: frames.length,
      ...(l.frames.length > 0 ? { failing_frames: l.frames } : {}),
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

/** Sample bodies for the seed: person 1's head moving (LIVE) and one photo sent three times (SPOOF_SUSPECTED). */
export const DEMO_INPUTS = (): z.infer<typeof body>[] => [
  { frames: [1, 2, 3].map((i) => sampleBase64(`person-1-frame-${i}.jpg`)) },
  { frames: [1, 1, 1].map((i) => sampleBase64(`person-1-frame-${i}.jpg`)) },
];
