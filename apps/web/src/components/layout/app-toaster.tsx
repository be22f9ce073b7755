import { Toaster } from 'sonner';
import { isDarkTheme, themePreference } from '@/lib/preferences/theme';

/** Spec §9: toasts last 2 s. Loaded lazily by the root route, so sonner stays out of the first bundle. */
export default function AppToaster() {
  const theme = themePreference.use();
  const toasterTheme = theme === 'system' ? 'system' : isDarkTheme(theme, false) ? 'dark' : 'light';
  return <Toaster duration={2000} theme={toasterTheme} position="top-right" closeButton />;
}
