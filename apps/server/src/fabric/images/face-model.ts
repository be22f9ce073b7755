import type { DecodedImage } from './decode.ts';
import { imagesEngine } from './engine.ts';
import type { Box } from './pixels.ts';

/**
 * Faces found by the model (face-worker.ts, in the images engine's process: engine.ts, started by the first call
 * and ended after ENGINE_IDLE_MS idle): each face's box and detection score, its 68 landmarks and its 128-number
 * descriptor (face-logic.ts decides on them).
 */
export type DetectedFace = {
  box: Box;
  score: number;
  /** 68 points as x, y, x, y… in the image's pixels. */
  landmarks: number[];
  descriptor: number[];
};

/** Every face in the image, largest first. */
export async function detectFaces(image: DecodedImage): Promise<DetectedFace[]> {
  const faces = await imagesEngine.call<DetectedFace[]>({
    kind: 'faces',
    width: image.width,
    height: image.height,
    data: image.data,
  });
  return faces.sort((a, b) => b.box.width * b.box.height - a.box.width * a.box.height);
}

/** Starts the engine and loads the models ahead of the first call (about 0.2–0.5 s), e.g. in a benchmark. */
export async function warmUpFaceModel(): Promise<void> {
  await imagesEngine.call({ kind: 'faces-ready' });
}

/** Ends the images engine (tests, benchmarks, shutdown); the next call starts a new one. */
export async function closeFaceModel(): Promise<void> {
  await imagesEngine.close();
}
