// SWIFT MT940 (customer statement) → normalized statements. Read tag by tag, never through a float: amounts keep
// their decimal comma until they are paise. Tolerates CRLF or LF, the `{1:…}{2:…}{4:` envelope and its `-}`
// trailer, several statements per file (each `:20:` starts one), and text before the first tag. MT940 has no
// period field: a statement covers the dates of its `:60F:`/`:60M:` and `:62F:`/`:62M:` balances.
import { BankFileError } from '../xml.ts';
import { amountOf, balanceOf } from './amount.ts';
import { batchHint, endToEndIdOf, utrOf } from './references.ts';
import type { Balance, Direction, ReadOptions, Statement, StatementLine } from './types.ts';

/** A tag and its lines (the first is the text after `:tag:`, the others its continuation lines). */
interface Field {
  tag: string;
  lines: string[];
}

/** Every statement of an MT940 file, in file order. Throws BankFileError when the file cannot be used. */
export function readMt940(text: string, options: ReadOptions = {}): Statement[] {
  const blocks = statementBlocks(fieldsOf(bodyOf(text)));
  if (blocks.length === 0) refuse('The MT940 file holds no statement (no :20: tag)');
  return blocks.map((fields) => readStatement(fields, options));
}

/** The text inside the `{4:` … `-}` blocks when the file has the SWIFT envelope, else the whole text; LF only. */
function bodyOf(text: string): string {
  const plain = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  if (!plain.includes('{4:')) return plain;
  const blocks = [...plain.matchAll(/\{4:\n?([\s\S]*?)(?:\n-\}|-\}|$)/g)].map((m) => m[1] ?? '');
  return blocks.join('\n-\n');
}

/** Lines to fields: `:tag:` starts one, other lines continue it; `-` (end of a statement) closes it. */
function fieldsOf(body: string): Field[] {
  const fields: Field[] = [];
  let current: Field | null = null;
  for (const line of body.split('\n')) {
    const tag = /^:(\d{2}[A-Z]?):(.*)$/.exec(line);
    if (tag) {
      current = { tag: tag[1]!, lines: [tag[2]!] };
      fields.push(current);
    } else if (/^-\}?\s*$/.test(line) || line.startsWith('{')) {
      current = null;
    } else if (current && line.trim() !== '') {
      current.lines.push(line);
    }
  }
  return fields;
}

/** Fields grouped per statement: each `:20:` starts one. */
function statementBlocks(fields: Field[]): Field[][] {
  const blocks: Field[][] = [];
  for (const field of fields) {
    if (field.tag === '20') blocks.push([field]);
    else if (blocks.length === 0) refuse(`The MT940 file has :${field.tag}: before its first :20:`);
    else blocks.at(-1)!.push(field);
  }
  return blocks;
}

function readStatement(fields: Field[], options: ReadOptions): Statement {
  const statementId = fields[0]!.lines[0]!.trim();
  const one = (...tags: string[]) => fields.find((f) => tags.includes(f.tag));
  const where = `MT940 statement ${statementId}`;
  const accountId = one('25')?.lines[0]?.trim() || refuse(`${where} has no :25: account`);
  const opening = balanceField(one('60F', '60M'), `${where}, :60F: opening balance`);
  const closing = balanceField(one('62F', '62M'), `${where}, :62F: closing balance`);
  if (closing.currency !== opening.currency)
    refuse(`${where}: the closing balance is in ${closing.currency}, the opening in ${opening.currency}`);
  const lines: StatementLine[] = [];
  fields.forEach((field, i) => {
    if (field.tag !== '61') return;
    const next = fields[i + 1];
    const info = next?.tag === '86' ? next : undefined;
    lines.push(readLine(field, info, `${where}, line ${lines.length + 1}`, options));
  });
  return {
    format: 'mt940',
    accountId,
    currency: opening.currency,
    statementId,
    sequenceNumber: one('28C', '28')?.lines[0]?.trim() || null,
    from: opening.balance.date,
    to: closing.balance.date,
    opening: opening.balance,
    closing: closing.balance,
    lines,
  };
}

/** `:60F:C250314INR1000000,00` → the balance and its currency. */
function balanceField(field: Field | undefined, where: string): { balance: Balance; currency: string } {
  if (!field) return refuse(`${where} is missing`);
  const text = field.lines[0]!.trim();
  const match = /^([CD])(\d{6})([A-Z]{3})(\d+,\d*)$/.exec(text);
  if (!match) return refuse(`${where} "${text}" is not D/C mark, YYMMDD, currency, amount`);
  const [, mark, date, currency, amount] = match;
  const direction: Direction = mark === 'C' ? 'credit' : 'debit';
  return { balance: balanceOf(amount!, direction, yymmdd(date!, where), ','), currency: currency! };
}

/** `:61:` value date, [entry date], mark, [funds code], amount, type, customer ref [//bank ref]. */
const LINE = /^(\d{6})(\d{4})?(RC|RD|C|D)([A-Z])?(\d+,\d*)([A-Z][A-Z0-9]{3})(.*)$/;

function readLine(field: Field, info: Field | undefined, where: string, options: ReadOptions): StatementLine {
  const text = field.lines[0]!.trim();
  const match = LINE.exec(text);
  if (!match) return refuse(`${where}: ":61:${text}" is not an MT940 statement line`);
  const [, value, entry, mark, , amount, type, references] = match;
  const valueDate = yymmdd(value!, where);
  const split = references!.indexOf('//');
  const customerReference = (split < 0 ? references! : references!.slice(0, split)).trim();
  const bankReference = split < 0 ? null : references!.slice(split + 2).trim() || null;
  const supplementary = field.lines.slice(1).join(' ').trim() || null;
  const narration = info ? joinWrapped(info.lines) : (supplementary ?? '');
  const texts = [narration, supplementary];
  return {
    bookingDate: entry ? entryDate(valueDate, entry, where) : valueDate,
    valueDate,
    // RC is the reversal of a credit (a debit entry), RD the reversal of a debit (a credit entry).
    direction: mark === 'C' || mark === 'RD' ? 'credit' : 'debit',
    ...amountOf(amount!, ','),
    status: 'booked',
    reversal: mark!.startsWith('R'),
    bankReference,
    endToEndId: endToEndIdOf(customerReference || null, texts, options),
    utr: utrOf({ clearing: null, bankReference, texts }, options),
    narration,
    batch: batchHint(texts),
    counterparty: null,
    bankCode: type!,
  };
}

/**
 * `:86:` lines (6 × 65 characters) to one text: a line of exactly 65 characters was cut by the width and runs on
 * into the next; a shorter one ended where the bank ended it, so a space goes between.
 */
function joinWrapped(lines: string[]): string {
  return lines
    .reduce(
      (text, line, i) => (i === 0 ? line : `${text}${lines[i - 1]!.length >= 65 ? '' : ' '}${line}`),
      '',
    )
    .trim();
}

/** `250314` → `2025-03-14` (years 2000–2099). */
function yymmdd(text: string, where: string): string {
  return isoDate(2000 + Number(text.slice(0, 2)), text.slice(2, 4), text.slice(4, 6), where);
}

/**
 * The entry date `MMDD` has no year: it is the value date's, unless that puts it more than six months away, when
 * it is in the year before or after (value 2024-12-31 with entry 0101 → 2025-01-01; value 2025-01-02 with entry
 * 1231 → 2024-12-31).
 */
export function entryDate(valueDate: string, mmdd: string, where = 'MT940 :61:'): string {
  const year = Number(valueDate.slice(0, 4));
  const shift = Number(mmdd.slice(0, 2)) - Number(valueDate.slice(5, 7));
  const entryYear = shift > 6 ? year - 1 : shift < -6 ? year + 1 : year;
  return isoDate(entryYear, mmdd.slice(0, 2), mmdd.slice(2, 4), where);
}

function isoDate(year: number, month: string, day: string, where: string): string {
  const date = `${year}-${month}-${day}`;
  const parsed = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== date)
    refuse(`${where}: ${month}/${day} of ${year} is not a date`);
  return date;
}

function refuse(message: string): never {
  throw new BankFileError('content', message);
}
