// The outgoing payment file: an ISO 20022 `pain.001.001.10` CustomerCreditTransferInitiation, one file per cut-off,
// one `CdtTrfTxInf` per payout. Pure: the caller gives the batch, this returns the XML text, valid against
// ./xsd/pain.001.001.10.xsd (the tests validate every file they write with Debian's xmllint and with xmllint-wasm).
//
// Decisions, and why:
// - One `PmtInf` per local instrument (NEFT, RTGS, IMPS present in the batch, in that order), with `PmtTpInf` at
//   that level and not on each transaction: ISO's rule is one level or the other, a payment information block is
//   the unit a bank books and reports on (`OrgnlPmtInfId` in pain.002, `Btch/PmtInfId` in camt), and NEFT, RTGS
//   and IMPS settle separately, so a block per rail keeps each report and each batch booking within one rail.
//   `PmtInfId` is `<MsgId>-<rail>`.
// - `BtchBookg` is `false`: one statement line per payout, so each line matches its payout by `EndToEndId`.
// - Amounts come as integer paise in a bigint (the ledger's type; a `number` would invite floats) and are written
//   `25000.00`; `CtrlSum` is summed in paise.
// - Text (names, remittance) is written in SWIFT's `x` character set, which NEFT and RTGS messages inherit
//   (SFMS formats): accents are dropped (`José` → `Jose`), `&` becomes `and`, other signs become spaces, and the
//   result is cut to the schema's length. A name in a non-Latin script (`राम`) is refused rather than guessed:
//   transliterating Indian scripts needs a table we do not ship, and a mangled name is worse than a failed payout.
//   Remittance text loses such letters instead (it only informs the beneficiary).
// - `EndToEndId` is `[A-Z0-9]{1,16}` so that it survives MT940's 16-character reference field; `InstrId` repeats it.
import { createHash } from 'node:crypto';
import { create } from 'xmlbuilder2';
import { paiseToAmount, sumPaise } from './amounts.ts';
import { assertSchema, namespaceOf } from './schema-check.ts';

export const LOCAL_INSTRUMENTS = ['NEFT', 'RTGS', 'IMPS'] as const;
export type LocalInstrument = (typeof LOCAL_INSTRUMENTS)[number];

/** One payout of the file. */
export interface Pain001Payout {
  /** From endToEndIdOf: `[A-Z0-9]{1,16}`, unique within the file; also written as `InstrId`. */
  endToEndId: string;
  /** Integer paise, more than zero. */
  amountPaise: bigint;
  rail: LocalInstrument;
  beneficiary: { name: string; accountNumber: string; ifsc: string };
  /** Free text for the beneficiary (`RmtInf/Ustrd`), cut to 140 characters; omitted when empty. */
  purpose?: string | null;
}

/** A file's worth of payouts from one debtor account. */
export interface Pain001Batch {
  /** `GrpHdr/MsgId`, unique per file (banks refuse a repeated one): `[A-Za-z0-9-]{1,30}`. */
  msgId: string;
  createdAt: Date;
  /** The company (or its provider) sending the file; `id` is the client code the bank gave, if any. */
  initiatingParty: { name: string; id?: string | null };
  debtor: { name: string; accountNumber: string; ifsc: string };
  /** `ReqdExctnDt/Dt` (YYYY-MM-DD); the IST date of createdAt when absent. */
  executionDate?: string;
  payouts: readonly Pain001Payout[];
}

/** A batch that cannot be written, with every problem found (`problems[i]` names the payout or field). */
export class Pain001InputError extends Error {
  readonly problems: readonly string[];
  constructor(problems: readonly string[]) {
    super(`Cannot write the pain.001 file: ${problems.join('; ')}`);
    this.name = 'Pain001InputError';
    this.problems = problems;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// EndToEndId

const END_TO_END_ID = /^[A-Z0-9]{1,16}$/;
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const MAX_SEQUENCE = 99_999_999_999n;

/** Whether a text can be an EndToEndId we write: `[A-Z0-9]`, 1 to 16 characters. */
export const isEndToEndId = (value: string): boolean => END_TO_END_ID.test(value);

/**
 * A payout's EndToEndId, the same every time for the same input: from a sequence number, `MRDPO` and 11 digits
 * (`MRDPO00000000001`); from a payout URN, `MRDH` and 12 Crockford base32 characters of its SHA-256 (60 bits:
 * the caller's unique index still has the last word). The two forms never coincide.
 */
export function endToEndIdOf(source: string | bigint | number): string {
  if (typeof source === 'string') {
    if (source.trim() === '') throw new RangeError('An EndToEndId needs a non-empty payout URN');
    const digest = createHash('sha256').update(source).digest();
    let id = 'MRDH';
    for (let i = 0; i < 12; i++) id += CROCKFORD[digest[i]! % 32];
    return id;
  }
  if (typeof source === 'number' && !Number.isSafeInteger(source))
    throw new RangeError(`An EndToEndId sequence is an integer (got ${source})`);
  const sequence = BigInt(source);
  if (sequence < 0n || sequence > MAX_SEQUENCE)
    throw new RangeError(`An EndToEndId sequence is from 0 to ${MAX_SEQUENCE} (got ${sequence})`);
  return `MRDPO${String(sequence).padStart(11, '0')}`;
}

// ---------------------------------------------------------------------------------------------------------------
// Text in SWIFT's x character set

/** SWIFT's `x` character set, less line breaks: what NEFT and RTGS carry in names and free text. */
const SWIFT_X = /[A-Za-z0-9/\-?:().,'+ ]/;
const SPELLED: Readonly<Record<string, string>> = {
  ß: 'ss',
  æ: 'ae',
  Æ: 'AE',
  œ: 'oe',
  Œ: 'OE',
  ø: 'o',
  Ø: 'O',
  đ: 'd',
  Đ: 'D',
  ł: 'l',
  Ł: 'L',
  þ: 'th',
  Þ: 'TH',
  ı: 'i',
  '&': ' and ',
  '‘': "'",
  '’': "'",
  '`': "'",
  '–': '-',
  '—': '-',
};

/**
 * Text as a bank file carries it: in SWIFT's x set, spaces collapsed, at most `max` characters. Letters of a
 * non-Latin script are refused (`null` with `strict`), or dropped without it; `null` when nothing is left.
 */
export function toBankText(value: string, max: number, strict = false): string | null {
  let out = '';
  for (const char of value.normalize('NFKD').replace(/\p{M}/gu, '')) {
    const spelled = SPELLED[char];
    if (spelled !== undefined) out += spelled;
    else if (SWIFT_X.test(char)) out += char;
    else if (strict && /[\p{L}\p{N}]/u.test(char)) return null;
    else out += ' ';
  }
  const text = out.replace(/\s+/g, ' ').trim().slice(0, max).trim();
  return text === '' ? null : text;
}

// ---------------------------------------------------------------------------------------------------------------
// Checking the input

const MSG_ID = /^[A-Za-z0-9][A-Za-z0-9-]{0,29}$/;
const IFSC = /^[A-Z]{4}0[A-Z0-9]{6}$/;
const ACCOUNT = /^[A-Za-z0-9]{1,34}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** The most an amount (and the control sum) may be: xs:decimal with 18 digits, 2 of them paise. */
const MAX_PAISE = 10n ** 18n - 1n;
const NAME_MAX = 140;
const REMITTANCE_MAX = 140;

/** What is wrong with one payout for a pain.001 file, or null: lets a caller set a bad payout aside first. */
export function payoutProblem(payout: Pain001Payout): string | null {
  const { endToEndId, amountPaise, rail, beneficiary } = payout;
  if (!isEndToEndId(endToEndId)) return `EndToEndId "${endToEndId}" is not [A-Z0-9]{1,16}`;
  const at = `payout ${endToEndId}`;
  if (typeof amountPaise !== 'bigint' || amountPaise <= 0n || amountPaise > MAX_PAISE)
    return `${at}: the amount must be a positive number of paise (bigint)`;
  if (!LOCAL_INSTRUMENTS.includes(rail)) return `${at}: the rail must be NEFT, RTGS or IMPS`;
  return partyProblem(at, 'beneficiary', beneficiary);
}

function partyProblem(at: string, role: string, party: Pain001Batch['debtor']): string | null {
  if (!IFSC.test(party.ifsc.trim().toUpperCase()))
    return `${at}: the ${role}'s IFSC "${party.ifsc}" is invalid`;
  if (!ACCOUNT.test(party.accountNumber.trim()))
    return `${at}: the ${role}'s account number must be 1 to 34 letters or digits`;
  if (party.name.trim() === '') return `${at}: the ${role} has no name`;
  if (toBankText(party.name, NAME_MAX, true) === null)
    return `${at}: the ${role}'s name "${party.name}" cannot be written in a bank file's characters (Latin letters, digits, / - ? : ( ) . , ' +)`;
  return null;
}

/** Every problem of a batch (none → []). */
export function batchProblems(batch: Pain001Batch): string[] {
  const problems: string[] = [];
  if (!MSG_ID.test(batch.msgId)) problems.push(`MsgId "${batch.msgId}" is not [A-Za-z0-9-]{1,30}`);
  if (Number.isNaN(batch.createdAt.getTime())) problems.push('the creation time is not a date');
  if (batch.executionDate !== undefined && !DATE.test(batch.executionDate))
    problems.push(`the execution date "${batch.executionDate}" is not YYYY-MM-DD`);
  if (toBankText(batch.initiatingParty.name, NAME_MAX, true) === null)
    problems.push('the initiating party has no writable name');
  const debtor = partyProblem('the file', 'debtor', batch.debtor);
  if (debtor) problems.push(debtor);
  if (batch.payouts.length === 0) problems.push('a file carries at least one payout');
  const seen = new Set<string>();
  for (const payout of batch.payouts) {
    const problem = payoutProblem(payout);
    if (problem) problems.push(problem);
    if (seen.has(payout.endToEndId)) problems.push(`EndToEndId ${payout.endToEndId} appears twice`);
    seen.add(payout.endToEndId);
  }
  if (problems.length === 0 && sumPaise(batch.payouts.map((p) => p.amountPaise)) > MAX_PAISE)
    problems.push('the control sum is more than 18 digits');
  return problems;
}

// ---------------------------------------------------------------------------------------------------------------
// Writing

const IST_OFFSET_MS = 330 * 60_000;

/** An instant as IST local time with its offset: `2024-05-01T15:30:00+05:30`. */
export const istDateTime = (at: Date): string =>
  `${new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 19)}+05:30`;

/** The `PmtInfId` of a rail's block in a file. */
export const paymentInfoIdOf = (msgId: string, rail: LocalInstrument) => `${msgId}-${rail}`;

type Node = Record<string, unknown>;

const agent = (ifsc: string): Node => ({
  FinInstnId: { ClrSysMmbId: { ClrSysId: { Cd: 'INFSC' }, MmbId: ifsc.trim().toUpperCase() } },
});
const account = (accountNumber: string): Node => ({ Id: { Othr: { Id: accountNumber.trim() } } });
const name = (text: string) => toBankText(text, NAME_MAX, true)!;

function transaction(payout: Pain001Payout): Node {
  const remittance = payout.purpose ? toBankText(payout.purpose, REMITTANCE_MAX) : null;
  return {
    PmtId: { InstrId: payout.endToEndId, EndToEndId: payout.endToEndId },
    Amt: { InstdAmt: { '@Ccy': 'INR', '#': paiseToAmount(payout.amountPaise) } },
    CdtrAgt: agent(payout.beneficiary.ifsc),
    Cdtr: { Nm: name(payout.beneficiary.name) },
    CdtrAcct: account(payout.beneficiary.accountNumber),
    ...(remittance ? { RmtInf: { Ustrd: remittance } } : {}),
  };
}

function paymentInfo(batch: Pain001Batch, rail: LocalInstrument, payouts: Pain001Payout[]): Node {
  return {
    PmtInfId: paymentInfoIdOf(batch.msgId, rail),
    PmtMtd: 'TRF',
    BtchBookg: 'false',
    NbOfTxs: String(payouts.length),
    CtrlSum: paiseToAmount(sumPaise(payouts.map((p) => p.amountPaise))),
    PmtTpInf: { LclInstrm: { Prtry: rail } },
    ReqdExctnDt: { Dt: batch.executionDate ?? istDateTime(batch.createdAt).slice(0, 10) },
    Dbtr: { Nm: name(batch.debtor.name) },
    DbtrAcct: account(batch.debtor.accountNumber),
    DbtrAgt: agent(batch.debtor.ifsc),
    CdtTrfTxInf: payouts.map(transaction),
  };
}

function groupHeader(batch: Pain001Batch): Node {
  const clientCode = batch.initiatingParty.id ? toBankText(batch.initiatingParty.id, 35) : null;
  return {
    MsgId: batch.msgId,
    CreDtTm: istDateTime(batch.createdAt),
    NbOfTxs: String(batch.payouts.length),
    CtrlSum: paiseToAmount(sumPaise(batch.payouts.map((p) => p.amountPaise))),
    InitgPty: {
      Nm: name(batch.initiatingParty.name),
      ...(clientCode ? { Id: { OrgId: { Othr: { Id: clientCode } } } } : {}),
    },
  };
}

/** The pain.001.001.10 file of a batch, or Pain001InputError listing every problem (nothing half-written). */
export function writePain001(batch: Pain001Batch): string {
  const problems = batchProblems(batch);
  if (problems.length > 0) throw new Pain001InputError(problems);
  const blocks = LOCAL_INSTRUMENTS.map((rail) => ({
    rail,
    payouts: batch.payouts.filter((p) => p.rail === rail),
  })).filter((block) => block.payouts.length > 0);
  const document = {
    Document: {
      '@xmlns': namespaceOf('pain.001.001.10'),
      CstmrCdtTrfInitn: {
        GrpHdr: groupHeader(batch),
        PmtInf: blocks.map((block) => paymentInfo(batch, block.rail, block.payouts)),
      },
    },
  };
  return create({ version: '1.0', encoding: 'UTF-8' }, document).end({ prettyPrint: true });
}

/**
 * writePain001, then the schema check at run time (xmllint-wasm, about half a second): a file libxml2 refuses is
 * never handed out (BankFileError('schema') with its messages).
 */
export async function writeCheckedPain001(batch: Pain001Batch): Promise<string> {
  const xml = writePain001(batch);
  await assertSchema(xml, 'pain.001.001.10');
  return xml;
}
