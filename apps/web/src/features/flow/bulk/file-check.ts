import { BULK_LIMITS, type BulkFormat } from '@meridian/contract/bulk';

const MIME_TYPES: Record<BulkFormat, readonly string[]> = {
  // Browsers report CSV files under several names (Excel on Windows says application/vnd.ms-excel).
  csv: ['', 'text/csv', 'text/plain', 'application/csv', 'text/x-csv', 'application/vnd.ms-excel'],
  xlsx: ['', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'application/octet-stream'],
};

/** The file type of a file name (by its extension), or null for anything but CSV and XLSX. */
export function formatOf(name: string): BulkFormat | null {
  const ext = name.toLowerCase().split('.').pop();
  return ext === 'csv' || ext === 'xlsx' ? ext : null;
}

const MB = 1024 * 1024;

/**
 * The browser's check of a chosen file before it is sent (the server checks again, content included): a CSV
 * or XLSX by name and reported type, not empty, at most 5 MB. Returns why not, or null.
 */
export function checkFile(file: Pick<File, 'name' | 'size' | 'type'>): string | null {
  const type = formatOf(file.name);
  if (type === null) return `“${file.name}” is not a CSV or XLSX file.`;
  if (!MIME_TYPES[type].includes(file.type)) {
    return `“${file.name}” does not look like a ${type.toUpperCase()} file (the browser reports ${file.type}).`;
  }
  if (file.size === 0) return `“${file.name}” is empty.`;
  if (file.size > BULK_LIMITS.bytes) {
    return `“${file.name}” is ${(file.size / MB).toFixed(1)} MB; a file may be at most ${BULK_LIMITS.bytes / MB} MB.`;
  }
  return null;
}
