import { useContext } from 'react';
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import type { OnDemandMenuProps } from '@/components/ui/menu-on-demand';
import { ColumnPickerContext } from './column-picker-state';

/**
 * The "Columns" dropdown (loaded on demand by ColumnPicker): a checkbox per column; the column that names the
 * row is checked and disabled. Choosing keeps the menu open, as several columns are usually picked at once.
 */
export default function ColumnPickerMenu({ trigger, open, onOpenChange }: OnDemandMenuProps) {
  const picker = useContext(ColumnPickerContext);
  if (!picker) throw new Error('ColumnPickerMenu outside ColumnPicker');
  return (
    <DropdownMenu open={open} onOpenChange={onOpenChange}>
      <DropdownMenuTrigger {...trigger} />
      <DropdownMenuContent align="end" className="w-56">
        <DropdownMenuLabel>Show columns</DropdownMenuLabel>
        <DropdownMenuSeparator />
        {picker.columns.map((c) => (
          <DropdownMenuCheckboxItem
            key={c.id}
            checked={picker.visible.has(c.id)}
            disabled={c.primary}
            onSelect={(event) => event.preventDefault()}
            onCheckedChange={(checked) => picker.onChange(c, checked === true)}
          >
            {c.header}
          </DropdownMenuCheckboxItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
