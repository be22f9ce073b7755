import { useEffect, useId, useState } from 'react';
import { Link, useRouterState } from '@tanstack/react-router';
import ChevronDown from 'lucide-react/icons/chevron-down';
import { teamPreference } from '@/lib/preferences/team';
import { cx } from '@/lib/cx';
import { usePermissions } from '@/lib/api/user-details';
import { filterNavByPermissions, filterNavGroups, NAV_GROUPS, type NavGroup } from './nav-config';
import { TeamSwitcher } from './team-switcher';
import { useApprovalsWaiting } from './approvals-badge';

const ALL_URLS = NAV_GROUPS.flatMap((g) => g.items.map((i) => String(i.url)));
/** An item whose URL prefixes another item's (an overview) is active only on its own page. */
const exactOnly = (url: string) => ALL_URLS.some((u) => u !== url && u.startsWith(url + '/'));
const isActive = (pathname: string, url: string) =>
  pathname === url || (!exactOnly(url) && pathname.startsWith(url + '/'));

/** The count of requests waiting for the member, beside "Approvals" (nothing when none wait). */
function ApprovalsBadge() {
  const waiting = useApprovalsWaiting();
  if (!waiting) return null;
  return (
    <span className="ml-auto rounded-full bg-primary px-1.5 text-xs font-medium text-primary-foreground tabular-nums">
      {waiting}
      <span className="sr-only"> waiting for you</span>
    </span>
  );
}

function NavSection({
  group,
  pathname,
  onNavigate,
}: {
  group: NavGroup;
  pathname: string;
  onNavigate?: () => void;
}) {
  const containsActive = group.items.some((i) => isActive(pathname, String(i.url)));
  const [open, setOpen] = useState(containsActive || group.default === true);
  const listId = useId();
  useEffect(() => {
    if (containsActive) setOpen(true);
  }, [containsActive]);

  return (
    <div className="flex flex-col gap-0.5">
      <h2>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => setOpen((o) => !o)}
          className="flex w-full items-center justify-between rounded-md px-2 py-1.5 text-xs font-semibold tracking-wide uppercase opacity-80 outline-none hover:bg-sidebar-accent hover:opacity-100 focus-visible:ring-[3px] focus-visible:ring-ring/50"
        >
          {group.title}
          <ChevronDown className={cx('size-3.5 transition-transform', !open && '-rotate-90')} aria-hidden />
        </button>
      </h2>
      <ul id={listId} hidden={!open} className="flex flex-col gap-0.5">
        {group.items.map(({ title, url, icon: Icon, badge }) => (
          <li key={String(url)}>
            <Link
              to={url}
              onClick={onNavigate}
              activeOptions={{ exact: exactOnly(String(url)) }}
              className="flex items-center gap-2 rounded-md px-2 py-1.5 text-sm outline-none hover:bg-sidebar-accent hover:text-sidebar-accent-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 data-[status=active]:bg-sidebar-accent data-[status=active]:font-medium data-[status=active]:text-sidebar-accent-foreground"
            >
              <Icon className="size-4 shrink-0" aria-hidden />
              <span className="truncate">{title}</span>
              {badge === 'approvals' && <ApprovalsBadge />}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Team switcher and the team-filtered navigation, without the items the member's role does not open. */
export function AppSidebar({ onNavigate }: { onNavigate?: () => void }) {
  const team = teamPreference.use();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const permissions = usePermissions()?.permissions;
  const groups = filterNavByPermissions(filterNavGroups(NAV_GROUPS, team), permissions);
  return (
    <div className="flex h-full min-h-0 flex-col gap-2 bg-sidebar text-sidebar-foreground">
      <div className="border-b border-sidebar-border p-2">
        <TeamSwitcher />
      </div>
      <nav aria-label="Main" className="flex min-h-0 flex-1 flex-col gap-3 overflow-y-auto px-2 pb-4">
        {groups.map((g) => (
          <NavSection key={g.title} group={g} pathname={pathname} onNavigate={onNavigate} />
        ))}
      </nav>
    </div>
  );
}
