import { readFileSync } from 'node:fs';

/**
 * The committed test images (apps/server/test/fixtures/fabric, made by its generate.ts) as base64, for the
 * products' demo inputs (the seed) and tests. Read when called, not at import.
 */
const DIR = new URL('../../../test/fixtures/fabric/', import.meta.url);

export const fixtureBase64 = (name: string) => readFileSync(new URL(name, DIR)).toString('base64');
