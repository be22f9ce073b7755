import { customType, timestamp } from 'drizzle-orm/pg-core';

// The column helpers the tables share (not tables: the schema barrel does not export them).

/** When the row was made: set by the database. */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** A point in time, with its time zone. */
export const ts = (name: string) => timestamp(name, { withTimezone: true });

/** Bytes (a bulk's input file). node-postgres answers a Buffer, PGlite a Uint8Array: both read as a Buffer. */
export const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => Buffer.from(v.buffer, v.byteOffset, v.byteLength),
});
