import { useNavigate } from '@tanstack/react-router';
import Check from 'lucide-react/icons/check';
import LogOut from 'lucide-react/icons/log-out';
import Monitor from 'lucide-react/icons/monitor';
import Moon from 'lucide-react/icons/moon';
import Palette from 'lucide-react/icons/palette';
import Sun from 'lucide-react/icons/sun';
import Type from 'lucide-react/icons/type';
import Users from 'lucide-react/icons/users';
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
import { NAV_GROUPS } from './nav-config';
import { useSignOut } from './use-sign-out';

const THEME_ICONS: Record<Theme, typeof Sun> = { light: Sun, dark: Moon, system: Monitor, brand: Palette };

function Current({ on }: { on: boolean }) {
  return on ? <Check className="ml-auto size-4" aria-label="current" /> : null;
}

/**
 * The command palette (Cmd+K / Ctrl+K): go to every screen, switch team, theme and font, sign out.
 * Loaded on first open (React.lazy in the shell), so cmdk stays out of the first bundle.
 */
export default function CommandMenu({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const navigate = useNavigate();
  const signOut = useSignOut();
  const team = teamPreference.use();
  const theme = themePreference.use();
  const font = fontPreference.use();
  const run = (action: () => unknown) => {
    onOpenChange(false);
    void action();
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent layout="palette" showClose={false}>
        <DialogTitle className="sr-only">Command palette</DialogTitle>
        <DialogDescription className="sr-only">Search for a screen or an action.</DialogDescription>
        <Command label="Command palette" loop>
          <CommandInput placeholder="Type a command or search…" />
          <CommandList>
            <CommandEmpty>No results found.</CommandEmpty>
            {NAV_GROUPS.map((group) => (
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
          </CommandList>
        </Command>
      </DialogContent>
    </Dialog>
  );
}
