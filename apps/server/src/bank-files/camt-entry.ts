// One booking line of a camt.053 statement or a camt.054 notification (ReportEntry10 in both, version 08): the
// entry, its batch if it is a batch booking, and its transactions with their references and return reason.
// Amounts stay exact text beside their paise; dates are the bank's calendar dates (IST); identifiers stay text.
import { amountToPaise } from './amounts.ts';
import { readReason, type BankReason } from './reason-codes.ts';
import { attributeAt, BankFileError, child, children, textAt, textsOf, type XmlNode } from './xml.ts';

export type Direction = 'CRDT' | 'DBIT';

/** An amount as written (`15500.5`), its currency, and its paise when the currency is INR (else null). */
export interface CamtAmount {
  amount: string;
  currency: string;
  paise: bigint | null;
}

/** The references of a transaction (`TxDtls/Refs`), each null when absent. */
export interface CamtReferences {
  msgId: string | null;
  accountServicerRef: string | null;
  paymentInfoId: string | null;
  instructionId: string | null;
  endToEndId: string | null;
  uetr: string | null;
  transactionId: string | null;
  clearingSystemRef: string | null;
}

export interface CamtTransaction {
  /** Its own amount; the entry's when absent and the entry has this one transaction; else null. */
  amount: CamtAmount | null;
  /** Its own direction, else the entry's. */
  direction: Direction;
  refs: CamtReferences;
  /** `RtrInf` present: the money of an earlier payment coming back. `reason` may be null (no `Rsn`). */
  returnInfo: { reason: BankReason | null } | null;
  /** The counterparties as the bank names them (an inbound credit's creditor account is our VA number). */
  parties: {
    debtorName: string | null;
    debtorAccount: string | null;
    creditorName: string | null;
    creditorAccount: string | null;
  };
  remittance: string[];
  additionalInfo: string | null;
}

export interface CamtEntry {
  entryRef: string | null;
  amount: CamtAmount;
  direction: Direction;
  /** `RvslInd`: this entry undoes an earlier one of the other direction. */
  reversal: boolean;
  /** `Sts/Cd` (BOOK, PDNG, INFO, FUTR) or `Sts/Prtry`. */
  status: string;
  /** Only booked entries are final and matched. */
  booked: boolean;
  /** The calendar date (YYYY-MM-DD, IST for a date-time), or null. */
  bookingDate: string | null;
  valueDate: string | null;
  /** A `DtTm` booking time as written, when the bank gives one. */
  bookedAt: string | null;
  accountServicerRef: string | null;
  bankTransactionCode: {
    domain: string | null;
    family: string | null;
    subFamily: string | null;
    proprietary: string | null;
  };
  /** `Btch` of a batch booking: one entry for several payments of one PmtInf. */
  batch: {
    msgId: string | null;
    paymentInfoId: string | null;
    count: number | null;
    total: CamtAmount | null;
  } | null;
  transactions: CamtTransaction[];
  additionalInfo: string | null;
}

const fail = (message: string): never => {
  throw new BankFileError('content', message);
};

/** The amount of an `Amt`-like element, or null when absent. */
export function readAmount(node: XmlNode | undefined, name: string): CamtAmount | null {
  const amount = textAt(node, name);
  if (amount === null) return null;
  const currency = attributeAt(node, 'Ccy', name) ?? fail(`An amount ${amount} has no currency`);
  return { amount, currency, paise: currency === 'INR' ? amountToPaise(amount) : null };
}

const IST_OFFSET_MS = 330 * 60_000;

/**
 * The calendar date of a DateAndDateTime2Choice: `Dt` as written (its date part), or the IST date of a `DtTm`
 * with a zone (`2025-01-02T23:30:00Z` → `2025-01-03`), or the date part of a `DtTm` without one (local time).
 */
export function calendarDate(node: XmlNode | undefined): string | null {
  const date = textAt(node, 'Dt');
  if (date !== null) return date.slice(0, 10);
  const dateTime = textAt(node, 'DtTm');
  if (dateTime === null) return null;
  if (!/(Z|[+-]\d{2}:\d{2})$/.test(dateTime)) return dateTime.slice(0, 10);
  const at = Date.parse(dateTime);
  if (Number.isNaN(at)) return fail(`The date-time "${dateTime}" cannot be read`);
  return new Date(at + IST_OFFSET_MS).toISOString().slice(0, 10);
}

const isTrue = (value: string | null) => value === 'true' || value === '1';

function direction(value: string | null, fallback?: Direction): Direction {
  if (value === 'CRDT' || value === 'DBIT') return value;
  if (value === null && fallback) return fallback;
  return fail(`"${value}" is not a direction (CRDT or DBIT)`);
}

function readReferences(refs: XmlNode | undefined): CamtReferences {
  return {
    msgId: textAt(refs, 'MsgId'),
    accountServicerRef: textAt(refs, 'AcctSvcrRef'),
    paymentInfoId: textAt(refs, 'PmtInfId'),
    instructionId: textAt(refs, 'InstrId'),
    endToEndId: textAt(refs, 'EndToEndId'),
    uetr: textAt(refs, 'UETR'),
    transactionId: textAt(refs, 'TxId'),
    clearingSystemRef: textAt(refs, 'ClrSysRef'),
  };
}

/** A related party's name, as a party or as an agent. */
const partyName = (node: XmlNode | undefined) =>
  textAt(node, 'Pty', 'Nm') ?? textAt(node, 'Agt', 'FinInstnId', 'Nm');
const accountId = (node: XmlNode | undefined) =>
  textAt(node, 'Id', 'Othr', 'Id') ?? textAt(node, 'Id', 'IBAN');

function readTransaction(node: XmlNode, entry: Pick<CamtEntry, 'amount' | 'direction'>, alone: boolean) {
  const parties = child(node, 'RltdPties');
  const returned = child(node, 'RtrInf');
  const transaction: CamtTransaction = {
    amount: readAmount(node, 'Amt') ?? (alone ? entry.amount : null),
    direction: direction(textAt(node, 'CdtDbtInd'), entry.direction),
    refs: readReferences(child(node, 'Refs')),
    returnInfo: returned ? { reason: readReason(returned) } : null,
    parties: {
      debtorName: partyName(child(parties, 'Dbtr')),
      debtorAccount: accountId(child(parties, 'DbtrAcct')),
      creditorName: partyName(child(parties, 'Cdtr')),
      creditorAccount: accountId(child(parties, 'CdtrAcct')),
    },
    remittance: textsOf(child(node, 'RmtInf'), 'Ustrd'),
    additionalInfo: textAt(node, 'AddtlTxInf'),
  };
  return transaction;
}

function readBatch(details: XmlNode[]): CamtEntry['batch'] {
  const batch = details.map((d) => child(d, 'Btch')).find((b) => b !== undefined);
  if (!batch) return null;
  const count = textAt(batch, 'NbOfTxs');
  return {
    msgId: textAt(batch, 'MsgId'),
    paymentInfoId: textAt(batch, 'PmtInfId'),
    count: count === null ? null : Number(count),
    total: readAmount(batch, 'TtlAmt'),
  };
}

/** Reads one `Ntry`; a value that the schema lets through but we cannot use is a BankFileError('content'). */
export function readEntry(node: XmlNode): CamtEntry {
  const amount = readAmount(node, 'Amt') ?? fail('An entry has no amount');
  const entryDirection = direction(textAt(node, 'CdtDbtInd'));
  const status = textAt(node, 'Sts', 'Cd') ?? textAt(node, 'Sts', 'Prtry') ?? fail('An entry has no status');
  const details = children(node, 'NtryDtls');
  const lines = details.flatMap((d) => children(d, 'TxDtls'));
  const own = { amount, direction: entryDirection };
  return {
    entryRef: textAt(node, 'NtryRef'),
    amount,
    direction: entryDirection,
    reversal: isTrue(textAt(node, 'RvslInd')),
    status,
    booked: status === 'BOOK',
    bookingDate: calendarDate(child(node, 'BookgDt')),
    valueDate: calendarDate(child(node, 'ValDt')),
    bookedAt: textAt(node, 'BookgDt', 'DtTm'),
    accountServicerRef: textAt(node, 'AcctSvcrRef'),
    bankTransactionCode: {
      domain: textAt(node, 'BkTxCd', 'Domn', 'Cd'),
      family: textAt(node, 'BkTxCd', 'Domn', 'Fmly', 'Cd'),
      subFamily: textAt(node, 'BkTxCd', 'Domn', 'Fmly', 'SubFmlyCd'),
      proprietary: textAt(node, 'BkTxCd', 'Prtry', 'Cd'),
    },
    batch: readBatch(details),
    transactions: lines.map((line) => readTransaction(line, own, lines.length === 1)),
    additionalInfo: textAt(node, 'AddtlNtryInf'),
  };
}
