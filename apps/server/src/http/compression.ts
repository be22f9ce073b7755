import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Answers smaller than this go out as they are: compressing them saves less than it costs. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/** Text formats compressed on the fly: JSON, CSV and other text, JavaScript, XML. */
const COMPRESSIBLE = /^(?:text\/|application\/(?:[\w.+-]*\+)?(?:json|javascript|xml)\b)/;

/**
 * Never compressed: an event stream (Server-Sent Events must reach the browser as each event is written, and
 * a compressor buffers) and files that are compressed already (XLSX and zip are zip archives, PDF streams are
 * deflated, PNG and JPEG are compressed images).
 */
const NEVER =
  /^(?:text\/event-stream|application\/(?:pdf|zip|x-zip-compressed|vnd\.openxmlformats-officedocument\.[\w.-]+)|image\/(?:png|jpeg))\b/;

/**
 * Compresses API answers above about 1 KB on the fly (brotli or gzip, as the request accepts), with
 * `Vary: Accept-Encoding`. The web app's files are compressed at build time instead (http/web.ts). Register
 * before any route: the plugin attaches itself to the routes declared after it.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    // Types this refuses go to the plugin's MIME table, which calls none of the NEVER types compressible.
    customTypes: (type: string) => COMPRESSIBLE.test(type) && !NEVER.test(type),
  });
}

/** Whether an Accept-Encoding header takes gzip (named, or `*`, with a quality above 0). */
export function acceptsGzip(header: string | undefined): boolean {
  let star = false;
  for (const part of (header ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const accepted = q === undefined || Number(q.slice(2)) > 0;
    if (name.trim() === 'gzip') return accepted;
    if (name.trim() === '*') star = accepted;
  }
  return star;
}
