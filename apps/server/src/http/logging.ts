import type { FastifyServerOptions } from 'fastify';
import { Writable } from 'node:stream';

/** `json`: one JSON object per line (CI, production, log collectors); `pretty`: for a person at a terminal. */
export type LogFormat = 'pretty' | 'json';

/** LOG_FORMAT when set, else pretty on a terminal and JSON everywhere else. */
export const resolveLogFormat = (setting: LogFormat | undefined, isTTY: boolean | undefined): LogFormat =>
  setting ?? (isTTY ? 'pretty' : 'json');

const pathOf = (url: string | undefined) => (url ?? '').split('?')[0];

/**
 * What a request and its answer put on the log. Never the query string (reset tokens travel in links) nor
 * headers (bearer tokens, cookies). The answer carries the method and path too, so that the line that closes a
 * request says everything about it.
 */
export const logSerializers = {
  req: (req: { id: string; method: string; url: string }) => ({
    id: req.id,
    method: req.method,
    path: pathOf(req.url),
  }),
  res: (reply: { statusCode: number; request?: { method: string; url: string } }) => ({
    statusCode: reply.statusCode,
    ...(reply.request ? { method: reply.request.method, path: pathOf(reply.request.url) } : {}),
  }),
};

/**
 * The server's logger options: level, the serializers above, and the pretty view when asked (colours on a
 * terminal unless NO_COLOR is set). The `SMS …` lines of the console sender do not go through the logger: they
 * are the same in both formats.
 */
export function loggerOptions(opts: {
  level: string;
  format: LogFormat;
  out?: NodeJS.WritableStream;
  colors?: boolean;
}): NonNullable<Exclude<FastifyServerOptions['logger'], boolean>> {
  const colors = opts.colors ?? (!process.env.NO_COLOR && !!process.stdout.isTTY);
  // JSON goes to `out`, else to pino's own fast stdout writer
  const stream =
    opts.format === 'pretty' ? prettyLogStream(opts.out ?? process.stdout, { colors }) : opts.out;
  return { level: opts.level, serializers: logSerializers, ...(stream ? { stream } : {}) };
}

// ---------------------------------------------------------------------------------------------------------
// The pretty view: reads pino's JSON lines, writes one line each for a person

const LEVELS: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO',
  40: 'WARN',
  50: 'ERROR',
  60: 'FATAL',
};
const ANSI = { dim: 2, red: 31, green: 32, yellow: 33, cyan: 36, magenta: 35 } as const;
type Paint = (color: keyof typeof ANSI, text: string) => string;

/** pino's and fastify's own fields, shown in their place or not at all. */
const OWN_FIELDS = new Set([
  'level',
  'time',
  'pid',
  'hostname',
  'msg',
  'reqId',
  'req',
  'res',
  'responseTime',
  'err',
]);

type Entry = {
  level?: number;
  time?: number;
  msg?: string;
  reqId?: string;
  req?: { method?: string; path?: string };
  res?: { statusCode?: number; method?: string; path?: string };
  responseTime?: number;
  err?: { type?: string; message?: string; stack?: string };
  [key: string]: unknown;
};

const clock = (time: number | undefined) => {
  const d = new Date(time ?? Date.now());
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}.${String(d.getMilliseconds()).padStart(3, '0')}`;
};

const showValue = (v: unknown) =>
  typeof v === 'string' && /^[^\s"=]+$/.test(v) ? v : (JSON.stringify(v) ?? String(v));

/**
 * One log entry as text. A finished request is one line: time, method, path, status, duration, request id;
 * fastify's "incoming request" line is dropped (null), since the finished line says it all. Other entries:
 * time, level, message, their fields as key=value, and an error's stack on the lines below.
 */
export function formatLogEntry(entry: Entry, paint: Paint = (_c, t) => t): string | null {
  if (entry.msg === 'incoming request') return null;
  const time = paint('dim', clock(entry.time));
  const level = entry.level ?? 30;
  const reqId = entry.reqId ? ` ${paint('dim', entry.reqId)}` : '';
  const extra = Object.entries(entry)
    .filter(([k, v]) => !OWN_FIELDS.has(k) && v !== undefined)
    .map(([k, v]) => ` ${paint('dim', `${k}=`)}${showValue(v)}`)
    .join('');
  const stack = entry.err ? `\n${entry.err.stack ?? `${entry.err.type}: ${entry.err.message}`}` : '';

  const res = entry.res;
  if (res?.statusCode !== undefined && typeof entry.responseTime === 'number') {
    const status = res.statusCode;
    const color = status >= 500 ? 'red' : status >= 400 ? 'yellow' : status >= 300 ? 'cyan' : 'green';
    const method = res.method ?? entry.req?.method ?? '-';
    const path = res.path ?? entry.req?.path ?? '';
    const ms = entry.responseTime < 10 ? entry.responseTime.toFixed(1) : Math.round(entry.responseTime);
    return `${time} ${method} ${path} ${paint(color, String(status))} ${ms} ms${reqId}${extra}${stack}`;
  }

  const name = LEVELS[level] ?? String(level);
  const label = level >= 50 ? paint('red', name) : level >= 40 ? paint('yellow', name) : paint('cyan', name);
  return `${time} ${label.padEnd(label.length + 5 - name.length)} ${entry.msg ?? ''}${reqId}${extra}${stack}`;
}

/** A stream for pino that writes the pretty view of each JSON line to `out` (a line that is not JSON as is). */
export function prettyLogStream(out: NodeJS.WritableStream, opts: { colors: boolean }): Writable {
  const paint: Paint = opts.colors ? (c, t) => `\u001b[${ANSI[c]}m${t}\u001b[0m` : (_c, t) => t;
  let partial = '';
  return new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      const lines = (partial + String(chunk)).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) {
        if (!line) continue;
        let text: string | null = line;
        try {
          text = formatLogEntry(JSON.parse(line) as Entry, paint);
        } catch {
          /* not a JSON line: as is */
        }
        if (text !== null) out.write(`${text}\n`);
      }
      done();
    },
  });
}
