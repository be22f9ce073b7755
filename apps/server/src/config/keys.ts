import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from './config.ts';

export interface KeyMaterial {
  /** RSA-OAEP 3072-bit key pair: the browser encrypts passwords with the public half. */
  passwordKey: KeyObject;
  passwordPublicPem: string;
  /** Ed25519 key pair that signs access and id tokens (EdDSA). */
  tokenKey: KeyObject;
  tokenPublicKey: KeyObject;
}

function loadOrCreate(pem: string | undefined, file: string, generate: () => string): KeyObject {
  if (pem) return createPrivateKey(pem.replace(/\\n/g, '\n'));
  if (existsSync(file)) return createPrivateKey(readFileSync(file, 'utf8'));
  const created = generate();
  writeFileSync(file, created, { mode: 0o600 });
  return createPrivateKey(created);
}

/** Loads key material from the environment, else from DATA_DIR/keys, generating it there on first start. */
export function loadKeys(
  config: Pick<Config, 'DATA_DIR' | 'AUTH_RSA_PRIVATE_KEY' | 'AUTH_JWT_PRIVATE_KEY'>,
): KeyMaterial {
  const dir = join(config.DATA_DIR, 'keys');
  if (!config.AUTH_RSA_PRIVATE_KEY || !config.AUTH_JWT_PRIVATE_KEY)
    mkdirSync(dir, { recursive: true, mode: 0o700 });
  const pkcs8 = { type: 'pkcs8', format: 'pem' } as const;
  const spki = { type: 'spki', format: 'pem' } as const;
  const passwordKey = loadOrCreate(
    config.AUTH_RSA_PRIVATE_KEY,
    join(dir, 'password-rsa.pem'),
    () =>
      generateKeyPairSync('rsa', { modulusLength: 3072, publicKeyEncoding: spki, privateKeyEncoding: pkcs8 })
        .privateKey,
  );
  const tokenKey = loadOrCreate(
    config.AUTH_JWT_PRIVATE_KEY,
    join(dir, 'token-ed25519.pem'),
    () => generateKeyPairSync('ed25519', { publicKeyEncoding: spki, privateKeyEncoding: pkcs8 }).privateKey,
  );
  if (
    passwordKey.asymmetricKeyType !== 'rsa' ||
    (passwordKey.asymmetricKeyDetails?.modulusLength ?? 0) < 3072
  )
    throw new Error('AUTH_RSA_PRIVATE_KEY must be an RSA key of at least 3072 bits');
  if (tokenKey.asymmetricKeyType !== 'ed25519')
    throw new Error('AUTH_JWT_PRIVATE_KEY must be an Ed25519 key');
  return {
    passwordKey,
    passwordPublicPem: createPublicKey(passwordKey).export(spki).toString(),
    tokenKey,
    tokenPublicKey: createPublicKey(tokenKey),
  };
}
