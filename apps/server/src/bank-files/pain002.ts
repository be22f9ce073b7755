// The bank's answer to a payment file: an ISO 20022 `pain.002.001.10` CustomerPaymentStatusReport. Reports come in
// waves (ACTC for the file, then ACSC or RJCT per transaction); a status at the group or block level stands for
// every transaction it does not list (a whole-file reject may be nothing but `GrpSts=RJCT`). The reader gives all
// of it or nothing: a file that is not XML, fails its schema, or contradicts itself is a BankFileError.
import { readReason, type BankReason } from './reason-codes.ts';
import { assertSchema } from './schema-check.ts';
import { BankFileError, child, children, documentRoot, parseBankXml, textAt, type XmlNode } from './xml.ts';

/** ISO ExternalPaymentTransactionStatus1Code (and group status) values; a bank may send others (4 characters). */
export type PaymentStatus =
  | 'RCVD'
  | 'ACTC'
  | 'ACCP'
  | 'ACSP'
  | 'ACSC'
  | 'ACCC'
  | 'ACWC'
  | 'ACWP'
  | 'ACFC'
  | 'ACIS'
  | 'PART'
  | 'PATC'
  | 'PDNG'
  | 'PRES'
  | 'BLCK'
  | 'CANC'
  | 'RJCT'
  | (string & {});

/** What a status means for a payout: money moved, refused for good, or nothing final yet. */
export type StatusOutcome = 'settled' | 'rejected' | 'pending';

const SETTLED = new Set(['ACSC', 'ACCC']);
const REJECTED = new Set(['RJCT', 'CANC']);

/** ACSC (debtor debited) and ACCC (creditor credited) settle; RJCT and CANC reject; every other code waits. */
export const outcomeOf = (status: PaymentStatus): StatusOutcome =>
  SETTLED.has(status) ? 'settled' : REJECTED.has(status) ? 'rejected' : 'pending';

/** Where a connection's bank puts the UTR in a pain.002 transaction line. */
export type Pain002UtrField = 'ClrSysRef' | 'AcctSvcrRef';

export interface Pain002Transaction {
  originalEndToEndId: string;
  originalInstructionId: string | null;
  /** The `OrgnlPmtInfId` of the block the line sits in. */
  originalPaymentInfoId: string;
  /** `TxSts`, or the block's or the group's status when the line has none. */
  status: PaymentStatus;
  outcome: StatusOutcome;
  /** The line's first reason (else its block's, else the group's when rejected), or null. */
  reason: BankReason | null;
  /** From the connection's field, trimmed and upper-cased; null when absent. */
  utr: string | null;
  acceptedAt: string | null;
}

export interface Pain002PaymentInfo {
  originalPaymentInfoId: string;
  /** `PmtInfSts`: when set (and not PART) it is the status of every transaction of the block not listed. */
  status: PaymentStatus | null;
  reasons: BankReason[];
}

export interface Pain002Report {
  msgId: string;
  createdAt: string;
  /** The `MsgId` of the pain.001 file this answers. */
  originalMsgId: string;
  originalMessageName: string;
  /** `GrpSts`: when set (and not PART) it is the status of every transaction of the file not listed. */
  groupStatus: PaymentStatus | null;
  groupReasons: BankReason[];
  /** true when the whole file is rejected (`GrpSts=RJCT`): every payout of the original file fails. */
  fileRejected: boolean;
  paymentInfos: Pain002PaymentInfo[];
  transactions: Pain002Transaction[];
}

/** A status that stands for the transactions under it (PART only says "see the lines"). */
const covering = (status: PaymentStatus | null) => (status && status !== 'PART' ? status : null);

const fail = (message: string): never => {
  throw new BankFileError('content', message);
};

function readReasons(node: XmlNode | undefined): BankReason[] {
  return children(node, 'StsRsnInf')
    .map(readReason)
    .filter((r): r is BankReason => r !== null);
}

interface Context {
  utrFrom: Pain002UtrField;
  groupStatus: PaymentStatus | null;
  groupReasons: BankReason[];
}

function readTransaction(line: XmlNode, block: Pain002PaymentInfo, context: Context): Pain002Transaction {
  const originalEndToEndId = textAt(line, 'OrgnlEndToEndId');
  if (originalEndToEndId === null)
    return fail(`A transaction line of block ${block.originalPaymentInfoId} has no OrgnlEndToEndId`);
  const status = textAt(line, 'TxSts') ?? covering(block.status) ?? covering(context.groupStatus);
  if (status === null)
    return fail(`The transaction ${originalEndToEndId} has no status, nor has its block or file`);
  const outcome = outcomeOf(status);
  const inherited = outcome === 'rejected' ? [...block.reasons, ...context.groupReasons] : [];
  const utr = textAt(line, context.utrFrom)?.trim().toUpperCase() || null;
  return {
    originalEndToEndId,
    originalInstructionId: textAt(line, 'OrgnlInstrId'),
    originalPaymentInfoId: block.originalPaymentInfoId,
    status,
    outcome,
    reason: [...readReasons(line), ...inherited][0] ?? null,
    utr,
    acceptedAt: textAt(line, 'AccptncDtTm'),
  };
}

/** Refuses a report that names a transaction twice, or accepts a transaction or block inside a rejected one. */
function checkConsistent(report: Pain002Report): void {
  const seen = new Set<string>();
  for (const tx of report.transactions) {
    if (seen.has(tx.originalEndToEndId)) fail(`The report names ${tx.originalEndToEndId} twice`);
    seen.add(tx.originalEndToEndId);
    const block = report.paymentInfos.find((b) => b.originalPaymentInfoId === tx.originalPaymentInfoId);
    const above = [report.groupStatus, block?.status].filter((s) => s === 'RJCT' || s === 'CANC');
    if (above.length > 0 && tx.outcome !== 'rejected')
      fail(`The report rejects the file or block of ${tx.originalEndToEndId} but gives it ${tx.status}`);
  }
  for (const block of report.paymentInfos) {
    const status = covering(block.status);
    if (report.fileRejected && status && outcomeOf(status) !== 'rejected')
      fail(`The report rejects the file but gives its block ${block.originalPaymentInfoId} ${status}`);
  }
}

/**
 * A parsed tree as a report (no schema check: readPain002 does that first). `utrFrom` is where the connection's
 * bank puts the UTR. Throws BankFileError('content') when the report cannot be applied as a whole.
 */
export function parsePain002(tree: XmlNode, utrFrom: Pain002UtrField = 'ClrSysRef'): Pain002Report {
  const root = documentRoot(tree, 'CstmrPmtStsRpt');
  const group = child(root, 'OrgnlGrpInfAndSts');
  const originalMessageName = textAt(group, 'OrgnlMsgNmId') ?? '';
  if (!originalMessageName.startsWith('pain.001'))
    fail(`The report answers a "${originalMessageName}", not a pain.001 file`);
  const groupStatus = textAt(group, 'GrpSts');
  const context: Context = { utrFrom, groupStatus, groupReasons: readReasons(group) };
  const blocks = children(root, 'OrgnlPmtInfAndSts').map((node) => ({
    node,
    info: {
      originalPaymentInfoId: textAt(node, 'OrgnlPmtInfId') ?? '',
      status: textAt(node, 'PmtInfSts'),
      reasons: readReasons(node),
    },
  }));
  const report: Pain002Report = {
    msgId: textAt(root, 'GrpHdr', 'MsgId') ?? '',
    createdAt: textAt(root, 'GrpHdr', 'CreDtTm') ?? '',
    originalMsgId: textAt(group, 'OrgnlMsgId') ?? '',
    originalMessageName,
    groupStatus,
    groupReasons: context.groupReasons,
    fileRejected: groupStatus === 'RJCT',
    paymentInfos: blocks.map((b) => b.info),
    transactions: blocks.flatMap((b) =>
      children(b.node, 'TxInfAndSts').map((line) => readTransaction(line, b.info, context)),
    ),
  };
  checkConsistent(report);
  return report;
}

/**
 * Reads a pain.002.001.10 file: well-formed XML, valid against the XSD, consistent; else BankFileError with the
 * reason (`unparsable`, `schema` with libxml2's messages, or `content`), never a partial report.
 */
export async function readPain002(
  xml: string,
  utrFrom: Pain002UtrField = 'ClrSysRef',
): Promise<Pain002Report> {
  const tree = parseBankXml(xml);
  await assertSchema(xml, 'pain.002.001.10');
  return parsePain002(tree, utrFrom);
}

/** What a report says of one payout of the original file. */
export interface PayoutStatus {
  status: PaymentStatus;
  outcome: StatusOutcome;
  reason: BankReason | null;
  utr: string | null;
}

/**
 * The status a report gives each payout of the original file: its own line; else the covering status of its
 * block (`PmtInfSts`), else of the file (`GrpSts`); else null (the report says nothing of it). Indexed once, so
 * asking for every payout of a large file stays linear.
 */
export function payoutStatuses(
  report: Pain002Report,
): (payout: { endToEndId: string; paymentInfoId: string }) => PayoutStatus | null {
  const lines = new Map(report.transactions.map((t) => [t.originalEndToEndId, t]));
  const blocks = new Map(report.paymentInfos.map((b) => [b.originalPaymentInfoId, b]));
  return ({ endToEndId, paymentInfoId }) => {
    const line = lines.get(endToEndId);
    if (line) return { status: line.status, outcome: line.outcome, reason: line.reason, utr: line.utr };
    const block = blocks.get(paymentInfoId);
    const status = covering(block?.status ?? null) ?? covering(report.groupStatus);
    if (status === null) return null;
    const outcome = outcomeOf(status);
    const reasons = outcome === 'rejected' ? [...(block?.reasons ?? []), ...report.groupReasons] : [];
    return { status, outcome, reason: reasons[0] ?? null, utr: null };
  };
}
