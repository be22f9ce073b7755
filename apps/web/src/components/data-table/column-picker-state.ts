import { createContext } from 'react';
import type { TableColumn } from './columns';

// What ColumnPicker hands to its menu (column-picker-menu.tsx, loaded on demand), apart so that the menu does not
// import the picker that loads it.

/** What the picker knows of a column. */
export type PickerColumn = Pick<TableColumn<unknown>, 'id' | 'header' | 'primary' | 'priority'>;

/** What the menu (loaded on demand) needs: the columns, which are shown and how to show or hide one. */
export interface ColumnPickerState {
  columns: readonly PickerColumn[];
  visible: ReadonlySet<string>;
  onChange: (column: PickerColumn, shown: boolean) => void;
}

export const ColumnPickerContext = createContext<ColumnPickerState | null>(null);
