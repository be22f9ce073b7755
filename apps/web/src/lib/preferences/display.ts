import { DATE_FORMATS, DEFAULT_TIME_ZONE, isValidTimeZone, type DateFormat } from '@/lib/format/date';
import { createPreference, oneOf } from './store';

export const DENSITIES = ['comfortable', 'compact'] as const;
export type Density = (typeof DENSITIES)[number];

export const timeZonePreference = createPreference({
  name: 'time_zone',
  parse: (raw) => (raw && isValidTimeZone(raw) ? raw : DEFAULT_TIME_ZONE),
});
export const dateFormatPreference = createPreference<DateFormat>({
  name: 'date_format',
  parse: oneOf(DATE_FORMATS),
});
export const densityPreference = createPreference({ name: 'table_density', parse: oneOf(DENSITIES) });

/** Mirrors the density on <html data-density> (theme-init.js sets it before first paint). */
export function applyDensity(density: Density, root: HTMLElement = document.documentElement) {
  root.dataset.density = density;
}
