import { useEffect } from 'react';
import { Toaster } from 'sonner';
import { isDarkTheme, themePreference } from '@/lib/preferences/theme';
import { toasterMounted } from '@/lib/toast';

/** sonner's Toaster in the app's theme; toasts last 2 s. Loaded with the first toast. */
export default function SonnerToaster() {
  const theme = themePreference.use();
  const toasterTheme = theme === 'system' ? 'system' : isDarkTheme(theme, false) ? 'dark' : 'light';
  // Runs after the Toaster (a child) has subscribed to new toasts.
  useEffect(() => toasterMounted(), []);
  return <Toaster duration={2000} theme={toasterTheme} position="top-right" closeButton />;
}
