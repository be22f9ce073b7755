export { AuthenticatedLayout } from './authenticated-layout';
export {
  ACTIVITY_EVENTS,
  INACTIVITY_LIMIT_MS,
  LOGOUT_REDIRECT_DELAY_MS,
  MOUSEMOVE_DEBOUNCE_MS,
  startInactivityTimer,
} from './inactivity';
