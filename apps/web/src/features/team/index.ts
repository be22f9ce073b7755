export { TeamSettings } from './team-settings';
