import type { ReportPreview } from '@meridian/contract/reports';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';

/** The preview's first rows as the file would have them, and the row count. */
export function PreviewTable({ data }: { data: ReportPreview }) {
  return (
    <section aria-label="Preview" className="flex min-w-0 flex-col gap-2">
      <h3 className="text-sm font-medium">
        Preview: first {data.rows.length} of {data.count.toLocaleString('en-IN')} rows
      </h3>
      <Table density="compact" scrollLabel="Preview of the report">
        <TableCaption>Preview of the report</TableCaption>
        <TableHeader>
          <TableRow>
            {data.columns.map((c) => (
              <TableHead key={c.key} className="whitespace-nowrap">
                {c.label}
              </TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {data.rows.map((r, i) => (
            <TableRow key={i} className="border-t">
              {r.map((v, j) => (
                <TableCell key={j} className="whitespace-nowrap">
                  {v ?? '-'}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </section>
  );
}
