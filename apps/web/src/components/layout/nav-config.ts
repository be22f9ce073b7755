import { FABRIC_TITLES } from '@meridian/contract/screens';
import type { LinkProps } from '@tanstack/react-router';
import type { LucideIcon } from 'lucide-react';
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
import IdCard from 'lucide-react/icons/id-card';
import KeyRound from 'lucide-react/icons/key-round';
import KeySquare from 'lucide-react/icons/key-square';
import Landmark from 'lucide-react/icons/landmark';
import Layers from 'lucide-react/icons/layers';
import Link2 from 'lucide-react/icons/link-2';
import ListChecks from 'lucide-react/icons/list-checks';
import Network from 'lucide-react/icons/network';
import Newspaper from 'lucide-react/icons/newspaper';
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
import type { Team, TeamModule } from '@/lib/preferences/team';

/** A path of a real route (checked by TypeScript against the generated route tree). */
export type NavUrl = NonNullable<LinkProps['to']>;

export interface NavItem {
  title: string;
  url: NavUrl;
  icon: LucideIcon;
  /** Shown only to users whose server-reported roles (`/v2/user/details`) include one of these. */
  roles?: readonly string[];
}

export interface NavGroup {
  title: string;
  /** Shown for every team. */
  default?: boolean;
  /** The teams (besides the default one, which sees everything) that show this group. */
  modules?: TeamModule[];
  items: NavItem[];
}

/**
 * The one navigation config: it feeds the sidebar, the team filter and the command palette.
 * Edit-beneficiary is reached from a beneficiary row, not from navigation.
 */
export const NAV_GROUPS: NavGroup[] = [
  {
    title: 'Flow',
    modules: ['flow'],
    items: [
      { title: 'Flow overview', url: '/flow', icon: Workflow },
      { title: 'Payouts', url: '/flow/payouts', icon: Banknote },
      { title: 'Initiate payout', url: '/flow/initiate-payout', icon: Send },
      { title: 'Transactions', url: '/flow/transactions', icon: ArrowLeftRight },
      { title: 'Beneficiaries', url: '/flow/beneficiaries', icon: Users },
      { title: 'Add beneficiary', url: '/flow/add-beneficiary', icon: UserPlus },
      { title: 'Bank account validations', url: '/flow/validate-bank-account', icon: Landmark },
      { title: 'Validate an account', url: '/flow/validate', icon: BadgeCheck },
      { title: 'E-mandates', url: '/flow/e-mandates', icon: FileText },
      { title: 'Payment links', url: '/flow/payment-links', icon: Link2 },
      { title: 'Bulk upload', url: '/flow/bulk-upload', icon: CloudUpload },
      { title: 'Bulk capabilities', url: '/flow/bulk-capabilities', icon: Layers },
    ],
  },
  {
    title: 'Fabric',
    modules: ['fabric'],
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
      { title: 'Accounts overview', url: '/accounts', icon: Wallet },
      { title: 'Virtual accounts', url: '/accounts/virtual-accounts', icon: Building2 },
      { title: 'All accounts', url: '/accounts/all-accounts', icon: Landmark },
      { title: 'Account balances', url: '/accounts/account-balances', icon: Gauge },
      { title: 'Settlements', url: '/accounts/settlements', icon: Receipt },
      { title: 'Credit management', url: '/accounts/credits', icon: CreditCard, roles: ['ops'] },
    ],
  },
  {
    title: 'Reports',
    modules: ['flow', 'fabric'],
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
      { title: 'Callback configurations', url: '/configurations/callback-configurations', icon: Webhook },
      { title: 'Manage IPs', url: '/configurations/manage-ips', icon: Network },
      { title: 'API keys', url: '/configurations/api-keys', icon: KeySquare },
      { title: 'Two-factor authentication', url: '/configurations/manage-2fa', icon: KeyRound },
      { title: 'Audit log', url: '/configurations/audit-log', icon: ScrollText, roles: ['admin'] },
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

/**
 * Items that declare `roles` are kept only when the user's roles include one of them; while the roles are
 * unknown (not loaded yet, or failed) such items stay hidden. Groups left without items are dropped.
 */
export function filterNavByRoles(
  groups: readonly NavGroup[],
  roles: readonly string[] | undefined,
): NavGroup[] {
  const allowed = (item: NavItem) => !item.roles || item.roles.some((role) => roles?.includes(role) === true);
  return groups
    .map((g) => (g.items.every(allowed) ? g : { ...g, items: g.items.filter(allowed) }))
    .filter((g) => g.items.length > 0);
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
