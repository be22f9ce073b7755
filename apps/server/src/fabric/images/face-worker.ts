import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type * as FaceApiModule from '@vladmandic/face-api/dist/face-api.node-wasm.js';

/**
 * The face model, loaded in the images engine's process (engine-main.ts, started by face-model.ts) when its
 * first call imports this module: @vladmandic/face-api on TensorFlow.js's WASM backend, with the models its npm
 * package ships — tiny face detector, 68-point landmarks, the 128-number face descriptor (ResNet-34). Loaded from
 * disk; nothing is downloaded. Never in the serving process: one call keeps the CPU busy for a few hundred
 * milliseconds and the model holds a few hundred MB.
 */
type FaceApi = typeof FaceApiModule;
export type FaceRequest = { width: number; height: number; data: Uint8Array };

const require = createRequire(import.meta.url);
const faceapi = require('@vladmandic/face-api/dist/face-api.node-wasm.js') as FaceApi;
const wasm = require('@tensorflow/tfjs-backend-wasm') as { setWasmPaths(path: string): void };

const MODELS = join(dirname(require.resolve('@vladmandic/face-api/package.json')), 'model');
wasm.setWasmPaths(`${dirname(require.resolve('@tensorflow/tfjs-backend-wasm'))}/`);

// face-api's typings of its TensorFlow.js instance leave out the backend calls.
const tf = faceapi.tf as unknown as { setBackend(name: string): Promise<boolean>; ready(): Promise<void> };

export const ready = (async () => {
  await tf.setBackend('wasm');
  await tf.ready();
  await faceapi.nets.tinyFaceDetector.loadFromDisk(MODELS);
  await faceapi.nets.faceLandmark68Net.loadFromDisk(MODELS);
  await faceapi.nets.faceRecognitionNet.loadFromDisk(MODELS);
})();

const options = new faceapi.TinyFaceDetectorOptions({ inputSize: 416, scoreThreshold: 0.5 });

export async function detect({ width, height, data }: FaceRequest) {
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
