import { describe, expect, it } from 'vitest';
import { isPrivateAddress, sendRequest } from './http-client.ts';

describe('callback HTTP client', () => {
  it('knows private and public addresses', () => {
    for (const a of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '::1',
      'fd00::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:a9fe:a9fe',
      '0.0.0.0',
      '::',
    ])
      expect(isPrivateAddress(a), a).toBe(true);
    for (const a of ['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '::ffff:808:808'])
      expect(isPrivateAddress(a), a).toBe(false);
  });
  it('refuses loopback targets when private delivery is off', async () => {
    const init = { method: 'POST', headers: {}, body: '{}', timeoutMs: 1000, allowPrivate: false };
    await expect(sendRequest('http://127.0.0.1:9/x', init)).rejects.toThrow(/private address/);
    await expect(sendRequest('http://localhost:9/x', init)).rejects.toThrow(/private address/);
  });
});
