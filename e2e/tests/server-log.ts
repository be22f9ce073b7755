import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const LOG = join(import.meta.dirname, '..', '..', '.tmp', 'e2e-server.log');

/**
 * The newest one-time code the console SMS sender printed for this phone number. The line reaches the log file
 * through the server's stdout pipe: on a loaded machine, seconds after the screen has moved on.
 */
export async function latestOtp(phone: string, after = 0, timeoutMs = 30_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const lines = readFileSync(LOG, 'utf8').split('\n').slice(after);
    const hits = lines.filter((l) => l.startsWith('SMS') && l.includes(phone));
    const code = hits.at(-1)?.match(/\b(\d{6})\b/)?.[1];
    if (code) return code;
    if (Date.now() > deadline) throw new Error(`no SMS code for ${phone} in ${LOG}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Number of lines in the server log so far (pass to latestOtp to ignore older codes). */
export function logLineCount(): number {
  return readFileSync(LOG, 'utf8').split('\n').length - 1;
}
