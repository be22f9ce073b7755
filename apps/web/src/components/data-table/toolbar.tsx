import { useId, useState, type FormEvent } from 'react';
import Download from 'lucide-react/icons/download';
import RefreshCw from 'lucide-react/icons/refresh-cw';
import SearchIcon from 'lucide-react/icons/search';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { cx } from '@/lib/cx';

export interface SearchKeyOption {
  value: string;
  label: string;
}

/**
 * One search key and one value: submitting replaces the active search. The draft follows the URL
 * when that changes (e.g. back navigation).
 */
export function SearchForm({
  name,
  keys,
  activeKey,
  activeValue,
  onSearch,
}: {
  /** What is searched, for the form's accessible name, e.g. "payouts". */
  name: string;
  keys: readonly SearchKeyOption[];
  activeKey: string;
  activeValue: string;
  onSearch: (key: string, value: string) => void;
}) {
  const id = useId();
  const [key, setKey] = useState(activeKey);
  const [value, setValue] = useState(activeValue);
  const [active, setActive] = useState({ key: activeKey, value: activeValue });
  if (active.key !== activeKey || active.value !== activeValue) {
    setActive({ key: activeKey, value: activeValue });
    setKey(activeKey);
    setValue(activeValue);
  }
  const label = keys.find((k) => k.value === key)?.label ?? key;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(key, value);
  };
  return (
    <form
      role="search"
      aria-label={`Search ${name}`}
      onSubmit={submit}
      className="flex flex-wrap items-end gap-3"
    >
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-key`}>Search by</Label>
        <Select id={`${id}-key`} value={key} onChange={(e) => setKey(e.target.value)} className="w-52">
          {keys.map((k) => (
            <option key={k.value} value={k.value}>
              {k.label}
            </option>
          ))}
        </Select>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-value`}>Value</Label>
        <Input
          id={`${id}-value`}
          type="search"
          value={value}
          maxLength={100}
          autoComplete="off"
          spellCheck={false}
          placeholder={label}
          onChange={(e) => setValue(e.target.value)}
          className="w-56"
        />
      </div>
      <Button type="submit" variant="secondary">
        <SearchIcon aria-hidden />
        Search
      </Button>
      {activeValue !== '' && (
        <Button variant="ghost" onClick={() => onSearch(activeKey, '')}>
          Clear search
        </Button>
      )}
    </form>
  );
}

/** One extra filter of a list (DataTable `filters`): a labelled select with an "all" option. */
export function FilterSelect({
  filter,
  of,
}: {
  filter: {
    label: string;
    value: string;
    options: readonly SearchKeyOption[];
    allLabel?: string;
    onChange: (value: string) => void;
  };
  /** On a page with two lists: the list's name, heard after the label ("Status of line items"). */
  of?: string | undefined;
}) {
  const id = useId();
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>
        {filter.label}
        <ListOf of={of} />
      </Label>
      <Select id={id} value={filter.value} onChange={(e) => filter.onChange(e.target.value)} className="w-40">
        <option value="">{filter.allLabel ?? 'All'}</option>
        {filter.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </Select>
    </div>
  );
}

/** " of {list}" for screen readers only: the visible label stays short, the accessible name names the list. */
export function ListOf({ of }: { of: string | undefined }) {
  return of ? <span className="sr-only"> of {of}</span> : null;
}

export function ToolbarActions({
  refreshing,
  downloading,
  onRefresh,
  onDownload,
}: {
  refreshing: boolean;
  downloading: boolean;
  onRefresh: () => void;
  onDownload: () => void;
}) {
  return (
    <div className="flex items-end gap-2">
      <Button variant="outline" onClick={onRefresh}>
        <RefreshCw aria-hidden className={cx(refreshing && 'animate-spin motion-reduce:animate-none')} />
        Refresh
      </Button>
      <Button variant="outline" onClick={onDownload} disabled={downloading}>
        <Download aria-hidden />
        {downloading ? 'Downloading…' : 'Download CSV'}
      </Button>
    </div>
  );
}
