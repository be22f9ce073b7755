import { lazy } from 'react';
import ChevronsUpDown from 'lucide-react/icons/chevrons-up-down';
import { MenuOnDemand } from '@/components/ui/menu-on-demand';
import { TEAM_LABELS, teamPreference } from '@/lib/preferences/team';

const loadDropdown = () => import('./team-switcher-dropdown');
const TeamSwitcherDropdown = lazy(loadDropdown);

/**
 * Switches the team, which filters the navigation; the choice is stored as `staging_team`. The menu
 * loads on demand.
 */
export function TeamSwitcher() {
  const team = teamPreference.use();
  const current = TEAM_LABELS[team];
  return (
    <MenuOnDemand
      Menu={TeamSwitcherDropdown}
      load={loadDropdown}
      trigger={{
        className:
          'flex w-full items-center gap-3 rounded-lg p-2 text-left outline-none hover:bg-sidebar-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 data-[state=open]:bg-sidebar-accent',
        'aria-label': `Team: ${current.name}. Switch team`,
        'data-testid': 'team-switcher',
        children: (
          <>
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
          </>
        ),
      }}
    />
  );
}
