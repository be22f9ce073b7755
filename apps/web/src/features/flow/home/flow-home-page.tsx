import { Link } from '@tanstack/react-router';
import type { LucideIcon } from 'lucide-react';
import BadgeCheck from 'lucide-react/icons/badge-check';
import Send from 'lucide-react/icons/send';
import UserPlus from 'lucide-react/icons/user-plus';
import type { Permission } from '@meridian/contract/permissions';
import { LiveModeNotice } from '@/components/layout/live-mode-notice';
import { PageFrame } from '@/components/layout/page-frame';
import { usePermissions } from '@/lib/api/user-details';
import FlowSummarySections from './summary-sections';

const QUICK_ACTIONS: {
  label: string;
  hint: string;
  to: '/flow/initiate-payout' | '/flow/add-beneficiary' | '/flow/validate';
  icon: LucideIcon;
  /** Shown only to a role holding it. */
  permission: Permission;
}[] = [
  {
    label: 'Initiate payout',
    hint: 'Send money to a saved beneficiary',
    to: '/flow/initiate-payout',
    icon: Send,
    permission: 'payouts.create',
  },
  {
    label: 'Add beneficiary',
    hint: 'Register a bank account or UPI id',
    to: '/flow/add-beneficiary',
    icon: UserPlus,
    permission: 'beneficiaries.manage',
  },
  {
    label: 'Validate account',
    hint: 'Check an account and its holder name',
    to: '/flow/validate',
    icon: BadgeCheck,
    permission: 'validations.create',
  },
];

function QuickActions() {
  const permissions = usePermissions()?.permissions;
  const actions = QUICK_ACTIONS.filter((a) => permissions?.has(a.permission) === true);
  if (actions.length === 0) return null;
  return (
    <nav aria-label="Quick actions">
      <ul className="grid gap-3 sm:grid-cols-3">
        {actions.map(({ label, hint, to, icon: Icon }) => (
          <li key={to}>
            <Link
              to={to}
              className="flex h-full items-center gap-3 rounded-xl border bg-card p-4 transition-colors hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
            >
              <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-muted">
                <Icon className="size-5" aria-hidden />
              </span>
              <span className="flex flex-col">
                <span className="font-medium">{label}</span>
                <span className="text-sm text-muted-foreground">{hint}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * /flow: why live money does not move yet (a company whose live mode is still closed), the three most common
 * actions, then balances per account, today's payouts by status, the 7-day
 * volume and the latest payouts.
 */
export function FlowHomePage() {
  return (
    <PageFrame
      title="Flow overview"
      description="Payouts, beneficiaries, bank-account validation and bulk payouts."
      breadcrumb={[{ label: 'Flow' }, { label: 'Flow overview' }]}
    >
      <LiveModeNotice when="closed" />
      <QuickActions />
      <FlowSummarySections />
    </PageFrame>
  );
}
