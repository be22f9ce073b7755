import { KEYS, TEAMS, type Team } from '@/lib/storage';
import { createPreference, oneOf } from './store';

/** The provider-named team (default, shows all navigation), flow and fabric. */
export { TEAMS, type Team };
/** The teams that narrow the navigation (modules a nav group can list). */
export type TeamModule = Exclude<Team, 'meridian'>;

export const parseTeam = oneOf(TEAMS);

/** Stored under `staging_team`; only the three names are accepted, anything else reads as meridian. */
export const teamPreference = createPreference({ name: KEYS.team, parse: parseTeam });

export const TEAM_LABELS: Record<Team, { name: string; description: string }> = {
  meridian: { name: 'Meridian', description: 'Everything' },
  flow: { name: 'Flow', description: 'Payouts and banking' },
  fabric: { name: 'Fabric', description: 'Identity verification' },
};
