// camt.053.001.08 (`Document/BkToCstmrStmt/Stmt`, ISO 20022 AccountStatement9) → normalized statements. The
// tree comes from ../xml.ts (every value text, repeated elements always lists), so `000401234567` stays a string
// and a single `Ntry` is still a list. Dates are taken as the bank wrote them (the date part of a `DtTm`, never
// converted to UTC). Schema validation is the caller's (../schema-check.ts); this reader refuses what it cannot
// use: a missing opening or closing booked balance, an entry in another currency, a direction it does not know.
import {
  BankFileError,
  attributeAt,
  child,
  children,
  documentRoot,
  parseBankXml,
  textAt,
  textsOf,
} from '../xml.ts';
import type { XmlNode } from '../xml.ts';
import { amountOf, balanceOf } from './amount.ts';
import { endToEndIdOf, utrOf } from './references.ts';
import type { Balance, Counterparty, Direction, ReadOptions, Statement, StatementLine } from './types.ts';

/** Every statement of a camt.053 file, in file order. Throws BankFileError when the file cannot be used. */
export function readCamt053(xml: string, options: ReadOptions = {}): Statement[] {
  const root = documentRoot(parseBankXml(xml), 'BkToCstmrStmt');
  const statements = children(root, 'Stmt');
  if (statements.length === 0) throw new BankFileError('content', 'The camt.053 file holds no statement');
  return statements.map((stmt) => readStatement(stmt, options));
}

function readStatement(stmt: XmlNode, options: ReadOptions): Statement {
  const statementId = required(stmt, 'Stmt/Id', 'Id');
  const accountId =
    textAt(stmt, 'Acct', 'Id', 'Othr', 'Id') ??
    textAt(stmt, 'Acct', 'Id', 'IBAN') ??
    refuse(`Statement ${statementId} names no account`);
  const balances = children(stmt, 'Bal').map((bal) => readBalance(bal, statementId));
  const currency =
    textAt(stmt, 'Acct', 'Ccy') ??
    balances[0]?.currency ??
    refuse(`Statement ${statementId} has no currency`);
  const foreign = balances.find((b) => b.currency !== currency);
  if (foreign)
    refuse(`Statement ${statementId}: a ${foreign.type} balance in ${foreign.currency}, not ${currency}`);
  const opening = pickBalance(
    balances,
    ['OPBD', 'PRCD', 'ITBD'],
    'first',
    statementId,
    'opening booked (OPBD)',
  );
  const closing = pickBalance(balances, ['CLBD', 'ITBD'], 'last', statementId, 'closing booked (CLBD)');
  const from = dateOf(child(stmt, 'FrToDt'), 'FrDtTm') ?? opening.date;
  const to = dateOf(child(stmt, 'FrToDt'), 'ToDtTm') ?? closing.date;
  const lines = children(stmt, 'Ntry').map((ntry, i) =>
    readEntry(
      ntry,
      { currency, fallbackDate: to, where: `Statement ${statementId}, entry ${i + 1}` },
      options,
    ),
  );
  return {
    format: 'camt.053',
    accountId,
    currency,
    statementId,
    sequenceNumber: textAt(stmt, 'ElctrncSeqNb') ?? textAt(stmt, 'LglSeqNb'),
    from,
    to,
    opening,
    closing,
    lines,
  };
}

interface TypedBalance {
  type: string;
  currency: string | null;
  balance: Balance;
}

function readBalance(bal: XmlNode, statementId: string): TypedBalance {
  const type = textAt(bal, 'Tp', 'CdOrPrtry', 'Cd') ?? textAt(bal, 'Tp', 'CdOrPrtry', 'Prtry') ?? '';
  const where = `Statement ${statementId}, balance ${type || '(no type)'}`;
  const date = dateOf(bal, 'Dt') ?? refuse(`${where} has no date`);
  const direction = directionOf(textAt(bal, 'CdtDbtInd'), where);
  return {
    type,
    currency: attributeAt(bal, 'Ccy', 'Amt'),
    balance: balanceOf(required(bal, `${where}: Amt`, 'Amt'), direction, date),
  };
}

/** The first (or last) balance of the first type in `types` that the statement has. */
function pickBalance(
  balances: TypedBalance[],
  types: string[],
  which: 'first' | 'last',
  statementId: string,
  name: string,
): Balance {
  for (const type of types) {
    const found = balances.filter((b) => b.type === type);
    const picked = which === 'first' ? found[0] : found.at(-1);
    if (picked) return picked.balance;
  }
  return refuse(`Statement ${statementId} has no ${name} balance`);
}

interface EntryContext {
  currency: string;
  /** For an entry with neither booking nor value date (a pending one): the statement's last day. */
  fallbackDate: string;
  where: string;
}

function readEntry(ntry: XmlNode, context: EntryContext, options: ReadOptions): StatementLine {
  const { where } = context;
  const currency = attributeAt(ntry, 'Ccy', 'Amt');
  if (currency !== context.currency)
    refuse(`${where} is in ${currency ?? 'no currency'}, not ${context.currency}`);
  const direction = directionOf(textAt(ntry, 'CdtDbtInd'), where);
  const details = children(ntry, 'NtryDtls');
  const transactions = details.flatMap((d) => children(d, 'TxDtls'));
  const single = transactions.length === 1 ? transactions[0] : undefined;
  const bankReference = textAt(ntry, 'AcctSvcrRef') ?? textAt(single, 'Refs', 'AcctSvcrRef');
  const texts = [
    textAt(ntry, 'AddtlNtryInf'),
    ...textsOf(child(single, 'RmtInf'), 'Ustrd'),
    textAt(single, 'AddtlTxInf'),
  ];
  const narration = texts.filter((t): t is string => t !== null).join(' ');
  const bookingDate = dateOf(ntry, 'BookgDt') ?? dateOf(ntry, 'ValDt') ?? context.fallbackDate;
  return {
    bookingDate,
    valueDate: dateOf(ntry, 'ValDt') ?? bookingDate,
    direction,
    ...amountOf(required(ntry, `${where}: Amt`, 'Amt')),
    status: statusOf(ntry) === 'BOOK' ? 'booked' : 'pending',
    reversal: ['true', '1'].includes(textAt(ntry, 'RvslInd') ?? ''),
    bankReference,
    endToEndId: endToEndIdOf(textAt(single, 'Refs', 'EndToEndId'), texts, options),
    utr: utrOf({ clearing: textAt(single, 'Refs', 'ClrSysRef'), bankReference, texts }, options),
    narration,
    batch: batchOf(details, transactions.length),
    counterparty: single ? counterpartyOf(single, direction) : null,
    bankCode: bankCodeOf(ntry),
  };
}

/** `BOOK`, `PDNG`, `INFO`… from v08's `<Sts><Cd>`, its `<Prtry>`, or v02's plain `<Sts>BOOK</Sts>`. */
function statusOf(ntry: XmlNode): string | null {
  return textAt(ntry, 'Sts', 'Cd') ?? textAt(ntry, 'Sts', 'Prtry') ?? textAt(ntry, 'Sts');
}

/** A batch booking: `Btch/NbOfTxs` when the bank gives it, else the number of transactions when more than one. */
function batchOf(details: XmlNode[], transactions: number): { count: number } | null {
  const stated = details.map((d) => textAt(d, 'Btch', 'NbOfTxs')).find((n) => n !== null);
  const count = stated ? Number(stated) : transactions;
  return count > 1 ? { count } : null;
}

/** The other party: the creditor of a debit (whom we paid), the debtor of a credit (who paid us). */
function counterpartyOf(tx: XmlNode, direction: Direction): Counterparty | null {
  const role = direction === 'debit' ? 'Cdtr' : 'Dbtr';
  const parties = child(tx, 'RltdPties');
  const name =
    textAt(parties, role, 'Pty', 'Nm') ??
    textAt(parties, role, 'Nm') ??
    textAt(parties, role, 'Agt', 'FinInstnId', 'Nm');
  const account =
    textAt(parties, `${role}Acct`, 'Id', 'Othr', 'Id') ?? textAt(parties, `${role}Acct`, 'Id', 'IBAN');
  return name === null && account === null ? null : { name, account };
}

/** `PMNT/ICDT/DMCT` from the domain code, else the proprietary code; null when neither. */
function bankCodeOf(ntry: XmlNode): string | null {
  const domain = child(ntry, 'BkTxCd', 'Domn');
  const parts = [textAt(domain, 'Cd'), textAt(domain, 'Fmly', 'Cd'), textAt(domain, 'Fmly', 'SubFmlyCd')];
  if (parts.every((p) => p !== null)) return parts.join('/');
  return textAt(ntry, 'BkTxCd', 'Prtry', 'Cd');
}

/** YYYY-MM-DD of a DateAndDateTime2Choice (`Dt`, or the date part of `DtTm`), or of an ISODateTime element. */
function dateOf(node: XmlNode | undefined, name: string): string | null {
  const text = textAt(node, name, 'Dt') ?? textAt(node, name, 'DtTm') ?? textAt(node, name);
  if (text === null) return null;
  const date = /^\d{4}-\d{2}-\d{2}/.exec(text)?.[0];
  return date ?? refuse(`"${text}" is not a date`);
}

function directionOf(code: string | null, where: string): Direction {
  if (code === 'CRDT') return 'credit';
  if (code === 'DBIT') return 'debit';
  return refuse(`${where}: CdtDbtInd "${code ?? ''}" is neither CRDT nor DBIT`);
}

function required(node: XmlNode, what: string, ...path: string[]): string {
  return textAt(node, ...path) ?? refuse(`${what} is missing`);
}

function refuse(message: string): never {
  throw new BankFileError('content', message);
}
