import Fastify, { type FastifyInstance } from 'fastify';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptsGzip, COMPRESS_THRESHOLD_BYTES, registerCompression } from './compression.ts';

const big = 'a,b,c\n'.repeat(1000);
let app: FastifyInstance;

beforeAll(async () => {
  app = Fastify();
  await registerCompression(app);
  app.get('/json/big', async () => ({ rows: Array.from({ length: 200 }, (_, i) => ({ id: i })) }));
  app.get('/json/small', async () => ({ ok: true }));
  // Each type as the routes send it: text answers and files that are compressed already.
  for (const [path, type] of [
    ['/csv', 'text/csv; charset=utf-8'],
    ['/events', 'text/event-stream'],
    ['/xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    ['/pdf', 'application/pdf'],
    ['/png', 'image/png'],
    ['/jpeg', 'image/jpeg'],
    ['/zip', 'application/zip'],
  ] as const)
    app.get(path, async (_request, reply) => reply.type(type).send(Buffer.from(big)));
  await app.ready();
});
afterAll(() => app.close());

const get = (url: string, encoding = 'gzip, deflate, br, zstd') =>
  app.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding } });

describe('API compression', () => {
  it('compresses JSON above the threshold with brotli, or gzip when that is all the client takes', async () => {
    const br = await get('/json/big');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['vary']).toMatch(/accept-encoding/i);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toHaveProperty('rows.199.id', 199);
    expect(br.rawPayload.length).toBeLessThan(JSON.stringify({ rows: [] }).length + 1000);
    const gz = await get('/json/big', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toHaveProperty('rows.0.id', 0);
  });

  it('leaves small answers and clients without Accept-Encoding alone', async () => {
    expect(JSON.stringify({ ok: true }).length).toBeLessThan(COMPRESS_THRESHOLD_BYTES);
    expect((await get('/json/small')).headers['content-encoding']).toBeUndefined();
    expect((await get('/json/big', '')).headers['content-encoding']).toBeUndefined();
  });

  it('compresses text files such as CSV exports', async () => {
    const res = await get('/csv');
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(big);
  });

  it.each(['/events', '/xlsx', '/pdf', '/png', '/jpeg', '/zip'])(
    'never compresses %s (an event stream, or a file compressed already)',
    async (path) => {
      const res = await get(path);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.body).toBe(big);
    },
  );
});

describe('acceptsGzip', () => {
  it('reads Accept-Encoding as browsers and tools send it', () => {
    expect(acceptsGzip('gzip, deflate, br, zstd')).toBe(true);
    expect(acceptsGzip('br;q=1.0, gzip;q=0.8')).toBe(true);
    expect(acceptsGzip('*')).toBe(true);
    expect(acceptsGzip('br, gzip;q=0')).toBe(false);
    expect(acceptsGzip('*, gzip;q=0')).toBe(false);
    expect(acceptsGzip('br')).toBe(false);
    expect(acceptsGzip('identity')).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
  });
});
