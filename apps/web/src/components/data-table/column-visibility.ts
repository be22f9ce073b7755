import { useMemo } from 'react';
import type { ColumnPriority } from '@meridian/contract/lists';
import { createPreference, type Preference } from '@/lib/preferences/store';

/**
 * Which columns of a list are shown: priority 1 and 2 by default, priority 3 (kept for the details, the picker
 * and the files) hidden. The user's choices in the column picker are stored per list on this device, as the
 * columns that differ from that default (`{ "ifsc_code": true, "created_at": false }`), so a column added to a
 * list later still gets its default.
 */
export type ColumnChoices = Readonly<Record<string, boolean>>;

interface PickableColumn {
  id: string;
  priority: ColumnPriority;
  /** The column that names the row cannot be hidden. */
  primary?: boolean;
}

export const shownByDefault = (column: PickableColumn): boolean => column.priority !== 3;

/** The ids of the shown columns, in column order. */
export function visibleColumnIds(columns: readonly PickableColumn[], choices: ColumnChoices): string[] {
  return columns.filter((c) => c.primary === true || (choices[c.id] ?? shownByDefault(c))).map((c) => c.id);
}

/** The choices after showing or hiding one column (a choice equal to the default is forgotten). */
export function chooseColumn(choices: ColumnChoices, column: PickableColumn, shown: boolean): ColumnChoices {
  const next = { ...choices };
  if (shown === shownByDefault(column)) delete next[column.id];
  else next[column.id] = shown;
  return next;
}

/** Stored choices as written by `chooseColumn`; anything else is dropped. */
export function parseChoices(raw: string | null): ColumnChoices {
  if (!raw) return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    return Object.fromEntries(
      Object.entries(parsed).filter((entry): entry is [string, boolean] => typeof entry[1] === 'boolean'),
    );
  } catch {
    return {};
  }
}

const preferences = new Map<string, Preference<ColumnChoices>>();

/** The stored column choices of a list (`{prefix}_columns_{list}` in localStorage). */
export function columnChoicesPreference(listName: string): Preference<ColumnChoices> {
  let preference = preferences.get(listName);
  if (!preference) {
    preference = createPreference<ColumnChoices>({
      name: `columns_${listName}`,
      parse: parseChoices,
      serialize: (choices) => JSON.stringify(choices),
    });
    preferences.set(listName, preference);
  }
  return preference;
}

/** The shown columns of a list and how to show or hide one (remembered on this device). */
export function useColumnVisibility(listName: string, columns: readonly PickableColumn[]) {
  const preference = columnChoicesPreference(listName);
  const choices = preference.use();
  const visible = useMemo(() => new Set(visibleColumnIds(columns, choices)), [columns, choices]);
  const setShown = (column: PickableColumn, shown: boolean) =>
    preference.set(chooseColumn(preference.get(), column, shown));
  return { visible, setShown };
}
