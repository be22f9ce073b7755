import type { Transaction } from '@meridian/contract';
import { formatMoney } from './money';

/**
 * Account-statement rows (contract `Transaction`) in words, shared by every screen that lists transactions
 * (flow's transactions, an account's transactions in accounts).
 */
export const CATEGORY_LABELS: Record<Transaction['category'], string> = {
  TOPUP: 'Top-up',
  PAYOUT: 'Payout',
  REVERSAL: 'Reversal',
  VALIDATION_FEE: 'Validation fee',
  COLLECTION: 'Collection',
  SETTLEMENT: 'Settlement',
  MANDATE_COLLECTION: 'Mandate collection',
  PAYMENT_LINK: 'Payment link',
};

/** A credit as "+₹1,250.00", a debit as "−₹1,250.00" (whatever sign the amount itself carries). */
export function signedAmount(type: Transaction['type'], amount: string): string {
  const formatted = formatMoney(amount.replace(/^[-+]/, ''));
  if (formatted === '-') return '-';
  return `${type === 'CREDIT' ? '+' : '−'}${formatted}`;
}
