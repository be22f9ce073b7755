import type { FastifyRequest } from 'fastify';
import { ACCOUNT_NUMBER_PATTERN } from '@meridian/contract';
import {
  BULK_COLUMNS,
  BULK_FILE_ERRORS,
  BULK_FILE_FIELD,
  BULK_LIMITS,
  type BulkFormat,
  type BulkRowsRequest,
} from '@meridian/contract/bulk';
import type { z } from 'zod';
import { AppError, badRequest } from '../http/errors.ts';
import { sha256 } from '../lib/ids.ts';
import { csvOf } from './files.ts';
import { emptyFile, readBulkFile, readJsonRows, tooLarge, type ReadRow } from './parse.ts';

/* What validate and submit read: a multipart file, or JSON rows. */

/** The input of validate and submit: a multipart file, or JSON rows (stored as a CSV). */
export type BulkInput = {
  rows: ReadRow[];
  format: BulkFormat;
  fileName: string;
  content: Buffer;
  senderAccountNumber: string | undefined;
  /** What the Idempotency-Key's body hash covers. */
  fingerprint: unknown;
};

async function readMultipart(request: FastifyRequest): Promise<BulkInput> {
  let file: { bytes: Buffer; name: string } | null = null;
  let sender: string | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== BULK_FILE_FIELD || file) {
          part.file.resume();
          throw badRequest(`Send one file, in the part named "${BULK_FILE_FIELD}"`, {
            [part.fieldname.slice(0, 40)]: 'is not expected',
          });
        }
        const chunks: Buffer[] = [];
        let size = 0;
        for await (const chunk of part.file as AsyncIterable<Buffer>) {
          size += chunk.length;
          if (size > BULK_LIMITS.bytes) throw tooLarge();
          chunks.push(chunk);
        }
        if (part.file.truncated) throw tooLarge();
        file = { bytes: Buffer.concat(chunks), name: part.filename };
      } else if (part.fieldname === 'sender_account_number') {
        const value = String(part.value).trim();
        if (!ACCOUNT_NUMBER_PATTERN.test(value))
          throw badRequest('An account number is 9 to 18 digits', { sender_account_number: 'is invalid' });
        sender = value;
      }
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw new AppError(
      400,
      BULK_FILE_ERRORS.unreadable,
      `The upload cannot be read: ${(err as Error).message.slice(0, 200)}`,
      { fields: { file: 'cannot be read' } },
    );
  }
  if (!file)
    throw new AppError(400, BULK_FILE_ERRORS.empty, `Attach the file in a part named "${BULK_FILE_FIELD}"`, {
      fields: { [BULK_FILE_FIELD]: 'is required' },
    });
  const read = await readBulkFile(file.bytes);
  const fileName = (file.name || `bulk.${read.format}`).trim().slice(0, 200);
  return {
    rows: read.rows,
    format: read.format,
    fileName,
    content: file.bytes,
    senderAccountNumber: sender,
    fingerprint: { file_sha256: sha256(file.bytes.toString('base64')), file_name: fileName, sender },
  };
}

export async function readInput(request: FastifyRequest): Promise<BulkInput> {
  if (request.isMultipart()) return readMultipart(request);
  const body = request.body as z.infer<typeof BulkRowsRequest> | null | undefined;
  if (!body)
    throw badRequest('Send the file as multipart/form-data (part "file") or the rows as JSON', {
      rows: 'is required',
    });
  const rows = readJsonRows(body.rows);
  if (rows.length === 0) throw emptyFile();
  return {
    rows,
    format: 'csv',
    fileName: body.file_name ?? 'bulk.csv',
    content: await csvOf(
      BULK_COLUMNS,
      rows.map((r) => BULK_COLUMNS.map((c) => r.cells[c])),
    ),
    senderAccountNumber: body.sender_account_number,
    fingerprint: body,
  };
}
