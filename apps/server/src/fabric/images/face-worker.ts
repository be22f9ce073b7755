import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { parentPort } from 'node:worker_threads';
import type * as FaceApiModule from '@vladmandic/face-api/dist/face-api.node-wasm.js';

/**
 * The face model's thread (started by face-model.ts): @vladmandic/face-api on TensorFlow.js's WASM backend,
 * with the models its npm package ships — tiny face detector, 68-point landmarks, the 128-number face
 * descriptor (ResNet-34). Loaded from disk; nothing is downloaded. Runs off the main thread because one call
 * keeps the CPU busy for a few hundred milliseconds.
 */
type FaceApi = typeof FaceApiModule;
type Request = { id: number; width: number; height: number; data: Uint8Array };

const require = createRequire(import.meta.url);
const faceapi = require('@vladmandic/face-api/dist/face-api.node-wasm.js') as FaceApi;
const wasm = require('@tensorflow/tfjs-backend-wasm') as { setWasmPaths(path: string): void };

const MODELS = join(dirname(require.resolve('@vladmandic/face-api/package.json')), 'model');
wasm.setWasmPaths(`${dirname(require.resolve('@tensorflow/tfjs-backend-wasm'))}/`);

// face-api's typings of its TensorFlow.js instance leave out the backend calls.
const tf = faceapi.tf as unknown as { setBackend(name: string): Promise<boolean>; ready(): Promise<void> };

const ready = (async () => {
  await tf.setBackend('wasm');
  await tf.ready();
  await faceapi.nets.tinyFaceDetector.loadFromDisk(MODELS);
  await faceapi.nets.faceLandmark68Net.loadFromDisk(MODELS);
  await faceapi.nets.faceRecognitionNet.loadFromDisk(MODELS);
})();

const options = new faceapi.TinyFaceDetectorOptions({ inputSize: 416, scoreThreshold: 0.5 });

async function detect({ width, height, data }: Request) {
  await ready;
  const rgb = new Uint8Array(width * height * 3);
  for (let i = 0, j = 0; i < data.length; i += 4, j += 3) {
    rgb[j] = data[i]!;
    rgb[j + 1] = data[i + 1]!;
    rgb[j + 2] = data[i + 2]!;
  }
  const tensor = faceapi.tf.tensor3d(rgb, [height, width, 3], 'int32');
  try {
    const found = await faceapi.detectAllFaces(tensor, options).withFaceLandmarks().withFaceDescriptors();
    return found.map((f) => ({
      box: {
        x: f.detection.box.x,
        y: f.detection.box.y,
        width: f.detection.box.width,
        height: f.detection.box.height,
      },
      score: f.detection.score,
      landmarks: f.landmarks.positions.flatMap((p) => [p.x, p.y]),
      descriptor: Array.from(f.descriptor),
    }));
  } finally {
    tensor.dispose();
  }
}

parentPort!.on('message', (request: Request | { id: number; ready: true }) => {
  const work = 'ready' in request ? ready.then(() => []) : detect(request);
  work.then(
    (faces) => parentPort!.postMessage({ id: request.id, faces }),
    (error: unknown) => parentPort!.postMessage({ id: request.id, error: String(error) }),
  );
});
