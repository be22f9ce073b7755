import { useId, useState, type ReactNode } from 'react';
import { Code, Pagination } from '@/components/data-table';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { timeZonePreference } from '@/lib/preferences/display';
import { useAccountTransactions, useAccountTransactionsCount } from '../api/account-transactions';
import {
  filterByReference,
  toTransactionsQuery,
  type AccountTransactionsState,
  type SelectedAccount,
} from './account-transactions-state';
import { TransactionsView } from './transactions-view';

/**
 * One account's transactions, newest first, with their running balance: paged by pageIndex/pageSize from
 * the count ("Page N of M"), and a customer-reference filter applied to the loaded page. The state
 * is the caller's (the URL on all accounts, the dialog's own on a virtual account).
 */
export function AccountTransactionsPanel({
  account,
  state,
  onPageIndex,
  onPageSize,
  onReference,
  headingLevel = 'h2',
  actions,
}: {
  account: SelectedAccount;
  state: AccountTransactionsState;
  onPageIndex: (pageIndex: number) => void;
  onPageSize: (pageSize: number) => void;
  onReference: (reference: string) => void;
  headingLevel?: 'h2' | 'h3';
  actions?: ReactNode;
}) {
  const id = useId();
  const timeZone = timeZonePreference.use();
  const query = toTransactionsQuery(account, state, timeZone);
  const list = useAccountTransactions(account.kind, query);
  const count = useAccountTransactionsCount(account.kind, query);
  const loaded = list.data ?? [];
  const rows = filterByReference(loaded, state.reference);
  const Heading = headingLevel;
  const title = `Transactions of ${account.name || account.number}`;
  const caption = `${title} (${account.number}), page ${state.pageIndex + 1}`;

  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="flex flex-col gap-1">
          <Heading id={`${id}-title`} className="text-lg font-semibold">
            {title}
          </Heading>
          <p className="text-sm text-muted-foreground">
            <Code>{account.number}</Code> ·{' '}
            {account.kind === 'VIRTUAL' ? 'Virtual account' : 'Current account'}
          </p>
        </div>
        <div className="flex flex-wrap items-end gap-2">
          <ReferenceFilter value={state.reference} onChange={onReference} />
          {actions}
        </div>
      </div>
      <p role="status" className="sr-only">
        {list.isPending ? 'Loading transactions…' : `${rows.length} transactions shown`}
      </p>
      <TransactionsView
        list={list}
        loaded={loaded}
        rows={rows}
        state={state}
        title={title}
        caption={caption}
      />
      {!(list.isError && list.data === undefined) && (
        <Pagination
          offset={state.pageIndex * state.pageSize}
          limit={state.pageSize}
          rows={loaded.length}
          count={count.data}
          showPage
          label={`Pages of ${title.toLowerCase()}`}
          onOffset={(offset) => onPageIndex(Math.floor(offset / state.pageSize))}
          onLimit={onPageSize}
        />
      )}
    </section>
  );
}

/** The customer-reference filter: it narrows the loaded page as the user types. */
function ReferenceFilter({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const id = useId();
  const [draft, setDraft] = useState(value);
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    if (draft.trim() !== value) setDraft(value);
  }
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>Customer reference</Label>
      <Input
        id={id}
        type="search"
        value={draft}
        maxLength={100}
        autoComplete="off"
        spellCheck={false}
        placeholder="Filter this page"
        onChange={(e) => {
          setDraft(e.target.value);
          onChange(e.target.value);
        }}
        className="w-56"
      />
    </div>
  );
}
