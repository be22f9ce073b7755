import { Worker } from 'node:worker_threads';
import type { DecodedImage } from './decode.ts';
import type { Box } from './pixels.ts';

/**
 * Faces found by the model (face-worker.ts, one thread per process, started on first use): each face's box and
 * detection score, its 68 landmarks and its 128-number descriptor (face-logic.ts decides on them).
 */
export type DetectedFace = {
  box: Box;
  score: number;
  /** 68 points as x, y, x, y… in the image's pixels. */
  landmarks: number[];
  descriptor: number[];
};

type Reply = { id: number; faces?: DetectedFace[]; error?: string };

let worker: Worker | null = null;
let nextId = 1;
const pending = new Map<
  number,
  { resolve: (faces: DetectedFace[]) => void; reject: (error: Error) => void }
>();

function getWorker(): Worker {
  if (worker) return worker;
  const w = new Worker(new URL('./face-worker.ts', import.meta.url));
  w.unref(); // an idle model never keeps the process alive
  w.on('message', (reply: Reply) => {
    const call = pending.get(reply.id);
    if (!call) return;
    pending.delete(reply.id);
    if (reply.error !== undefined) call.reject(new Error(`Face model failed: ${reply.error}`));
    else call.resolve(reply.faces ?? []);
  });
  const fail = (error: Error) => {
    if (worker === w) worker = null;
    for (const call of pending.values()) call.reject(error);
    pending.clear();
  };
  w.on('error', fail);
  w.on('exit', (code) => fail(new Error(`Face model thread stopped (${code})`)));
  worker = w;
  return w;
}

function ask(message: unknown, id: number, transfer: ArrayBuffer[] = []): Promise<DetectedFace[]> {
  const w = getWorker();
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    w.ref(); // busy: keep the process alive until the answer
    w.postMessage(message, transfer);
  }).finally(() => {
    if (pending.size === 0) worker?.unref();
  }) as Promise<DetectedFace[]>;
}

/** Every face in the image, largest first. */
export async function detectFaces(image: DecodedImage): Promise<DetectedFace[]> {
  const id = nextId++;
  const data = image.data.slice(); // a copy to hand over: the caller keeps its pixels
  const faces = await ask({ id, width: image.width, height: image.height, data }, id, [data.buffer]);
  return faces.sort((a, b) => b.box.width * b.box.height - a.box.width * a.box.height);
}

/** Loads the models ahead of the first call (about 0.2–0.5 s), e.g. at server start. */
export const warmUpFaceModel = () => ask('ready', 0).then(() => undefined);

/** Ends the model's thread (tests, benchmarks, shutdown); the next call starts a new one. */
export async function closeFaceModel(): Promise<void> {
  const w = worker;
  worker = null;
  if (w) await w.terminate();
}
