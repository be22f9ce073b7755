import type { ReportFormat, ReportTypeInfo } from '@meridian/contract/reports';
import { DateRangePicker } from '@/components/data-table/date-range-picker';
import { FormField } from '@/components/form/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import type { ReportFormState } from './use-report-form';

const FORMAT_LABELS: Record<ReportFormat, string> = {
  csv: 'CSV',
  xlsx: 'Excel (XLSX)',
  json: 'JSON',
  pdf: 'PDF',
};

/** The request's range, format, search and filters. */
export function ReportFields({
  id,
  info,
  form,
}: {
  id: string;
  info: ReportTypeInfo;
  form: ReportFormState;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      <DateRangePicker range={form.range} today={form.today} onChange={form.setRange} />
      <FormField id={`${id}-format`} label="Format">
        {(p) => (
          <Select {...p} value={form.format} onChange={(e) => form.setFormat(e.target.value as ReportFormat)}>
            {info.formats.map((f) => (
              <option key={f} value={f}>
                {FORMAT_LABELS[f]}
              </option>
            ))}
          </Select>
        )}
      </FormField>
      {info.search_keys.length > 0 && <SearchFields id={id} info={info} form={form} />}
      {info.filters.map((f) => (
        <FilterField key={f.key} id={id} filter={f} form={form} />
      ))}
    </div>
  );
}

function SearchFields({ id, info, form }: { id: string; info: ReportTypeInfo; form: ReportFormState }) {
  return (
    <>
      <FormField id={`${id}-key`} label="Search by">
        {(p) => (
          <Select {...p} value={form.searchKey} onChange={(e) => form.setSearchKey(e.target.value)}>
            {info.search_keys.map((k) => (
              <option key={k} value={k}>
                {info.search_key_labels[k] ?? k}
              </option>
            ))}
          </Select>
        )}
      </FormField>
      <FormField id={`${id}-value`} label="Search value" optional>
        {(p) => (
          <Input
            {...p}
            value={form.searchValue}
            maxLength={100}
            onChange={(e) => form.setSearchValue(e.target.value)}
          />
        )}
      </FormField>
    </>
  );
}

/** One of the type's filters: a choice of its values, or free text. */
function FilterField({
  id,
  filter: f,
  form: { filters, setFilters },
}: {
  id: string;
  filter: ReportTypeInfo['filters'][number];
  form: ReportFormState;
}) {
  return (
    <FormField id={`${id}-${f.key}`} label={f.label} optional>
      {(p) =>
        f.values ? (
          <Select
            {...p}
            value={filters[f.key] ?? ''}
            onChange={(e) => setFilters({ ...filters, [f.key]: e.target.value })}
          >
            <option value="">All</option>
            {f.values.map((v) => (
              <option key={v} value={v}>
                {f.value_labels[v] ?? v}
              </option>
            ))}
          </Select>
        ) : (
          <Input
            {...p}
            value={filters[f.key] ?? ''}
            maxLength={64}
            onChange={(e) => setFilters({ ...filters, [f.key]: e.target.value })}
          />
        )
      }
    </FormField>
  );
}

/** The columns to include, in the type's order; at least one. */
export function ColumnPicker({
  info,
  form: { columns, picked, setPicked },
}: {
  info: ReportTypeInfo;
  form: ReportFormState;
}) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="text-sm font-medium">
        Columns ({columns.length} of {info.columns.length})
      </legend>
      <div className="flex flex-wrap gap-x-4 gap-y-2">
        {info.columns.map((c) => (
          <label key={c.key} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="size-4 accent-primary"
              checked={picked.has(c.key)}
              onChange={(e) => {
                const next = new Set(picked);
                if (e.target.checked) next.add(c.key);
                else next.delete(c.key);
                setPicked(next);
              }}
            />
            {c.label}
          </label>
        ))}
      </div>
      {!columns.length && (
        <p role="alert" className="text-sm text-destructive">
          Choose at least one column.
        </p>
      )}
    </fieldset>
  );
}
