import { FABRIC_TITLES } from '@meridian/contract/screens';
import type { LinkProps } from '@tanstack/react-router';
import type { LucideIcon } from 'lucide-react';
import Activity from 'lucide-react/icons/activity';
import ArrowLeftRight from 'lucide-react/icons/arrow-left-right';
import BadgeCheck from 'lucide-react/icons/badge-check';
import Banknote from 'lucide-react/icons/banknote';
import Building2 from 'lucide-react/icons/building-2';
import ChartColumn from 'lucide-react/icons/chart-column';
import CircleHelp from 'lucide-react/icons/circle-help';
import CloudUpload from 'lucide-react/icons/cloud-upload';
import Contact from 'lucide-react/icons/contact';
import CreditCard from 'lucide-react/icons/credit-card';
import EyeOff from 'lucide-react/icons/eye-off';
import FileChartColumn from 'lucide-react/icons/file-chart-column';
import FileCode from 'lucide-react/icons/file-code';
import FileSearch from 'lucide-react/icons/file-search';
import FileSpreadsheet from 'lucide-react/icons/file-spreadsheet';
import FileText from 'lucide-react/icons/file-text';
import Gauge from 'lucide-react/icons/gauge';
import History from 'lucide-react/icons/history';
import Inbox from 'lucide-react/icons/inbox';
import IdCard from 'lucide-react/icons/id-card';
import KeyRound from 'lucide-react/icons/key-round';
import KeySquare from 'lucide-react/icons/key-square';
import Landmark from 'lucide-react/icons/landmark';
import Layers from 'lucide-react/icons/layers';
import Link2 from 'lucide-react/icons/link-2';
import ListChecks from 'lucide-react/icons/list-checks';
import Network from 'lucide-react/icons/network';
import Newspaper from 'lucide-react/icons/newspaper';
import Radio from 'lucide-react/icons/radio';
import Receipt from 'lucide-react/icons/receipt';
import ScanFace from 'lucide-react/icons/scan-face';
import ScrollText from 'lucide-react/icons/scroll-text';
import Send from 'lucide-react/icons/send';
import Settings from 'lucide-react/icons/settings';
import ShieldCheck from 'lucide-react/icons/shield-check';
import SlidersHorizontal from 'lucide-react/icons/sliders-horizontal';
import Smartphone from 'lucide-react/icons/smartphone';
import SquareTerminal from 'lucide-react/icons/square-terminal';
import TextSearch from 'lucide-react/icons/text-search';
import UserPlus from 'lucide-react/icons/user-plus';
import Users from 'lucide-react/icons/users';
import Video from 'lucide-react/icons/video';
import Wallet from 'lucide-react/icons/wallet';
import Webhook from 'lucide-react/icons/webhook';
import Workflow from 'lucide-react/icons/workflow';
import type { Permission } from '@meridian/contract/permissions';
import type { Team, TeamModule } from '@/lib/preferences/team';

/** A path of a real route (checked by TypeScript against the generated route tree). */
export type NavUrl = NonNullable<LinkProps['to']>;

export interface NavItem {
  title: string;
  url: NavUrl;
  icon: LucideIcon;
  /**
   * Shown only to members whose role (`/v2/user/details`) holds this permission, or one of these; a direct
   * visit without it shows the "your role cannot see this page" panel.
   */
  permission?: NavPermission;
  /** A count shown beside the title (the approvals waiting for the member). */
  badge?: 'approvals';
}

/** One permission, or several of which any one opens the item. */
export type NavPermission = Permission | readonly Permission[];

export interface NavGroup {
  title: string;
  /** Shown for every team. */
  default?: boolean;
  /** The teams (besides the default one, which sees everything) that show this group. */
  modules?: TeamModule[];
  /** Every item of the group needs this permission (besides its own). */
  permission?: NavPermission;
  items: NavItem[];
}

/**
 * The one navigation config: it feeds the sidebar, the team filter and the command palette.
 * Edit-beneficiary is reached from a beneficiary row, not from navigation.
 */
export const NAV_GROUPS: NavGroup[] = [
  {
    title: 'Approvals',
    default: true,
    items: [
      {
        title: 'Approvals',
        url: '/approvals',
        icon: Inbox,
        // The inbox for those who decide; the history of requests for those who make them.
        permission: ['approvals.decide', 'approvals.configure', 'flow.read'],
        badge: 'approvals',
      },
      {
        title: 'Approval rules',
        url: '/approvals/rules',
        icon: ListChecks,
        permission: 'approvals.configure',
      },
    ],
  },
  {
    title: 'Flow',
    modules: ['flow'],
    permission: 'flow.read',
    items: [
      { title: 'Flow overview', url: '/flow', icon: Workflow },
      { title: 'Payouts', url: '/flow/payouts', icon: Banknote },
      { title: 'Initiate payout', url: '/flow/initiate-payout', icon: Send, permission: 'payouts.create' },
      { title: 'Transactions', url: '/flow/transactions', icon: ArrowLeftRight },
      { title: 'Beneficiaries', url: '/flow/beneficiaries', icon: Users },
      {
        title: 'Add beneficiary',
        url: '/flow/add-beneficiary',
        icon: UserPlus,
        permission: 'beneficiaries.manage',
      },
      { title: 'Bank account validations', url: '/flow/validate-bank-account', icon: Landmark },
      {
        title: 'Validate an account',
        url: '/flow/validate',
        icon: BadgeCheck,
        permission: 'validations.create',
      },
      { title: 'E-mandates', url: '/flow/e-mandates', icon: FileText },
      { title: 'Payment links', url: '/flow/payment-links', icon: Link2 },
      { title: 'Bulk upload', url: '/flow/bulk-upload', icon: CloudUpload, permission: 'bulk.create' },
      { title: 'Bulk capabilities', url: '/flow/bulk-capabilities', icon: Layers },
    ],
  },
  {
    title: 'Fabric',
    modules: ['fabric'],
    permission: 'fabric.read',
    items: [
      { title: 'Fabric overview', url: '/fabric', icon: ShieldCheck },
      { title: FABRIC_TITLES['kyc-validate'], url: '/fabric/kyc-validate', icon: ListChecks },
      { title: FABRIC_TITLES['kyc-digilocker'], url: '/fabric/kyc-digilocker', icon: FileText },
      { title: FABRIC_TITLES['ckyc'], url: '/fabric/ckyc', icon: FileSearch },
      { title: FABRIC_TITLES['aadhaar-xml'], url: '/fabric/aadhaar-xml', icon: FileCode },
      {
        title: FABRIC_TITLES['aadhaar-uid-masking'],
        url: '/fabric/aadhaar-uid-masking',
        icon: EyeOff,
      },
      { title: FABRIC_TITLES['face-match'], url: '/fabric/face-match', icon: ScanFace },
      { title: FABRIC_TITLES['video-liveness'], url: '/fabric/video-liveness', icon: Video },
      { title: FABRIC_TITLES['text-match'], url: '/fabric/text-match', icon: TextSearch },
      { title: FABRIC_TITLES['id-classification'], url: '/fabric/id-classification', icon: IdCard },
      { title: FABRIC_TITLES['mobile-to-x'], url: '/fabric/mobile-to-x', icon: Smartphone },
      { title: FABRIC_TITLES['customer-data-pull'], url: '/fabric/customer-data-pull', icon: Contact },
      { title: FABRIC_TITLES['credit-report'], url: '/fabric/credit-report', icon: CreditCard },
    ],
  },
  {
    title: 'Accounts',
    modules: ['flow'],
    items: [
      { title: 'Accounts overview', url: '/accounts', icon: Wallet, permission: 'accounts.read' },
      {
        title: 'Virtual accounts',
        url: '/accounts/virtual-accounts',
        icon: Building2,
        permission: 'accounts.read',
      },
      { title: 'All accounts', url: '/accounts/all-accounts', icon: Landmark, permission: 'accounts.read' },
      {
        title: 'Account balances',
        url: '/accounts/account-balances',
        icon: Gauge,
        permission: 'accounts.read',
      },
      { title: 'Settlements', url: '/accounts/settlements', icon: Receipt, permission: 'accounts.read' },
      { title: 'Credit management', url: '/accounts/credits', icon: CreditCard, permission: 'ops.credits' },
    ],
  },
  {
    title: 'Reports',
    modules: ['flow', 'fabric'],
    permission: 'reports.read',
    items: [
      { title: 'Reports overview', url: '/reports', icon: ChartColumn },
      { title: 'Payouts report', url: '/reports/payouts', icon: Banknote },
      { title: 'VBA MIS', url: '/reports/vba-mis', icon: FileSpreadsheet },
      { title: 'Virtual accounts report', url: '/reports/virtual-accounts', icon: Building2 },
      { title: 'Beneficiary report', url: '/reports/beneficiary-report', icon: Users },
      { title: 'Collection requests', url: '/reports/collection-requests', icon: Receipt },
      { title: 'Fabric report', url: '/reports/fabric', icon: ShieldCheck },
      { title: 'CAS reports', url: '/reports/cas-reports', icon: FileChartColumn },
      { title: 'API usage', url: '/reports/api-usage', icon: Gauge },
      { title: 'Credit consumption', url: '/reports/credit-consumption', icon: CreditCard },
      { title: 'Download history', url: '/reports/download-history', icon: History },
    ],
  },
  {
    title: 'Developers',
    default: true,
    items: [
      { title: 'Configurations', url: '/configurations', icon: SlidersHorizontal },
      {
        title: 'Callback configurations',
        url: '/configurations/callback-configurations',
        icon: Webhook,
        permission: 'callbacks.read',
      },
      {
        title: 'Manage IPs',
        url: '/configurations/manage-ips',
        icon: Network,
        permission: 'accounts.read',
      },
      { title: 'API keys', url: '/configurations/api-keys', icon: KeySquare, permission: 'api_keys.manage' },
      { title: 'Two-factor authentication', url: '/configurations/manage-2fa', icon: KeyRound },
      { title: 'Audit log', url: '/configurations/audit-log', icon: ScrollText, permission: 'audit.read' },
      { title: 'Request log', url: '/developers/logs', icon: Activity, permission: 'logs.read' },
      { title: 'Events', url: '/developers/events', icon: Radio, permission: 'callbacks.read' },
      { title: 'API test', url: '/api-test', icon: SquareTerminal },
    ],
  },
  {
    title: 'General',
    default: true,
    items: [
      { title: 'Settings', url: '/settings', icon: Settings },
      { title: 'Help center', url: '/help-center', icon: CircleHelp },
      { title: 'Changelog', url: '/changelog', icon: Newspaper },
    ],
  },
];

/**
 * The default team shows all navigation; flow and fabric keep only the groups marked default or
 * listing that team among their modules.
 */
export function filterNavGroups(groups: readonly NavGroup[], team: Team): NavGroup[] {
  if (team === 'meridian') return [...groups];
  return groups.filter((g) => g.default === true || (g.modules ?? []).includes(team));
}

/** Whether a member holding `permissions` passes `needed` (any one of a list); unknown permissions pass nothing. */
export function allows(
  needed: NavPermission | undefined,
  permissions: ReadonlySet<string> | undefined,
): boolean {
  if (needed === undefined) return true;
  const list: readonly Permission[] = typeof needed === 'string' ? [needed] : needed;
  return list.some((p) => permissions?.has(p) === true);
}

/**
 * Items (and groups) that declare a `permission` are kept only when the member's role holds it; while the
 * permissions are unknown (not loaded yet, or failed) such items stay hidden. Groups left without items are
 * dropped.
 */
export function filterNavByPermissions(
  groups: readonly NavGroup[],
  permissions: ReadonlySet<string> | undefined,
): NavGroup[] {
  const allowed = (item: NavItem) => allows(item.permission, permissions);
  return groups
    .filter((g) => allows(g.permission, permissions))
    .map((g) => (g.items.every(allowed) ? g : { ...g, items: g.items.filter(allowed) }))
    .filter((g) => g.items.length > 0);
}

/** Screens reached from a row rather than from navigation, with the permission they need. */
const HIDDEN_SCREENS: readonly { url: string; permission: Permission }[] = [
  { url: '/flow/edit-beneficiary', permission: 'beneficiaries.manage' },
];

/**
 * The permissions a screen needs (its group's and its item's), for the "your role cannot see this page" panel;
 * empty for a screen every member may open.
 */
export function screenPermissions(pathname: string): NavPermission[] {
  const path = pathname.replace(/\/+$/, '') || '/';
  const hidden = HIDDEN_SCREENS.find((s) => path === s.url || path.startsWith(s.url + '/'));
  if (hidden) return [hidden.permission];
  const entry = findNavEntry(path);
  if (!entry) return [];
  return [entry.group.permission, entry.item.permission].filter((p): p is NavPermission => p !== undefined);
}

/** The nav group and item for a path, matching the longest item URL that is the path or its parent. */
export function findNavEntry(pathname: string): { group: NavGroup; item: NavItem } | undefined {
  const path = pathname.replace(/\/+$/, '') || '/';
  let best: { group: NavGroup; item: NavItem } | undefined;
  for (const group of NAV_GROUPS) {
    for (const item of group.items) {
      const url = String(item.url);
      if (
        (path === url || path.startsWith(url + '/')) &&
        (!best || url.length > String(best.item.url).length)
      ) {
        best = { group, item };
      }
    }
  }
  return best;
}
