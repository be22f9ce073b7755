import { describe, expect, it } from 'vitest';
import { clientSession, useServer } from './helpers.ts';

/** APP_ENV=production: callback URLs must be https and public, refused at configuration with a clear message. */
const server = useServer({ APP_ENV: 'production' });

describe('callback URLs in production', () => {
  it('refuses http, loopback, private, link-local and unspecified addresses on the url field', async () => {
    const s = await clientSession(server.current, 'admin@globex.test');
    const create = (url: string) =>
      s.call('POST', '/v2/company/callback', { body: { action: 'create', event_type: 'PAYOUT', url } });
    const http = await create('http://93.184.215.14/hooks');
    expect(http.status).toBe(400);
    expect(http.body.fields).toEqual({ url: 'Callback URLs must use https in production' });
    for (const url of [
      'https://127.0.0.1/hooks',
      'https://localhost/hooks',
      'https://10.0.0.5/hooks',
      'https://192.168.1.10/hooks',
      'https://169.254.169.254/latest/meta-data',
      'https://0.0.0.0/hooks',
      'https://[::1]/hooks',
      'https://[::ffff:127.0.0.1]/hooks',
      'https://[fd00::1]/hooks',
    ]) {
      const res = await create(url);
      expect(res.status, url).toBe(400);
      expect((res.body.fields as { url: string }).url, url).toMatch(
        /loopback, private or link-local address .*callbacks go only to public addresses/,
      );
    }
    const ok = await create('https://93.184.215.14/hooks');
    expect(ok.status).toBe(201);
    // An update to such a URL is refused too, and changes nothing.
    const update = await s.call('POST', '/v2/company/callback', {
      body: { action: 'update', callback_id: ok.body.callback_id, url: 'https://127.0.0.1/x' },
    });
    expect(update.status).toBe(400);
    const list = await s.call('GET', '/v2/company/callback');
    expect((list.body.data as { url: string }[]).map((c) => c.url)).toEqual(['https://93.184.215.14/hooks']);
  });
});
