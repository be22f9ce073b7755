import { defineEngine } from '../../lib/engine.ts';

/**
 * The images engine: one child process (engine-main.ts) for the face model and OCR, started by the first call
 * and ended after ENGINE_IDLE_MS without one (lib/engine.ts). Each engine loads in it on its first call.
 */
export const imagesEngine = defineEngine('Images engine', new URL('./engine-main.ts', import.meta.url));
