import { useId, useState, type Dispatch, type FormEvent, type SetStateAction } from 'react';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import SearchIcon from 'lucide-react/icons/search';
import type { Company } from '@meridian/contract/accounts';
import { Code } from '@/components/data-table';
import { Pagination } from '@/components/data-table/pagination';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
  TableStateRow,
} from '@/components/ui/table';
import { cx } from '@/lib/cx';
import {
  companiesCountQueryOptions,
  companiesQueryOptions,
  optionsQueryOptions,
  toConsumerTypeFilter,
  type CompaniesFilter,
} from './api';
import { formatCredits } from './adjust-dialog';
import { LiveModeToggle } from './live-mode-toggle';

const th = 'whitespace-nowrap text-muted-foreground';
const td = 'align-top';

/**
 * Companies by name or client id and consumer type, with their credits, users and live mode (opened or closed
 * here by Meridian operations); a row selects one.
 */
export function CompaniesList({
  selected,
  onSelect,
}: {
  selected: string | undefined;
  onSelect: (company: Company) => void;
}) {
  const id = useId();
  const [filter, setFilter] = useState<CompaniesFilter>({
    search_value: '',
    consumer_type: '',
    limit: 10,
    offset: 0,
  });
  const list = useQuery(companiesQueryOptions(filter));
  const count = useQuery(companiesCountQueryOptions(filter));
  const rows = list.data ?? [];
  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-3">
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        Companies
      </h2>
      <CompaniesFilters id={id} filter={filter} setFilter={setFilter} />
      {list.isError && !list.data ? (
        <div role="alert" className="flex flex-col items-start gap-2">
          <p>The companies could not be loaded: {list.error.message}</p>
          <Button variant="outline" onClick={() => void list.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <CompaniesTable list={list} searched={filter.search_value} selected={selected} onSelect={onSelect} />
      )}
      <Pagination
        offset={filter.offset}
        limit={filter.limit}
        rows={rows.length}
        count={count.data}
        onOffset={(offset) => setFilter((f) => ({ ...f, offset }))}
        onLimit={(limit) => setFilter((f) => ({ ...f, limit, offset: 0 }))}
      />
    </section>
  );
}

/** The search by name or client id (sent on submit) and the consumer type (at once); both go to page one. */
function CompaniesFilters({
  id,
  filter,
  setFilter,
}: {
  id: string;
  filter: CompaniesFilter;
  setFilter: Dispatch<SetStateAction<CompaniesFilter>>;
}) {
  const [draft, setDraft] = useState('');
  const consumerTypes = useQuery(optionsQueryOptions('consumer_types'));
  const search = (event: FormEvent) => {
    event.preventDefault();
    setFilter((f) => ({ ...f, search_value: draft.trim(), offset: 0 }));
  };
  return (
    <div className="flex flex-wrap items-end gap-3">
      <form
        role="search"
        aria-label="Search companies"
        onSubmit={search}
        className="flex flex-wrap items-end gap-3"
      >
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-search`}>Company name or client ID</Label>
          <Input
            id={`${id}-search`}
            type="search"
            value={draft}
            maxLength={100}
            autoComplete="off"
            onChange={(e) => setDraft(e.target.value)}
            className="w-60"
          />
        </div>
        <Button type="submit" variant="secondary">
          <SearchIcon aria-hidden />
          Search
        </Button>
      </form>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-type`}>Consumer type</Label>
        <Select
          id={`${id}-type`}
          value={filter.consumer_type}
          onChange={(e) =>
            setFilter((f) => ({ ...f, consumer_type: toConsumerTypeFilter(e.target.value), offset: 0 }))
          }
          className="w-44"
        >
          <option value="">All consumer types</option>
          {(consumerTypes.data ?? []).map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </Select>
      </div>
    </div>
  );
}

/** The page of companies (dimmed while the next one loads), or why there is none. */
function CompaniesTable({
  list,
  searched,
  selected,
  onSelect,
}: {
  list: UseQueryResult<Company[]>;
  searched: string;
  selected: string | undefined;
  onSelect: (company: Company) => void;
}) {
  const rows = list.data ?? [];
  return (
    <Table
      scrollLabel="Companies and their credits"
      className={cx(list.isPlaceholderData && 'opacity-60')}
      aria-busy={list.isFetching || undefined}
    >
      <TableCaption>Companies and their credits</TableCaption>
      <TableHeader className="bg-muted/50">
        <TableRow>
          <TableHead className={th}>Company</TableHead>
          <TableHead className={th}>Client ID</TableHead>
          <TableHead className={th}>Consumer type</TableHead>
          <TableHead align="right" className={th}>
            Credits
          </TableHead>
          <TableHead align="right" className={th}>
            Users
          </TableHead>
          <TableHead className={th}>Live mode</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {list.isPending ? (
          <TableStateRow colSpan={6} loading />
        ) : rows.length === 0 ? (
          <TableStateRow colSpan={6}>
            {searched ? `No company matches “${searched}”.` : 'No companies.'}
          </TableStateRow>
        ) : (
          rows.map((c) => (
            <CompanyRow
              key={c.client_id}
              company={c}
              selected={c.client_id === selected}
              onSelect={onSelect}
            />
          ))
        )}
      </TableBody>
    </Table>
  );
}

/** One company; the row and its name both select it. */
function CompanyRow({
  company: c,
  selected,
  onSelect,
}: {
  company: Company;
  selected: boolean;
  onSelect: (company: Company) => void;
}) {
  return (
    <TableRow
      data-selected={selected || undefined}
      className="cursor-pointer border-t hover:bg-muted/50 data-[selected]:bg-muted"
      onClick={() => onSelect(c)}
    >
      <TableHead scope="row" className={cx(td, 'font-normal')}>
        <button
          type="button"
          aria-pressed={selected}
          onClick={(e) => {
            e.stopPropagation();
            onSelect(c);
          }}
          className="rounded-sm text-left font-medium underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
        >
          {c.company_name}
        </button>
      </TableHead>
      <TableCell className={td}>
        <Code>{c.client_id}</Code>
      </TableCell>
      <TableCell className={td}>{c.consumer_type}</TableCell>
      <TableCell align="right" className={cx(td, 'tabular-nums')}>
        {formatCredits(c.credits)}
      </TableCell>
      <TableCell align="right" className={cx(td, 'tabular-nums')}>
        {c.users}
      </TableCell>
      <TableCell className={cx(td, 'whitespace-nowrap')}>
        <LiveModeToggle company={c} />
      </TableCell>
    </TableRow>
  );
}
