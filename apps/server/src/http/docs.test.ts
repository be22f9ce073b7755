import Fastify, { type FastifyInstance } from 'fastify';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerCompression } from './compression.ts';
import { registerDocs } from './docs.ts';
import { referenceKey, writeReference } from './docs-render.ts';

// A small document with one tagged operation: what the reference renders is the same for ~250.
const DOC = {
  openapi: '3.1.0',
  info: { title: 'Meridian API', version: '2.0.0', description: 'Getting started with the API.' },
  servers: [{ url: 'http://localhost:3000' }],
  tags: [{ name: 'payouts', description: 'Payouts on the banking rail.' }],
  paths: {
    '/core_banking/money_transfer/initiate': {
      post: {
        tags: ['payouts'],
        operationId: 'initiatePayout',
        summary: 'Initiate a payout',
        responses: { '201': { description: 'The payout' } },
      },
    },
  },
};

async function docsServer(referenceDir: string | null): Promise<FastifyInstance> {
  const app = Fastify();
  await registerCompression(app);
  app.decorate('swagger', (() => DOC) as unknown as FastifyInstance['swagger']);
  registerDocs(app, { publicUrl: undefined, referenceDir });
  return app;
}

const dirs: string[] = [];
const folder = () => {
  const dir = mkdtempSync(join(tmpdir(), 'meridian-docs-test-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('/docs', () => {
  let rendered: FastifyInstance;
  let key: string;
  beforeAll(async () => {
    const dir = folder();
    key = await writeReference(DOC, dir);
    rendered = await docsServer(dir);
  }, 60_000);
  afterAll(() => rendered.close());

  it('names a rendered reference by its document, whatever origin the document names', () => {
    expect(key).toMatch(/^[0-9a-f]{16}$/);
    expect(referenceKey({ ...DOC, servers: [{ url: 'https://meridian.example' }] })).toBe(key);
    expect(referenceKey({ ...DOC, info: { ...DOC.info, version: '2.0.1' } })).not.toBe(key);
  });

  it('serves the reference rendered to HTML, compressed as written, with no inline script', async () => {
    const res = await rendered.inject({ url: '/docs', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-encoding']).toBe('br');
    const html = brotliDecompressSync(res.rawPayload).toString();
    expect(html).toContain('data-reference="static"');
    // The operation is in the markup: the browser shows it without running Redoc first.
    expect(html).toMatch(
      /<h2[^>]*><a [^>]*href="#tag\/payouts\/operation\/initiatePayout"[^>]*><\/a>Initiate a payout/,
    );
    expect(html).toContain('Getting started with the API.');
    expect(html).toContain(`data-document="/docs/reference/${key}.json"`);
    expect(html).not.toMatch(/<script>|<script [^>]*>[^<]/);
    expect(html).not.toContain('cdn.redoc.ly');
    const plain = await rendered.inject({ url: '/docs', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(html);
  });

  it('serves the document the page hydrates with, and its hydration script', async () => {
    const doc = await rendered.inject({ url: `/docs/reference/${key}.json` });
    expect(doc.statusCode).toBe(200);
    expect(doc.json()).toMatchObject({ paths: DOC.paths, servers: [{ url: '/' }] });
    expect((await rendered.inject({ url: '/docs/reference/0123456789abcdef.json' })).statusCode).toBe(404);
    expect((await rendered.inject({ url: '/docs/reference/..%2Fsecret.json' })).statusCode).toBe(404);
    const script = await rendered.inject({ url: '/docs/reference.js' });
    expect(script.headers['content-type']).toMatch(/javascript/);
    expect(script.body).toContain('Redoc.hydrate');
  });

  it('without a rendered reference, renders in the browser and starts rendering one', async () => {
    const dir = folder();
    const app = await docsServer(dir);
    try {
      const first = await app.inject({ url: '/docs' });
      expect(first.statusCode).toBe(200);
      expect(first.body).toContain('<redoc spec-url="/docs/json"');
      const page = join(dir, `${key}.html`);
      for (let waited = 0; !existsSync(page) && waited < 60_000; waited += 200)
        await new Promise((resolve) => setTimeout(resolve, 200));
      const next = await app.inject({ url: '/docs' });
      expect(next.body).toContain('data-reference="static"');
    } finally {
      await app.close();
    }
  }, 90_000);

  it('with no folder (tests), always renders in the browser', async () => {
    const app = await docsServer(null);
    try {
      expect((await app.inject({ url: '/docs' })).body).toContain('<redoc spec-url="/docs/json"');
      expect((await app.inject({ url: `/docs/reference/${key}.json` })).statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });
});
