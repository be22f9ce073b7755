import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('has working defaults for every setting', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      PORT: 3000,
      DATA_DIR: './data',
      APP_ENV: 'staging',
      PROVIDER: 'meridian',
      SMS_PROVIDER: 'console',
    });
    expect(c.DATABASE_URL).toBeUndefined();
  });

  it('treats an empty DATABASE_URL as absent (PGlite)', () => {
    expect(loadConfig({ DATABASE_URL: '' }).DATABASE_URL).toBeUndefined();
  });

  it('stops production with the exact message when a required value is missing', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      'Missing required environment variable: DATABASE_URL',
    );
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        DATABASE_URL: 'postgres://x@localhost/db',
        PUBLIC_URL: 'https://dash.example',
      }),
    ).toThrow('Missing required environment variable: AUTH_RSA_PRIVATE_KEY');
  });

  it('requires the HTTP SMS settings when that provider is chosen', () => {
    expect(() => loadConfig({ SMS_PROVIDER: 'http' })).toThrow(
      'Missing required environment variable: SMS_HTTP_URL',
    );
  });

  it('rejects invalid values with the setting named', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ PROVIDER: 'Not A Slug' })).toThrow(/PROVIDER/);
  });
});
