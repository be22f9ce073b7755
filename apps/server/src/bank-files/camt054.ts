// The bank's intraday notices: an ISO 20022 `camt.054.001.08` BankToCustomerDebitCreditNotification, one or more
// account notifications of single debits and credits (virtual-account credits, returns, reversals). The same
// bookings reappear in the day's camt.053: a caller dedupes by account + AcctSvcrRef (+ date, amount, direction).
// All or nothing: a file that is not XML, fails its schema, or holds a value we cannot use is a BankFileError.
import { readEntry, type CamtAmount, type CamtEntry } from './camt-entry.ts';
import type { BankReason } from './reason-codes.ts';
import { assertSchema } from './schema-check.ts';
import { BankFileError, child, children, documentRoot, parseBankXml, textAt, type XmlNode } from './xml.ts';

export interface CamtAccount {
  /** `Id/Othr/Id` (an Indian account number, leading zeros kept) or `Id/IBAN`. */
  id: string;
  currency: string | null;
  /** The servicing bank's IFSC (`Svcr/FinInstnId/ClrSysMmbId/MmbId`), when given. */
  servicerIfsc: string | null;
}

export interface Camt054Notification {
  id: string;
  createdAt: string | null;
  /** `ElctrncSeqNb`: the bank's running number of notifications for the account (gaps mean a missed file). */
  sequenceNumber: string | null;
  account: CamtAccount;
  entries: CamtEntry[];
}

export interface Camt054Document {
  msgId: string;
  createdAt: string;
  notifications: Camt054Notification[];
}

function readAccount(node: XmlNode | undefined): CamtAccount {
  const id = textAt(node, 'Id', 'Othr', 'Id') ?? textAt(node, 'Id', 'IBAN');
  if (id === null) throw new BankFileError('content', 'A notification names no account');
  return {
    id,
    currency: textAt(node, 'Ccy'),
    servicerIfsc: textAt(node, 'Svcr', 'FinInstnId', 'ClrSysMmbId', 'MmbId'),
  };
}

function readNotification(node: XmlNode): Camt054Notification {
  const id = textAt(node, 'Id') ?? '';
  try {
    return {
      id,
      createdAt: textAt(node, 'CreDtTm'),
      sequenceNumber: textAt(node, 'ElctrncSeqNb'),
      account: readAccount(child(node, 'Acct')),
      entries: children(node, 'Ntry').map(readEntry),
    };
  } catch (error) {
    if (error instanceof BankFileError)
      throw new BankFileError(error.reason, `Notification ${id}: ${error.message}`);
    throw error;
  }
}

/** A parsed tree as a document (no schema check: readCamt054 does that first). */
export function parseCamt054(tree: XmlNode): Camt054Document {
  const root = documentRoot(tree, 'BkToCstmrDbtCdtNtfctn');
  return {
    msgId: textAt(root, 'GrpHdr', 'MsgId') ?? '',
    createdAt: textAt(root, 'GrpHdr', 'CreDtTm') ?? '',
    notifications: children(root, 'Ntfctn').map(readNotification),
  };
}

/**
 * Reads a camt.054.001.08 file: well-formed XML, valid against the XSD, every value usable; else BankFileError
 * with the reason (`unparsable`, `schema` with libxml2's messages, or `content`), never a partial document.
 */
export async function readCamt054(xml: string): Promise<Camt054Document> {
  const tree = parseBankXml(xml);
  await assertSchema(xml, 'camt.054.001.08');
  return parseCamt054(tree);
}

/** Money of one of our payouts coming back, as a notification reports it. */
export interface PayoutReturn {
  /** `return`: the beneficiary's bank sent it back (`RtrInf`, or the ISO code PMNT/ICDT/RRTN); `reversal`: our bank undid its debit (`RvslInd`). */
  kind: 'return' | 'reversal';
  /** The payout's EndToEndId when the bank carries it; null sends the line to a person. */
  endToEndId: string | null;
  clearingSystemRef: string | null;
  accountServicerRef: string | null;
  /** The transaction's amount, else the entry's when it is the entry's only transaction; null when unknown. */
  amount: CamtAmount | null;
  reason: BankReason | null;
  account: string;
  bookingDate: string | null;
  valueDate: string | null;
  notificationId: string;
}

const isReturnCode = (entry: CamtEntry) =>
  entry.bankTransactionCode.family === 'ICDT' && entry.bankTransactionCode.subFamily === 'RRTN';

function entryReturns(entry: CamtEntry, notification: Camt054Notification): PayoutReturn[] {
  const common = {
    accountServicerRef: entry.accountServicerRef,
    account: notification.account.id,
    bookingDate: entry.bookingDate,
    valueDate: entry.valueDate,
    notificationId: notification.id,
  };
  const kindOf = (returned: boolean): PayoutReturn['kind'] =>
    returned || (isReturnCode(entry) && !entry.reversal) ? 'return' : 'reversal';
  if (entry.transactions.length === 0)
    return [
      {
        ...common,
        kind: kindOf(false),
        endToEndId: null,
        clearingSystemRef: null,
        amount: entry.amount,
        reason: null,
      },
    ];
  return entry.transactions
    .filter(
      (tx) => tx.direction === 'CRDT' && (tx.returnInfo !== null || entry.reversal || isReturnCode(entry)),
    )
    .map((tx) => ({
      ...common,
      kind: kindOf(tx.returnInfo !== null),
      endToEndId: tx.refs.endToEndId,
      clearingSystemRef: tx.refs.clearingSystemRef,
      amount: tx.amount,
      reason: tx.returnInfo?.reason ?? null,
    }));
}

/**
 * The payouts a notification reports as coming back: booked credits marked as a reversal (`RvslInd`), carrying a
 * return reason (`RtrInf`), or coded PMNT/ICDT/RRTN. Pending entries are not final and are left out; a debit
 * marked as a reversal undoes a credit, not a payout, and is left out too.
 */
export function payoutReturns(document: Camt054Document): PayoutReturn[] {
  return document.notifications.flatMap((notification) =>
    notification.entries
      .filter((entry) => entry.booked && entry.direction === 'CRDT')
      .filter(
        (entry) =>
          entry.reversal || isReturnCode(entry) || entry.transactions.some((tx) => tx.returnInfo !== null),
      )
      .flatMap((entry) => entryReturns(entry, notification)),
  );
}
