import type { ReactNode } from 'react';
import { PageFrame } from '@/components/layout/page-frame';
import { findNavEntry, type NavUrl } from '@/components/layout/nav-config';
import type { SearchKeyOption } from '@/components/data-table';
import type { BadgeVariant } from '@/components/ui/badge';

/** The frame of an accounts screen: the title from the navigation, "Accounts" as breadcrumb, optional actions. */
export function AccountsPage({
  path,
  description,
  actions,
  children,
}: {
  path: NavUrl;
  description: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const nav = findNavEntry(String(path));
  const title = nav?.item.title ?? String(path);
  return (
    <PageFrame
      title={title}
      description={description}
      breadcrumb={[{ label: 'Accounts', to: '/accounts' }, { label: title }]}
      actions={actions}
    >
      {children}
    </PageFrame>
  );
}

const LABELS: Record<string, string> = {
  account_number: 'Account number',
  customer_id: 'Customer ID',
  virtual_account_number: 'Virtual account number',
  bank_reference_number: 'Bank reference (UTR)',
};

/** Search keys with labels, default first (contract ACCOUNT_SEARCH_KEYS). */
export const searchKeyOptions = (keys: readonly string[]): SearchKeyOption[] =>
  keys.map((value) => ({ value, label: LABELS[value] ?? value }));

/** Badge colours of the accounts statuses. */
export const ACCOUNT_STATUS_VARIANTS = {
  ACTIVE: 'green',
  CLOSED: 'grey',
  EXPIRED: 'yellow',
} as const satisfies Record<string, BadgeVariant>;

export const CREDIT_STATUS_VARIANTS = {
  CREDITED: 'green',
  RETURNED: 'red',
} as const satisfies Record<string, BadgeVariant>;

export const KIND_LABELS = { CURRENT: 'Current', VIRTUAL: 'Virtual' } as const;
