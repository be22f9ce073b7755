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

type Call = { resolve: (faces: DetectedFace[]) => void; reject: (error: Error) => void };
/** The model's thread and the calls waiting for it. */
type Model = { thread: Worker; pending: Map<number, Call> };

let model: Model | null = null;
let nextId = 1;

function getModel(): Model {
  if (model) return model;
  const thread = new Worker(new URL('./face-worker.ts', import.meta.url));
  const m: Model = { thread, pending: new Map() };
  thread.unref(); // an idle model never keeps the process alive
  thread.on('message', (reply: Reply) => {
    const call = m.pending.get(reply.id);
    if (!call) return;
    m.pending.delete(reply.id);
    if (m.pending.size === 0) thread.unref();
    if (reply.error !== undefined) call.reject(new Error(`Face model failed: ${reply.error}`));
    else call.resolve(reply.faces ?? []);
  });
  const fail = (error: Error) => {
    if (model === m) model = null;
    for (const call of m.pending.values()) call.reject(error);
    m.pending.clear();
  };
  thread.on('error', fail);
  thread.on('exit', (code) => fail(new Error(`Face model thread stopped (${code})`)));
  model = m;
  return m;
}

function ask(message: unknown, id: number, transfer: ArrayBuffer[] = []): Promise<DetectedFace[]> {
  const m = getModel();
  return new Promise((resolve, reject) => {
    m.pending.set(id, { resolve, reject });
    m.thread.ref(); // busy: keep the process alive until the answer
    m.thread.postMessage(message, transfer);
  });
}

/** Every face in the image, largest first. */
export async function detectFaces(image: DecodedImage): Promise<DetectedFace[]> {
  const id = nextId++;
  const data = image.data.slice(); // a copy to hand over: the caller keeps its pixels
  const faces = await ask({ id, width: image.width, height: image.height, data }, id, [data.buffer]);
  return faces.sort((a, b) => b.box.width * b.box.height - a.box.width * a.box.height);
}

/** Loads the models ahead of the first call (about 0.2–0.5 s), e.g. at server start. */
export async function warmUpFaceModel(): Promise<void> {
  const id = nextId++;
  await ask({ id, ready: true }, id);
}

/** Ends the model's thread (tests, benchmarks, shutdown); the next call starts a new one. */
export async function closeFaceModel(): Promise<void> {
  const m = model;
  model = null;
  if (m) await m.thread.terminate();
}
