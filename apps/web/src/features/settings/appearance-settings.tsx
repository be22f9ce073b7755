import {
  FONT_LABELS,
  FONTS,
  fontPreference,
  THEME_LABELS,
  THEMES,
  themePreference,
  type Theme,
} from '@/lib/preferences/theme';
import { ChoiceField } from './choice-field';
import { SettingsSection } from './settings-layout';

const THEME_HINTS: Record<Theme, string> = {
  light: 'Light backgrounds (default).',
  dark: 'Dark backgrounds, easier at night.',
  system: 'Follows your operating system, live.',
  brand: 'Meridian colours.',
};

const FONT_FAMILIES = {
  inter: "'Inter Variable', sans-serif",
  manrope: "'Manrope Variable', sans-serif",
  system: 'system-ui, sans-serif',
} as const;

/** Settings → Appearance: theme and font, stored on this device and applied at once. */
export function AppearanceSettings() {
  const theme = themePreference.use();
  const font = fontPreference.use();
  return (
    <SettingsSection title="Appearance" description="Theme and font of the dashboard on this device.">
      <ChoiceField
        label="Theme"
        value={theme}
        onChange={themePreference.set}
        choices={THEMES.map((t) => ({ value: t, label: THEME_LABELS[t], description: THEME_HINTS[t] }))}
      />
      <ChoiceField
        label="Font"
        columns={3}
        value={font}
        onChange={fontPreference.set}
        choices={FONTS.map((f) => ({
          value: f,
          label: FONT_LABELS[f],
          description: <span style={{ fontFamily: FONT_FAMILIES[f] }}>Aa Bb 0123 ₹1,25,000.00</span>,
        }))}
      />
    </SettingsSection>
  );
}
