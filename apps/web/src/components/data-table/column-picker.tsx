import { createContext, lazy } from 'react';
import Columns3 from 'lucide-react/icons/columns-3';
import { buttonVariants } from '@/components/ui/button';
import { MenuOnDemand } from '@/components/ui/menu-on-demand';
import type { TableColumn } from './columns';

/** What the picker knows of a column. */
export type PickerColumn = Pick<TableColumn<unknown>, 'id' | 'header' | 'primary' | 'priority'>;

/** What the menu (loaded on demand) needs: the columns, which are shown and how to show or hide one. */
export interface ColumnPickerState {
  columns: readonly PickerColumn[];
  visible: ReadonlySet<string>;
  onChange: (column: PickerColumn, shown: boolean) => void;
}

export const ColumnPickerContext = createContext<ColumnPickerState | null>(null);

const loadMenu = () => import('./column-picker-menu');
const PickerMenu = lazy(loadMenu);

/**
 * "Columns": a menu of checkboxes that shows or hides each column of the table (the column that names the row
 * stays). The choice is remembered per list on this device (useColumnVisibility). The menu's code loads when
 * it is first wanted.
 */
export function ColumnPicker({ listTitle, ...state }: ColumnPickerState & { listTitle: string }) {
  return (
    <ColumnPickerContext.Provider value={state}>
      <MenuOnDemand
        Menu={PickerMenu}
        load={loadMenu}
        trigger={{
          className: buttonVariants({ variant: 'outline' }),
          'aria-label': `Columns of ${listTitle}`,
          children: (
            <>
              <Columns3 aria-hidden />
              Columns
            </>
          ),
        }}
      />
    </ColumnPickerContext.Provider>
  );
}
