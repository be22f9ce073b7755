import type { ReactNode } from 'react';
import { PageFrame } from '@/components/layout/page-frame';
import { findNavEntry, type NavUrl } from '@/components/layout/nav-config';
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

/** An account's kind in words (the all-accounts list's kind filter labels them alike). */
export { ACCOUNT_KIND_LABELS as KIND_LABELS } from '@meridian/contract/accounts';
