import type { ReactNode } from 'react';
import type { Transaction } from '@meridian/contract';
import { ACCOUNT_TRANSACTIONS_LIST } from '@meridian/contract/accounts';
import { Code, DateTimeText, MoneyText, type CardRole, type DataTableColumn } from '@/components/data-table';
import { cx } from '@/lib/cx';
import { CATEGORY_LABELS, signedAmount } from '@/lib/format/transactions';

function SignedAmount({ t }: { t: Transaction }) {
  return (
    <span
      className={cx(
        'whitespace-nowrap tabular-nums',
        t.type === 'CREDIT' ? 'font-medium text-success' : 'text-foreground',
      )}
    >
      {signedAmount(t.type, t.amount)}
    </span>
  );
}

/** The panel's own cells (the rest as text); headers and which columns show come from the list definition. */
const CELLS: Partial<Record<string, (t: Transaction) => ReactNode>> = {
  created_at: (t) => <DateTimeText value={t.created_at} />,
  transaction_id: (t) => <Code>{t.transaction_id}</Code>,
  type: (t) => (
    <span className="flex flex-col">
      <span>{t.type === 'CREDIT' ? 'Credit' : 'Debit'}</span>
      <span className="text-xs text-muted-foreground">{CATEGORY_LABELS[t.category] ?? t.category}</span>
    </span>
  ),
  amount: (t) => <SignedAmount t={t} />,
  balance: (t) => <MoneyText value={t.balance} />,
  bank_reference_number: (t) => <Code>{t.bank_reference_number}</Code>,
  customer_reference_number: (t) => <Code>{t.customer_reference_number}</Code>,
};
const CARDS: Partial<Record<string, CardRole>> = {
  created_at: 'time',
  transaction_id: 'secondary',
  amount: 'amount',
  description: 'primary',
  customer_reference_number: 'secondary',
};

/** The columns in view (priority 1 and 2 of ACCOUNT_TRANSACTIONS_LIST), the transaction id naming the row. */
export const TRANSACTION_COLUMNS: DataTableColumn<Transaction>[] = ACCOUNT_TRANSACTIONS_LIST.columns
  .filter((c) => c.priority <= 2)
  .map((c) => ({
    id: c.key,
    header: c.label,
    cell: CELLS[c.key] ?? ((t: Transaction) => String(t[c.key as keyof Transaction] ?? '-')),
    ...(c.format === 'money' ? { align: 'right' as const } : {}),
    ...(c.key === 'transaction_id' ? { primary: true } : {}),
    ...(CARDS[c.key] ? { card: CARDS[c.key] } : {}),
  }));
