import { lazy } from 'react';
import Columns3 from 'lucide-react/icons/columns-3';
import { buttonVariants } from '@/components/ui/button';
import { MenuOnDemand } from '@/components/ui/menu-on-demand';
import { ColumnPickerContext, type ColumnPickerState } from './column-picker-state';

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
