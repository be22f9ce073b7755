import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { loadKeys } from '../src/config/keys.ts';

export const TEST_KEYS_DIR = join(import.meta.dirname, '..', '..', '..', '.tmp', 'test-keys');

/** Generates the test key material once per run (RSA 3072 generation is slow), shared by every test file. */
export default function setup() {
  mkdirSync(TEST_KEYS_DIR, { recursive: true });
  loadKeys({ DATA_DIR: TEST_KEYS_DIR, AUTH_RSA_PRIVATE_KEY: undefined, AUTH_JWT_PRIVATE_KEY: undefined });
}
