import ChevronsUpDown from 'lucide-react/icons/chevrons-up-down';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { parseTeam, TEAM_LABELS, TEAMS, teamPreference } from '@/lib/preferences/team';

/** Switches the team, which filters the navigation (spec §1); the choice is stored as `staging_team`. */
export function TeamSwitcher() {
  const team = teamPreference.use();
  const current = TEAM_LABELS[team];
  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        className="flex w-full items-center gap-3 rounded-lg p-2 text-left outline-none hover:bg-sidebar-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 data-[state=open]:bg-sidebar-accent"
        aria-label={`Team: ${current.name}. Switch team`}
        data-testid="team-switcher"
      >
        <span
          className="flex size-8 shrink-0 items-center justify-center rounded-md bg-primary text-sm font-bold text-primary-foreground"
          aria-hidden
        >
          {current.name[0]}
        </span>
        <span className="grid flex-1 leading-tight">
          <span className="truncate font-semibold">{current.name}</span>
          <span className="truncate text-xs opacity-80">{current.description}</span>
        </span>
        <ChevronsUpDown className="size-4 opacity-70" aria-hidden />
      </DropdownMenuTrigger>
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
