import { pipeline, Readable } from 'node:stream';
import { createGzip } from 'node:zlib';
import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { reportChunks } from '../db/schema.ts';

/**
 * Report files live in PostgreSQL as ~1 MB chunks (`report_chunks`), so every API process of a deployment can
 * serve a file another built, and a file is exactly as durable as the database. Chunks belong to one build
 * attempt; only the attempt that finished (`reports.ready_attempt`) is ever read.
 */
export const CHUNK_BYTES = 1024 * 1024;

export type ReportFileRef = { clientRef: number; reportRef: number; attempt: number };

export type StoredEncoding = 'gzip' | 'identity';

/**
 * Collects a stream's bytes into chunks of CHUNK_BYTES and stores each as it fills, one insert in flight while
 * the next chunk fills (at most two chunks in memory). `gzip` stores them compressed (zlib level 1, on libuv's
 * threads): text files shrink ~8×, and so do the bytes written to the database and its WAL, which for a
 * million-row CSV or JSON cost more than building the file. Answers the file's size and the stored size.
 */
export async function storeFile(
  db: Db,
  ref: ReportFileRef,
  file: Readable,
  encoding: StoredEncoding = 'identity',
): Promise<{ size: number; stored: number }> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let seq = 0;
  let size = 0;
  let stored = 0;
  let source: Readable = file;
  if (encoding === 'gzip') {
    const gzip = createGzip({ level: 1 });
    file.on('data', (c: Buffer | string) => {
      size += typeof c === 'string' ? Buffer.byteLength(c) : c.length;
    });
    // A failure on either side destroys both: the loop below then throws it.
    pipeline(file, gzip, () => undefined);
    source = gzip;
  }
  let inFlight: Promise<unknown> = Promise.resolve();
  const flush = async () => {
    await inFlight;
    if (!pendingBytes) return;
    const data = Buffer.concat(pending, pendingBytes);
    pending = [];
    pendingBytes = 0;
    inFlight = db
      .insert(reportChunks)
      .values({ ...ref, seq: seq++, data })
      .execute();
    // Its failure is met by the next flush's await (the last flush awaits its own insert).
    inFlight.catch(() => undefined);
  };
  for await (const chunk of source) {
    const buf = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    pending.push(buf);
    pendingBytes += buf.length;
    stored += buf.length;
    if (pendingBytes >= CHUNK_BYTES) await flush();
  }
  await flush();
  await inFlight;
  return { size: encoding === 'gzip' ? size : stored, stored };
}

/** The stored file of an attempt as a stream, one chunk read at a time. */
export function readFile(db: Db, ref: ReportFileRef): Readable {
  return Readable.from(
    (async function* () {
      for (let seq = 0; ; seq++) {
        const [chunk] = await db
          .select({ data: reportChunks.data })
          .from(reportChunks)
          .where(
            and(
              eq(reportChunks.clientRef, ref.clientRef),
              eq(reportChunks.reportRef, ref.reportRef),
              eq(reportChunks.attempt, ref.attempt),
              eq(reportChunks.seq, seq),
            ),
          );
        if (!chunk) return;
        yield chunk.data;
      }
    })(),
    { objectMode: false },
  );
}

/** Removes the chunks of every attempt but `keep` (all of them without one). */
export async function dropChunks(
  db: Db,
  ref: { clientRef: number; reportRef: number },
  keep?: number,
): Promise<void> {
  await db
    .delete(reportChunks)
    .where(
      and(
        eq(reportChunks.clientRef, ref.clientRef),
        eq(reportChunks.reportRef, ref.reportRef),
        ...(keep === undefined ? [] : [ne(reportChunks.attempt, keep)]),
      ),
    );
}

/** Removes one attempt's chunks (a build that lost its lease leaves the newer attempt's alone). */
export async function dropAttempt(db: Db, ref: ReportFileRef): Promise<void> {
  await db
    .delete(reportChunks)
    .where(
      and(
        eq(reportChunks.clientRef, ref.clientRef),
        eq(reportChunks.reportRef, ref.reportRef),
        eq(reportChunks.attempt, ref.attempt),
      ),
    );
}
