import { webcrypto } from 'node:crypto';

// The web tests run each file in its own VM context (pool: 'vmThreads'), where jsdom's window has no Web Crypto;
// every browser the dashboard supports has it (the sign-in encrypts the password with crypto.subtle).
if (!globalThis.crypto?.subtle)
  Object.defineProperty(globalThis, 'crypto', { value: webcrypto, configurable: true });
