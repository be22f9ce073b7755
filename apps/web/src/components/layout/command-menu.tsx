import { useEffect, useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { defaultFilter } from 'cmdk';
import type { LucideIcon } from 'lucide-react';
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
import {
  Command,
  CommandEmpty,
  CommandGroup,
  CommandInput,
  CommandItem,
  CommandList,
  CommandSeparator,
} from '@/components/ui/command';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { timeZonePreference } from '@/lib/preferences/display';
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
import { useGlobalSearch } from './global-search';
import { useHelpSearch } from './help-search';
import { usePermissions } from '@/lib/api/user-details';
import { allows, filterNavByPermissions, NAV_GROUPS, type NavPermission, type NavUrl } from './nav-config';
import { useSignOut } from './use-sign-out';
import { traceableId } from '@/lib/trace-id';

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
const RECORD_VALUE = 'record:';
const recordValue = (r: GlobalSearchResult) => `${RECORD_VALUE}${r.type}:${r.id}`;
/** Help articles are matched by the help search too, but rank below screens and actions that match. */
const HELP_VALUE = 'help:';
const paletteFilter = (value: string, search: string, keywords?: string[]) =>
  value.startsWith(RECORD_VALUE)
    ? 1
    : value.startsWith(HELP_VALUE)
      ? 0.01
      : defaultFilter(value, search, keywords);

/** Results in the server's order, grouped by kind. */
function byKind(results: GlobalSearchResult[]): [string, GlobalSearchResult[]][] {
  const groups = new Map<string, GlobalSearchResult[]>();
  for (const r of results) groups.set(r.type, [...(groups.get(r.type) ?? []), r]);
  return [...groups];
}

function Current({ on }: { on: boolean }) {
  return on ? <Check className="ml-auto size-4" aria-label="current" /> : null;
}

/**
 * The palette's content; it mounts when the dialog opens, so every opening starts empty and closing it
 * drops (and aborts) the search in flight.
 */
function CommandPalette({ close }: { close: () => void }) {
  const navigate = useNavigate();
  const signOut = useSignOut();
  const team = teamPreference.use();
  const theme = themePreference.use();
  const font = fontPreference.use();
  const timeZone = timeZonePreference.use();
  const permissions = usePermissions()?.permissions;
  const pageGroups = filterNavByPermissions(PAGE_GROUPS, permissions);
  const actions = ACTIONS.filter((a) => allows(a.permission, permissions));
  const [input, setInput] = useState('');
  const [selected, setSelected] = useState('');
  const search = useGlobalSearch(input, timeZone);
  // A request id or a urn typed whole: its trace can be opened (members who read the request log).
  const traceId = allows('logs.read', permissions) ? traceableId(input) : null;
  const traceValue = traceId ? `${RECORD_VALUE}trace:${traceId}` : '';
  const helpHits = useHelpSearch(input);
  const run = (action: () => unknown) => {
    close();
    void action();
  };

  // When records arrive they are the best matches: select the first, so Enter opens it.
  const first = search.results[0];
  useEffect(() => {
    if (first) setSelected(recordValue(first));
  }, [first]);
  // An id typed whole: Enter opens its trace, until a record found by it is selected.
  useEffect(() => {
    if (traceValue) setSelected(traceValue);
  }, [traceValue]);

  const status = search.searching
    ? 'Searching records…'
    : search.error
      ? 'The search failed.'
      : search.results.length
        ? `${search.results.length} matching record${search.results.length === 1 ? '' : 's'}.`
        : '';

  return (
    <Command label="Command palette" loop filter={paletteFilter} value={selected} onValueChange={setSelected}>
      <CommandInput
        placeholder="Search payouts, beneficiaries, screens and actions…"
        value={input}
        onValueChange={setInput}
      />
      <p className="sr-only" role="status" aria-live="polite">
        {status}
      </p>
      <CommandList>
        <CommandEmpty>{search.searching ? 'Searching…' : 'No results found.'}</CommandEmpty>
        {search.error && (
          <p role="alert" className="px-3 py-2 text-sm text-destructive">
            Records could not be searched: {search.error.message}
          </p>
        )}
        {traceId && (
          <CommandGroup heading="Trace">
            <CommandItem
              value={traceValue}
              onSelect={() => run(() => navigate({ to: '/trace/$id', params: { id: traceId } }))}
            >
              <Waypoints aria-hidden />
              <span className="truncate">Open trace of {traceId}</span>
            </CommandItem>
          </CommandGroup>
        )}
        {byKind(search.results).map(([type, results]) => {
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
        })}
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
        <CommandSeparator />
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
        <CommandSeparator />
        <CommandGroup heading="Account">
          <CommandItem value="Sign out" keywords={['log out', 'logout']} onSelect={() => run(signOut)}>
            <LogOut aria-hidden />
            Sign out
          </CommandItem>
        </CommandGroup>
        {/* Last, and ranked last: a screen or action that matches what was typed stays first. */}
        {helpHits.length > 0 && (
          <CommandGroup heading="Help articles">
            {helpHits.map((hit) => (
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
        )}
      </CommandList>
    </Command>
  );
}

/**
 * The command palette (Cmd+K / Ctrl+K): your records as you type (payouts, beneficiaries, from the server's
 * global search), the trace of a request id or urn typed whole, actions (initiate payout, add beneficiary, switch
 * team, theme and font, sign out) and every screen. The shell loads this module when the browser is first idle,
 * so opening it never waits for code.
 */
export default function CommandMenu({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent layout="palette" showClose={false}>
        <DialogTitle className="sr-only">Command palette</DialogTitle>
        <DialogDescription className="sr-only">
          Search for a payout, a beneficiary, a screen or an action.
        </DialogDescription>
        <CommandPalette close={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}
