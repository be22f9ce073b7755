import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import type { OnDemandMenuProps } from '@/components/ui/menu-on-demand';
import { parseTeam, TEAM_LABELS, TEAMS, teamPreference } from '@/lib/preferences/team';

/** The team switcher's dropdown (loaded on demand by TeamSwitcher): the three teams, the current one checked. */
export default function TeamSwitcherDropdown({ trigger, open, onOpenChange }: OnDemandMenuProps) {
  const team = teamPreference.use();
  return (
    <DropdownMenu open={open} onOpenChange={onOpenChange}>
      <DropdownMenuTrigger {...trigger} />
      <DropdownMenuContent className="w-60" align="start">
        <DropdownMenuLabel className="text-xs font-medium text-muted-foreground">Teams</DropdownMenuLabel>
        <DropdownMenuRadioGroup value={team} onValueChange={(v) => teamPreference.set(parseTeam(v))}>
          {TEAMS.map((t) => (
            <DropdownMenuRadioItem key={t} value={t}>
              <span className="grid">
                <span>{TEAM_LABELS[t].name}</span>
                <span className="text-xs text-muted-foreground">{TEAM_LABELS[t].description}</span>
              </span>
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
