import { BULK_MAX_BYTES, type BulkFileType } from '@meridian/contract/bulk';

const MIME_TYPES: Record<BulkFileType, readonly string[]> = {
  // Browsers report CSV files under several names (Excel on Windows says application/vnd.ms-excel).
  CSV: ['', 'text/csv', 'text/plain', 'application/csv', 'text/x-csv', 'application/vnd.ms-excel'],
  XLSX: ['', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'application/octet-stream'],
};

/** The file type of a file name (by its extension), or null for anything but CSV and XLSX. */
export function fileTypeOf(name: string): BulkFileType | null {
  const ext = name.toLowerCase().split('.').pop();
  return ext === 'csv' ? 'CSV' : ext === 'xlsx' ? 'XLSX' : null;
}

const MB = 1024 * 1024;

/**
 * The browser's check of a chosen file before it is sent (the server checks again, content included): a CSV
 * or XLSX by name and reported type, not empty, at most 5 MB. Returns why not, or null.
 */
export function checkFile(file: Pick<File, 'name' | 'size' | 'type'>): string | null {
  const type = fileTypeOf(file.name);
  if (type === null) return `“${file.name}” is not a CSV or XLSX file.`;
  if (!MIME_TYPES[type].includes(file.type)) {
    return `“${file.name}” does not look like a ${type} file (the browser reports ${file.type}).`;
  }
  if (file.size === 0) return `“${file.name}” is empty.`;
  if (file.size > BULK_MAX_BYTES) {
    return `“${file.name}” is ${(file.size / MB).toFixed(1)} MB; a file may be at most ${BULK_MAX_BYTES / MB} MB.`;
  }
  return null;
}
