import { useId, useMemo } from 'react';
import { DATE_FORMATS, DEFAULT_TIME_ZONE, formatDateTime } from '@/lib/format/date';
import {
  densityPreference,
  dateFormatPreference,
  timeZonePreference,
  DENSITIES,
  applyDensity,
} from '@/lib/preferences/display';
import { ChoiceField } from './choice-field';
import { SettingsSection } from './settings-layout';

const COMMON_ZONES = [
  'Asia/Kolkata',
  'UTC',
  'Asia/Dubai',
  'Asia/Singapore',
  'Europe/London',
  'America/New_York',
];

function allTimeZones(): string[] {
  const supported = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set([DEFAULT_TIME_ZONE, 'UTC', ...supported])].sort((a, b) => a.localeCompare(b));
}

/** Settings → Display: time zone, date format and table density (device preferences). */
export function DisplaySettings() {
  const timeZone = timeZonePreference.use();
  const dateFormat = dateFormatPreference.use();
  const density = densityPreference.use();
  const zones = useMemo(allTimeZones, []);
  const id = useId();
  const sample = useMemo(() => new Date().toISOString(), []);

  return (
    <SettingsSection title="Display" description="How dates, times and tables are shown on this device.">
      <div className="grid gap-2">
        <label htmlFor={`${id}-tz`} className="text-sm font-medium">
          Time zone
        </label>
        <select
          id={`${id}-tz`}
          value={timeZone}
          onChange={(e) => timeZonePreference.set(e.target.value)}
          aria-describedby={`${id}-tz-hint`}
          className="h-9 w-full max-w-sm rounded-md border border-input bg-background px-3 text-sm shadow-xs outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
        >
          <optgroup label="Common">
            {COMMON_ZONES.map((z) => (
              <option key={`common-${z}`} value={z}>
                {z}
              </option>
            ))}
          </optgroup>
          <optgroup label="All time zones">
            {zones.map((z) => (
              <option key={z} value={z}>
                {z}
              </option>
            ))}
          </optgroup>
        </select>
        <p id={`${id}-tz-hint`} className="text-sm text-muted-foreground">
          Dates and times are shown in this zone; date filters use whole days in it. Default:{' '}
          {DEFAULT_TIME_ZONE}.
        </p>
      </div>
      <ChoiceField
        label="Date format"
        value={dateFormat}
        onChange={dateFormatPreference.set}
        choices={DATE_FORMATS.map((f) => ({
          value: f,
          label: f,
          description: `e.g. ${formatDateTime(sample, timeZone, f)}`,
        }))}
      />
      <ChoiceField
        label="Table density"
        value={density}
        onChange={(d) => {
          densityPreference.set(d);
          applyDensity(d);
        }}
        choices={DENSITIES.map((d) => ({
          value: d,
          label: d === 'comfortable' ? 'Comfortable' : 'Compact',
          description: d === 'comfortable' ? 'Roomier rows (default).' : 'More rows on screen.',
        }))}
      />
    </SettingsSection>
  );
}
