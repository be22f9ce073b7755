import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { crc32, createDeflateRaw } from 'node:zlib';

/**
 * A streaming ZIP writer (PKWARE APPNOTE 6.3.x, the subset XLSX needs): entries one after the other, each deflated
 * as its bytes arrive, followed by a data descriptor (its CRC-32 and sizes are known only at its end), then the
 * central directory. It pulls an entry's bytes only as fast as its reader takes the compressed ones, so memory
 * stays at a few zlib buffers whatever the size. No ZIP64: an entry or an archive past 4 GiB is refused with a
 * clear error (the XLSX writer starts a new sheet long before a sheet gets there).
 */

export type ZipEntry = { name: string; data: Buffer | string | AsyncIterable<Buffer> };

const LIMIT = 0xffff_ffff;
/** Bit 3: sizes and CRC in a data descriptor; bit 11: names are UTF-8. */
const FLAGS = 0x0808;
const DEFLATE = 8;
const VERSION = 20;

type Written = { name: Buffer; crc: number; compressed: number; size: number; offset: number };

/** The DOS date and time of `at` (local fields as UTC: ZIP has no zone). */
function dosTime(at: Date): { time: number; date: number } {
  return {
    time: (at.getUTCHours() << 11) | (at.getUTCMinutes() << 5) | (at.getUTCSeconds() >> 1),
    date: ((at.getUTCFullYear() - 1980) << 9) | ((at.getUTCMonth() + 1) << 5) | at.getUTCDate(),
  };
}

function localHeader(name: Buffer, stamp: { time: number; date: number }): Buffer {
  const h = Buffer.alloc(30 + name.length);
  h.writeUInt32LE(0x04034b50, 0);
  h.writeUInt16LE(VERSION, 4);
  h.writeUInt16LE(FLAGS, 6);
  h.writeUInt16LE(DEFLATE, 8);
  h.writeUInt16LE(stamp.time, 10);
  h.writeUInt16LE(stamp.date, 12);
  // CRC-32 and sizes (14..25) stay 0: they follow in the data descriptor.
  h.writeUInt16LE(name.length, 26);
  h.writeUInt16LE(0, 28);
  name.copy(h, 30);
  return h;
}

function dataDescriptor(e: Written): Buffer {
  const d = Buffer.alloc(16);
  d.writeUInt32LE(0x08074b50, 0);
  d.writeUInt32LE(e.crc, 4);
  d.writeUInt32LE(e.compressed, 8);
  d.writeUInt32LE(e.size, 12);
  return d;
}

function centralHeader(e: Written, stamp: { time: number; date: number }): Buffer {
  const h = Buffer.alloc(46 + e.name.length);
  h.writeUInt32LE(0x02014b50, 0);
  h.writeUInt16LE(VERSION, 4); // made by: MS-DOS, 2.0
  h.writeUInt16LE(VERSION, 6);
  h.writeUInt16LE(FLAGS, 8);
  h.writeUInt16LE(DEFLATE, 10);
  h.writeUInt16LE(stamp.time, 12);
  h.writeUInt16LE(stamp.date, 14);
  h.writeUInt32LE(e.crc, 16);
  h.writeUInt32LE(e.compressed, 20);
  h.writeUInt32LE(e.size, 24);
  h.writeUInt16LE(e.name.length, 28);
  // extra, comment, disk, internal and external attributes: 0 (30..41)
  h.writeUInt32LE(e.offset, 42);
  e.name.copy(h, 46);
  return h;
}

function endOfCentralDirectory(count: number, size: number, offset: number): Buffer {
  const h = Buffer.alloc(22);
  h.writeUInt32LE(0x06054b50, 0);
  h.writeUInt16LE(count, 8);
  h.writeUInt16LE(count, 10);
  h.writeUInt32LE(size, 12);
  h.writeUInt32LE(offset, 16);
  return h;
}

const tooLarge = (what: string) =>
  new Error(`${what} is larger than 4 GiB, which a ZIP without ZIP64 cannot hold`);

/** The archive of `entries` as a stream of bytes; `level` is zlib's (1 fastest … 9 smallest). */
export async function* zipStream(
  entries: AsyncIterable<ZipEntry> | Iterable<ZipEntry>,
  opts: { level?: number; at?: Date } = {},
): AsyncGenerator<Buffer> {
  const stamp = dosTime(opts.at ?? new Date());
  const written: Written[] = [];
  let offset = 0;
  for await (const entry of entries) {
    const name = Buffer.from(entry.name);
    const head = localHeader(name, stamp);
    const e: Written = { name, crc: 0, compressed: 0, size: 0, offset };
    if (offset > LIMIT) throw tooLarge('The file');
    yield head;
    offset += head.length;
    const source =
      typeof entry.data === 'string' || Buffer.isBuffer(entry.data) ? [Buffer.from(entry.data)] : entry.data;
    const input = Readable.from(
      (async function* () {
        for await (const chunk of source) {
          e.crc = crc32(chunk, e.crc);
          e.size += chunk.length;
          if (e.size > LIMIT) throw tooLarge(`The part ${entry.name}`);
          yield chunk;
        }
      })(),
      { objectMode: false },
    );
    const deflate = createDeflateRaw({ level: opts.level ?? 6 });
    const piped = pipeline(input, deflate);
    // A failure of the input surfaces through the deflate stream read below (and is awaited after it).
    piped.catch(() => undefined);
    for await (const chunk of deflate as AsyncIterable<Buffer>) {
      e.compressed += chunk.length;
      yield chunk;
    }
    await piped;
    if (e.compressed > LIMIT) throw tooLarge(`The part ${entry.name}`);
    const descriptor = dataDescriptor(e);
    yield descriptor;
    offset += e.compressed + descriptor.length;
    written.push(e);
  }
  if (offset > LIMIT) throw tooLarge('The file');
  if (written.length > 0xffff) throw new Error('A ZIP without ZIP64 holds at most 65,535 parts');
  let directory = 0;
  for (const e of written) {
    const h = centralHeader(e, stamp);
    directory += h.length;
    yield h;
  }
  yield endOfCentralDirectory(written.length, directory, offset);
}
