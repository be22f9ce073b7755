import Columns3 from 'lucide-react/icons/columns-3';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import type { TableColumn } from './columns';

/**
 * "Columns": a menu of checkboxes that shows or hides each column of the table (the column that names the row
 * stays). The choice is remembered per list on this device (useColumnVisibility).
 */
export function ColumnPicker<Row>({
  listTitle,
  columns,
  visible,
  onChange,
}: {
  listTitle: string;
  columns: readonly TableColumn<Row>[];
  visible: ReadonlySet<string>;
  onChange: (column: TableColumn<Row>, shown: boolean) => void;
}) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" aria-label={`Columns of ${listTitle}`}>
          <Columns3 aria-hidden />
          Columns
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-56">
        <DropdownMenuLabel>Show columns</DropdownMenuLabel>
        <DropdownMenuSeparator />
        {columns.map((c) => (
          <DropdownMenuCheckboxItem
            key={c.id}
            checked={visible.has(c.id)}
            disabled={c.primary}
            // Keep the menu open: several columns are usually picked at once.
            onSelect={(event) => event.preventDefault()}
            onCheckedChange={(checked) => onChange(c, checked === true)}
          >
            {c.header}
          </DropdownMenuCheckboxItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
