import Fastify from 'fastify';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import {
  formatLogEntry,
  loggerOptions,
  prettyLogStream,
  resolveLogFormat,
  type LogFormat,
} from './logging.ts';

function collector() {
  const lines: string[] = [];
  let text = '';
  const out = new Writable({
    write(chunk, _enc, done) {
      text += String(chunk);
      const parts = text.split('\n');
      text = parts.pop() ?? '';
      lines.push(...parts);
      done();
    },
  });
  return { out, lines };
}

/** A fastify app with the server's logger options, one route, and what it logged for one request. */
async function logOfOneRequest(format: LogFormat, url: string, status = 200) {
  const { out, lines } = collector();
  const app = Fastify({ logger: loggerOptions({ level: 'info', format, out, colors: false }) });
  app.get('/things/:id', async (_req, reply) => reply.status(status).send({ ok: true }));
  await app.ready();
  await app.inject({ method: 'GET', url, headers: { authorization: 'Bearer SECRET-TOKEN' } });
  await app.close();
  return lines;
}

describe('server log', () => {
  it('is pretty on a terminal, JSON elsewhere, unless LOG_FORMAT says otherwise', () => {
    expect(resolveLogFormat(undefined, true)).toBe('pretty');
    expect(resolveLogFormat(undefined, false)).toBe('json');
    expect(resolveLogFormat(undefined, undefined)).toBe('json');
    expect(resolveLogFormat('json', true)).toBe('json');
    expect(resolveLogFormat('pretty', false)).toBe('pretty');
  });

  it('pretty: one line per request with method, path, status, duration and request id; no secrets', async () => {
    const lines = await logOfOneRequest('pretty', '/things/42?token=RESET-SECRET', 404);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^\d\d:\d\d:\d\d\.\d{3} GET \/things\/42 404 \d+(\.\d)? ms req-\w+$/);
    expect(lines.join('\n')).not.toMatch(/SECRET/);
  });

  it('JSON: the closing line carries method and path; never the query string or headers', async () => {
    const lines = await logOfOneRequest('json', '/things/42?token=RESET-SECRET');
    const entries = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(entries.map((e) => e.msg)).toEqual(['incoming request', 'request completed']);
    expect(entries[1]).toMatchObject({ res: { statusCode: 200, method: 'GET', path: '/things/42' } });
    expect(lines.join('\n')).not.toMatch(/SECRET/);
  });

  it('pretty: other entries show level, message, fields and an error stack; lines that are not JSON pass', async () => {
    expect(
      formatLogEntry({ level: 40, time: 0, msg: 'job queue error', reqId: 'REQ1', queue: 'rail step', n: 3 }),
    ).toMatch(/^\d\d:\d\d:\d\d\.\d{3} WARN {2}job queue error REQ1 queue="rail step" n=3$/);
    const err = formatLogEntry({
      level: 50,
      msg: 'unhandled error',
      err: { stack: 'TypeError: x\n    at y' },
    });
    expect(err?.split('\n')).toEqual([
      expect.stringMatching(/ERROR unhandled error$/),
      'TypeError: x',
      '    at y',
    ]);
    expect(formatLogEntry({ msg: 'incoming request', req: { method: 'GET', path: '/' } })).toBe(null);

    const { out, lines } = collector();
    const stream = prettyLogStream(out, { colors: false });
    stream.write('SMS to +919800000001: Your code is 123456\n{"level":30,"msg":"half');
    stream.write(' a line"}\n');
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines[0]).toBe('SMS to +919800000001: Your code is 123456');
    expect(lines[1]).toMatch(/INFO {2}half a line$/);
  });
});
