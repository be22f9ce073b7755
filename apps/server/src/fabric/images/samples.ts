import { readFileSync } from 'node:fs';

/**
 * The image products' committed sample images (samples/ beside this file, made by
 * apps/server/scripts/fabric-samples) as base64: the products' demo inputs (the seed) and the tests' images.
 * Read when called, not at import.
 */
const DIR = new URL('./samples/', import.meta.url);

export const sampleBase64 = (name: string) => readFileSync(new URL(name, DIR)).toString('base64');
