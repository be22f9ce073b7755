import type { LucideIcon } from 'lucide-react';
import { useNavigate } from '@tanstack/react-router';
import type { GlobalSearchResult } from '@meridian/contract';
import Banknote from 'lucide-react/icons/banknote';
import BookOpen from 'lucide-react/icons/book-open';
import Check from 'lucide-react/icons/check';
import FileSearch from 'lucide-react/icons/file-search';
import Inbox from 'lucide-react/icons/inbox';
import Link2 from 'lucide-react/icons/link-2';
import LogOut from 'lucide-react/icons/log-out';
import Monitor from 'lucide-react/icons/monitor';
import Moon from 'lucide-react/icons/moon';
import Palette from 'lucide-react/icons/palette';
import Send from 'lucide-react/icons/send';
import Sun from 'lucide-react/icons/sun';
import Type from 'lucide-react/icons/type';
import UserPlus from 'lucide-react/icons/user-plus';
import UserRound from 'lucide-react/icons/user-round';
import Users from 'lucide-react/icons/users';
import Waypoints from 'lucide-react/icons/waypoints';
import type { HelpHit } from '@/components/help-articles/search';
import { CommandGroup, CommandItem } from '@/components/ui/command';
import {
  FONT_LABELS,
  FONTS,
  fontPreference,
  THEME_LABELS,
  THEMES,
  themePreference,
  type Theme,
} from '@/lib/preferences/theme';
import { TEAM_LABELS, TEAMS, teamPreference } from '@/lib/preferences/team';
import { allows, filterNavByPermissions, NAV_GROUPS, type NavPermission, type NavUrl } from './nav-config';
import { useSignOut } from './use-sign-out';

/** Closes the palette, then does the chosen thing. */
export type Run = (action: () => unknown) => void;

const THEME_ICONS: Record<Theme, typeof Sun> = { light: Sun, dark: Moon, system: Monitor, brand: Palette };

/** The palette's own actions; their screens are left out of the page groups so that each shows once. */
const ACTIONS: {
  title: string;
  url: NavUrl;
  icon: LucideIcon;
  keywords: string[];
  permission: NavPermission;
}[] = [
  {
    title: 'Initiate payout',
    url: '/flow/initiate-payout',
    icon: Send,
    keywords: ['pay', 'send money', 'new'],
    permission: 'payouts.create',
  },
  {
    title: 'Add beneficiary',
    url: '/flow/add-beneficiary',
    icon: UserPlus,
    keywords: ['new', 'payee'],
    permission: 'beneficiaries.manage',
  },
  {
    title: 'Approvals inbox',
    url: '/approvals',
    icon: Inbox,
    keywords: ['approve', 'reject', 'pending', 'maker checker'],
    permission: 'approvals.decide',
  },
];
const ACTION_URLS = new Set(ACTIONS.map((a) => String(a.url)));
const PAGE_GROUPS = NAV_GROUPS.map((g) => ({
  ...g,
  items: g.items.filter((i) => !ACTION_URLS.has(String(i.url))),
}));

/** How the records of each kind are headed and drawn; a kind the web does not know yet still shows. */
const RECORD_KINDS: Record<string, { heading: string; icon: LucideIcon }> = {
  payout: { heading: 'Payouts', icon: Banknote },
  beneficiary: { heading: 'Beneficiaries', icon: UserRound },
  mandate: { heading: 'E-mandates', icon: FileSearch },
  payment_link: { heading: 'Payment links', icon: Link2 },
};
const recordKind = (type: string) =>
  RECORD_KINDS[type] ?? { heading: type.charAt(0).toUpperCase() + type.slice(1), icon: FileSearch };

/** cmdk item values of server results: the server already matched them, so they skip cmdk's own filter. */
export const RECORD_VALUE = 'record:';
export const recordValue = (r: GlobalSearchResult) => `${RECORD_VALUE}${r.type}:${r.id}`;
/** Help articles are matched by the help search too, but rank below screens and actions that match. */
export const HELP_VALUE = 'help:';

/** Results in the server's order, grouped by kind. */
function byKind(results: GlobalSearchResult[]): [string, GlobalSearchResult[]][] {
  const groups = new Map<string, GlobalSearchResult[]>();
  for (const r of results) groups.set(r.type, [...(groups.get(r.type) ?? []), r]);
  return [...groups];
}

function Current({ on }: { on: boolean }) {
  return on ? <Check className="ml-auto size-4" aria-label="current" /> : null;
}

/** The trace of a request id or urn typed whole. */
export function TraceGroup({ traceId, value, run }: { traceId: string; value: string; run: Run }) {
  const navigate = useNavigate();
  return (
    <CommandGroup heading="Trace">
      <CommandItem
        value={value}
        onSelect={() => run(() => navigate({ to: '/trace/$id', params: { id: traceId } }))}
      >
        <Waypoints aria-hidden />
        <span className="truncate">Open trace of {traceId}</span>
      </CommandItem>
    </CommandGroup>
  );
}

/** The server's records, a group per kind, in its order. */
export function RecordGroups({ results, run }: { results: GlobalSearchResult[]; run: Run }) {
  const navigate = useNavigate();
  return byKind(results).map(([type, results]) => {
    const { heading, icon: Icon } = recordKind(type);
    return (
      <CommandGroup key={type} heading={heading}>
        {results.map((r) => (
          <CommandItem
            key={recordValue(r)}
            value={recordValue(r)}
            onSelect={() => run(() => navigate({ to: r.route.to as NavUrl, search: r.route.search }))}
          >
            <Icon aria-hidden />
            <span className="flex min-w-0 flex-col">
              <span className="truncate">{r.title}</span>
              <span className="truncate text-xs text-muted-foreground">{r.subtitle}</span>
            </span>
          </CommandItem>
        ))}
      </CommandGroup>
    );
  });
}

/** The actions and every screen the member's role allows, by navigation group. */
export function NavigationGroups({
  permissions,
  run,
}: {
  permissions: ReadonlySet<string> | undefined;
  run: Run;
}) {
  const navigate = useNavigate();
  const pageGroups = filterNavByPermissions(PAGE_GROUPS, permissions);
  const actions = ACTIONS.filter((a) => allows(a.permission, permissions));
  return (
    <>
      <CommandGroup heading="Actions">
        {actions.map(({ title, url, icon: Icon, keywords }) => (
          <CommandItem
            key={title}
            value={title}
            keywords={keywords}
            onSelect={() => run(() => navigate({ to: url }))}
          >
            <Icon aria-hidden />
            {title}
          </CommandItem>
        ))}
      </CommandGroup>
      {pageGroups.map((group) => (
        <CommandGroup key={group.title} heading={group.title}>
          {group.items.map(({ title, url, icon: Icon }) => (
            <CommandItem
              key={String(url)}
              value={title}
              keywords={[group.title, String(url)]}
              onSelect={() => run(() => navigate({ to: url }))}
            >
              <Icon aria-hidden />
              {title}
            </CommandItem>
          ))}
        </CommandGroup>
      ))}
    </>
  );
}

/** Team, theme and font, the current one of each checked. */
export function PreferenceGroups({ run }: { run: Run }) {
  const team = teamPreference.use();
  const theme = themePreference.use();
  const font = fontPreference.use();
  return (
    <>
      <CommandGroup heading="Team">
        {TEAMS.map((t) => (
          <CommandItem
            key={t}
            value={`Switch to team ${TEAM_LABELS[t].name}`}
            keywords={['team']}
            onSelect={() => run(() => teamPreference.set(t))}
          >
            <Users aria-hidden />
            Switch to team {TEAM_LABELS[t].name}
            <Current on={team === t} />
          </CommandItem>
        ))}
      </CommandGroup>
      <CommandGroup heading="Theme">
        {THEMES.map((t) => {
          const Icon = THEME_ICONS[t];
          return (
            <CommandItem
              key={t}
              value={`${THEME_LABELS[t]} theme`}
              keywords={['appearance', 'colour', 'color']}
              onSelect={() => run(() => themePreference.set(t))}
            >
              <Icon aria-hidden />
              {THEME_LABELS[t]} theme
              <Current on={theme === t} />
            </CommandItem>
          );
        })}
      </CommandGroup>
      <CommandGroup heading="Font">
        {FONTS.map((f) => (
          <CommandItem
            key={f}
            value={`${FONT_LABELS[f]} font`}
            keywords={['font', 'typeface']}
            onSelect={() => run(() => fontPreference.set(f))}
          >
            <Type aria-hidden />
            {FONT_LABELS[f]}
            <Current on={font === f} />
          </CommandItem>
        ))}
      </CommandGroup>
    </>
  );
}

/** Sign out. */
export function AccountGroup({ run }: { run: Run }) {
  const signOut = useSignOut();
  return (
    <CommandGroup heading="Account">
      <CommandItem value="Sign out" keywords={['log out', 'logout']} onSelect={() => run(signOut)}>
        <LogOut aria-hidden />
        Sign out
      </CommandItem>
    </CommandGroup>
  );
}

/** The help articles (or their sections) that match what was typed. */
export function HelpGroup({ hits, run }: { hits: HelpHit[]; run: Run }) {
  const navigate = useNavigate();
  return (
    <CommandGroup heading="Help articles">
      {hits.map((hit) => (
        <CommandItem
          key={hit.article.slug}
          value={`${HELP_VALUE}${hit.article.slug}`}
          onSelect={() =>
            run(() =>
              navigate({
                to: '/help-center/$slug',
                params: { slug: hit.article.slug },
                hash: hit.sectionId || undefined,
              }),
            )
          }
        >
          <BookOpen aria-hidden />
          <span className="flex min-w-0 flex-col">
            <span className="truncate">{hit.article.title}</span>
            <span className="truncate text-xs text-muted-foreground">
              {hit.sectionHeading || hit.article.summary}
            </span>
          </span>
        </CommandItem>
      ))}
    </CommandGroup>
  );
}
