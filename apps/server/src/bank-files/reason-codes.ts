// ISO 20022 reason codes as a person reads them: the status reasons of a pain.002 (ExternalStatusReason1Code) and
// the return reasons of a camt.054 (ExternalReturnReason1Code) share their codes. Messages paraphrase the ISO
// external code sets; a code not listed here is shown as itself.
import { textAt, textsOf, type XmlNode } from './xml.ts';

export const REASON_MESSAGES: Readonly<Record<string, string>> = {
  AC01: 'Incorrect account number',
  AC02: 'Invalid debtor account number',
  AC03: 'Invalid creditor account number',
  AC04: 'Closed account number',
  AC05: 'Closed debtor account number',
  AC06: 'Blocked account',
  AC07: 'Closed creditor account number',
  AC13: 'Invalid debtor account type',
  AC14: 'Invalid creditor account type',
  AG01: 'Transaction forbidden on this account',
  AG02: 'Invalid bank operation code',
  AG03: 'Transaction type not supported on this account',
  AM01: 'Zero amount',
  AM02: 'Amount above the allowed maximum',
  AM03: 'Currency not allowed',
  AM04: 'Insufficient funds',
  AM05: 'Duplicate payment',
  AM09: 'Wrong amount',
  AM10: 'Invalid control sum',
  AM12: 'Invalid amount',
  BE01: "Beneficiary name does not match the account holder's",
  BE04: 'Creditor address missing or incorrect',
  BE05: 'Initiating party not recognised',
  BE06: 'Unknown end customer',
  CNOR: 'Creditor bank is not registered in the clearing system',
  CURR: 'Incorrect currency',
  CUST: "Cancelled at the debtor's request",
  DNOR: 'Debtor bank is not registered in the clearing system',
  DS02: 'Order cancelled by an authorised user',
  DT01: 'Invalid date',
  DU01: 'Duplicate message identification',
  ED05: 'Settlement failed',
  FF01: 'Invalid file format',
  FF05: 'Invalid local instrument',
  FOCR: 'Returned after a cancellation request',
  MD07: 'Beneficiary deceased',
  MS02: 'Refused by the beneficiary (reason not given)',
  MS03: 'Reason not given by the bank',
  NARR: 'See the bank’s narrative',
  NOAS: 'No answer from the beneficiary',
  RC01: 'Bank identifier (IFSC) incorrect',
  RC03: 'Debtor bank identifier incorrect',
  RC04: 'Creditor bank identifier incorrect',
  RR01: 'Debtor account or identification missing (regulatory)',
  RR02: 'Debtor name or address missing (regulatory)',
  RR03: 'Creditor name or address missing (regulatory)',
  RR04: 'Regulatory reason',
  TM01: 'Received after the cut-off time',
};

/** A bank's reason: its code (ISO or the bank's own), a readable message, and the bank's added words if any. */
export interface BankReason {
  code: string;
  /** true when `Rsn/Prtry` (the bank's own code), false for an ISO `Rsn/Cd`. */
  proprietary: boolean;
  text: string;
  detail: string | null;
}

/** The readable message of a reason code (an unknown code is named as itself). */
export const reasonMessage = (code: string): string => REASON_MESSAGES[code] ?? `Bank reason ${code}`;

/**
 * A reason element (`StsRsnInf` of a pain.002, `RtrInf` of a camt): `Rsn/Cd` or `Rsn/Prtry` and `AddtlInf`.
 * A proprietary code's message is the bank's own words when it gives some. Null when there is no reason.
 */
export function readReason(node: XmlNode | undefined): BankReason | null {
  if (!node) return null;
  const iso = textAt(node, 'Rsn', 'Cd');
  const code = iso ?? textAt(node, 'Rsn', 'Prtry');
  const detail = textsOf(node, 'AddtlInf').join(' ') || null;
  if (code === null)
    return detail === null ? null : { code: 'NARR', proprietary: false, text: detail, detail };
  const known = iso !== null && REASON_MESSAGES[iso] !== undefined;
  const text = known || detail === null ? reasonMessage(code) : detail;
  return { code, proprietary: iso === null, text, detail };
}
