import { FONTS, KEYS, THEMES, type Font, type Theme } from '@/lib/storage';
import { createPreference, oneOf } from './store';

// Themes light (default), dark, system (follows the OS), brand; fonts inter (default), manrope,
// system. The lists live in @/lib/storage; public/theme-init.js repeats them (it runs before any bundle).
export { FONTS, THEMES, type Font, type Theme };

export const parseTheme = oneOf(THEMES);
export const parseFont = oneOf(FONTS);

export const themePreference = createPreference({ name: KEYS.theme, parse: parseTheme });
export const fontPreference = createPreference({ name: KEYS.font, parse: parseFont });

export const THEME_LABELS: Record<Theme, string> = {
  light: 'Light',
  dark: 'Dark',
  system: 'System',
  brand: 'Brand',
};
export const FONT_LABELS: Record<Font, string> = {
  inter: 'Inter',
  manrope: 'Manrope',
  system: 'System font',
};

const DARK_QUERY = '(prefers-color-scheme: dark)';

function systemPrefersDark(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches;
}

/** Whether a theme renders dark, given the OS preference. */
export function isDarkTheme(theme: Theme, prefersDark: boolean): boolean {
  return theme === 'dark' || (theme === 'system' && prefersDark);
}

/** Applies a theme to <html> exactly as public/theme-init.js does before first paint. */
export function applyTheme(
  theme: Theme,
  root: HTMLElement = document.documentElement,
  prefersDark = systemPrefersDark(),
) {
  root.classList.toggle('dark', isDarkTheme(theme, prefersDark));
  root.classList.toggle('brand', theme === 'brand');
  root.dataset.theme = theme;
}

export function applyFont(font: Font, root: HTMLElement = document.documentElement) {
  root.dataset.font = font;
}

/**
 * Keeps <html> in step with the stored theme and font: on change (this tab or another) and, for the
 * system theme, live with the OS setting. Returns the cleanup.
 */
export function watchAppearance(): () => void {
  const sync = () => {
    applyTheme(themePreference.get());
    applyFont(fontPreference.get());
  };
  const media = typeof window.matchMedia === 'function' ? window.matchMedia(DARK_QUERY) : undefined;
  const onOsChange = () => {
    if (themePreference.get() === 'system') sync();
  };
  sync();
  const offTheme = themePreference.subscribe(sync);
  const offFont = fontPreference.subscribe(sync);
  media?.addEventListener('change', onOsChange);
  return () => {
    offTheme();
    offFont();
    media?.removeEventListener('change', onOsChange);
  };
}
