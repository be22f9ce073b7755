import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { IFSC_PATTERN, type IfscDetails } from '@meridian/contract';

/**
 * The IFSC registry bundled by Razorpay's `ifsc` package (RBI's list of bank branches): which branch codes exist
 * per bank, bank names, sublet branches (one bank's IFSC operated for another) and per-bank UPI support.
 * The package's own entry point pulls in an HTTP client for its online lookup; only its data files are read here,
 * once, on first use.
 */
type Registry = {
  branches: Record<string, (string | number)[]>;
  names: Record<string, string>;
  sublets: Record<string, string>;
  banks: Record<string, { upi?: boolean }>;
};

let registry: Registry | undefined;

function load(): Registry {
  if (registry) return registry;
  const dir = join(dirname(createRequire(import.meta.url).resolve('ifsc/package.json')), 'src');
  const read = (file: string) => JSON.parse(readFileSync(join(dir, file), 'utf8')) as unknown;
  const sublets = {
    ...(read('sublet.json') as Record<string, string>),
    ...(read('custom-sublets.json') as Record<string, string>),
  };
  registry = {
    branches: read('IFSC.json') as Registry['branches'],
    names: read('banknames.json') as Registry['names'],
    sublets,
    banks: read('banks.json') as Registry['banks'],
  };
  return registry;
}

/** The registry's answer for an IFSC, or null when the code is malformed or not a real branch. */
export function lookupIfsc(code: string): IfscDetails | null {
  const ifsc = code.trim().toUpperCase();
  if (!IFSC_PATTERN.test(ifsc)) return null;
  const r = load();
  const bank = ifsc.slice(0, 4);
  const branch = ifsc.slice(5);
  const list = r.branches[bank];
  if (!list) return null;
  const known = /^\d+$/.test(branch) ? list.includes(Number.parseInt(branch, 10)) : list.includes(branch);
  if (!known) return null;
  const operator = r.sublets[ifsc] ?? bank;
  const name = r.names[operator] ?? r.names[bank];
  if (!name) return null;
  return { ifsc, bank_code: operator, bank_name: name, upi: r.banks[operator]?.upi === true };
}
