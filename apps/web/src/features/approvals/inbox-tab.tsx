import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import CheckCheck from 'lucide-react/icons/check-check';
import type { ApprovalRequest } from '@meridian/contract/approvals';
import { DateTimeText, MoneyText } from '@/components/data-table';
import { FormErrorAlert } from '@/components/form/form-alert';
import { serverErrorMessage } from '@/components/form/server-errors';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
  TableStateRow,
} from '@/components/ui/table';
import { formatMoney } from '@/lib/format/money';
import { toast } from '@/lib/toast';
import { inboxQueryOptions, useDecideMany } from './api';
import { actionLabel, sourceLabel } from './labels';
import { RequestDetails } from './request-details';

/** The sum of the selected requests' amounts, in rupees with two decimals. */
function totalOf(requests: readonly ApprovalRequest[]): string {
  const paise = requests.reduce((sum, r) => sum + (r.amount ? BigInt(r.amount.replace('.', '')) : 0n), 0n);
  const whole = paise / 100n;
  const rest = (paise % 100n).toString().padStart(2, '0');
  return `${whole}.${rest}`;
}

/** "Approve selected": one confirmation (and one step-up) for every selected request. */
function ApproveSelected({ selected, onDone }: { selected: ApprovalRequest[]; onDone: () => void }) {
  const [open, setOpen] = useState(false);
  const decide = useDecideMany();
  const total = totalOf(selected);
  const confirm = () =>
    decide.mutate(
      { urns: selected.map((r) => r.urn), decision: 'APPROVE' },
      {
        onSuccess: (result) => {
          const refused = result.data.filter((r) => !r.ok);
          if (refused.length === 0) toast.success(`${result.approved} approved`);
          else {
            toast.error(`${result.approved} approved, ${refused.length} not`, {
              description: refused.map((r) => `${r.urn}: ${r.message ?? r.error ?? 'refused'}`).join('\n'),
            });
          }
          setOpen(false);
          onDone();
        },
      },
    );
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) decide.reset();
      }}
    >
      <Button disabled={selected.length === 0} onClick={() => setOpen(true)}>
        <CheckCheck aria-hidden />
        Approve selected{selected.length > 0 ? ` (${selected.length})` : ''}
      </Button>
      {open && (
        <DialogContent role="alertdialog">
          <DialogHeader className="pr-8">
            <DialogTitle>
              Approve {selected.length} request{selected.length === 1 ? '' : 's'}?
            </DialogTitle>
            <DialogDescription>
              {total !== '0.00' ? `Together ${formatMoney(total)}. ` : ''}Each action is made once its last
              step is approved. You confirm it&apos;s you once for all of them.
            </DialogDescription>
          </DialogHeader>
          <ul className="max-h-48 overflow-y-auto text-sm">
            {selected.map((r) => (
              <li key={r.urn} className="truncate">
                {r.summary}
              </li>
            ))}
          </ul>
          <FormErrorAlert
            title="Nothing was approved"
            message={decide.isError ? serverErrorMessage(decide.error) : null}
          />
          <div className="flex justify-end gap-2">
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
            <Button onClick={confirm} disabled={decide.isPending}>
              {decide.isPending ? 'Approving…' : 'Approve'}
            </Button>
          </div>
        </DialogContent>
      )}
    </Dialog>
  );
}

/** Source and Created give way on screens narrower than 1536 px: the rest fits beside the navigation at 1280. */
const WIDE_ONLY = 'hidden 2xl:table-cell';
const INBOX_HEADERS: { label: string; className?: string }[] = [
  { label: 'Action' },
  { label: 'Summary' },
  { label: 'Amount' },
  { label: 'Requested by' },
  { label: 'Source', className: WIDE_ONLY },
  { label: 'Created', className: WIDE_ONLY },
  { label: 'Expires' },
];

/** The inbox's selection: the requests checked, toggled one by one or all the decidable ones at once. */
function useInboxSelection(rows: readonly ApprovalRequest[]) {
  const [checked, setChecked] = useState<ReadonlySet<string>>(new Set());
  const decidable = rows.filter((r) => r.can_decide);
  const selected = decidable.filter((r) => checked.has(r.urn));
  const allChecked = decidable.length > 0 && selected.length === decidable.length;
  const toggle = (urn: string) =>
    setChecked((prev) => {
      const next = new Set(prev);
      if (!next.delete(urn)) next.add(urn);
      return next;
    });
  const toggleAll = () => setChecked(allChecked ? new Set() : new Set(decidable.map((r) => r.urn)));
  const clear = () => setChecked(new Set());
  return { checked, selected, allChecked, noneDecidable: decidable.length === 0, toggle, toggleAll, clear };
}

type InboxSelection = ReturnType<typeof useInboxSelection>;

/** The requests waiting for the signed-in member: select many and approve them at once, or open one. */
export function InboxTab() {
  const inbox = useQuery(inboxQueryOptions());
  const [open, setOpen] = useState<ApprovalRequest | null>(null);
  const rows = inbox.data ?? [];
  const selection = useInboxSelection(rows);
  const colSpan = INBOX_HEADERS.length + 2;
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground" role="status">
          {inbox.isSuccess &&
            (rows.length === 0
              ? ''
              : `${rows.length} request${rows.length === 1 ? '' : 's'} waiting for you`)}
        </p>
        <ApproveSelected selected={selection.selected} onDone={selection.clear} />
      </div>
      <Table scrollLabel="Requests waiting for you" frame={false}>
        <InboxHeader selection={selection} />
        <TableBody>
          {inbox.isPending ? (
            <TableStateRow colSpan={colSpan} loading />
          ) : inbox.isError ? (
            <TableStateRow colSpan={colSpan}>
              <span role="alert">The inbox could not be loaded: {serverErrorMessage(inbox.error)}</span>{' '}
              <Button variant="outline" size="sm" onClick={() => void inbox.refetch()}>
                Try again
              </Button>
            </TableStateRow>
          ) : rows.length === 0 ? (
            <TableStateRow colSpan={colSpan}>Nothing waits for your approval.</TableStateRow>
          ) : (
            rows.map((r) => <InboxRow key={r.urn} request={r} selection={selection} onOpen={setOpen} />)
          )}
        </TableBody>
      </Table>
      <Dialog open={open !== null} onOpenChange={(next) => !next && setOpen(null)}>
        {open && (
          <DialogContent className="max-h-[90svh] overflow-y-auto sm:max-w-2xl">
            <DialogHeader className="pr-8">
              <DialogTitle>{actionLabel(open.action)}</DialogTitle>
              <DialogDescription>{open.summary}</DialogDescription>
            </DialogHeader>
            <RequestDetails
              request={open}
              onDecided={() => {
                setOpen(null);
                selection.clear();
              }}
            />
          </DialogContent>
        )}
      </Dialog>
    </div>
  );
}

/** The inbox's header row: select every decidable request, then the columns. */
function InboxHeader({ selection }: { selection: InboxSelection }) {
  return (
    <TableHeader>
      <TableRow>
        <TableHead className="w-8">
          <input
            type="checkbox"
            aria-label="Select every request"
            checked={selection.allChecked}
            disabled={selection.noneDecidable}
            onChange={selection.toggleAll}
          />
        </TableHead>
        {INBOX_HEADERS.map((h) => (
          <TableHead key={h.label} className={h.className}>
            {h.label}
          </TableHead>
        ))}
        <TableHead>
          <span className="sr-only">Details</span>
        </TableHead>
      </TableRow>
    </TableHeader>
  );
}

/** One waiting request: its checkbox (when the member may decide it), its columns, and Details. */
function InboxRow({
  request: r,
  selection,
  onOpen,
}: {
  request: ApprovalRequest;
  selection: InboxSelection;
  onOpen: (request: ApprovalRequest) => void;
}) {
  return (
    <TableRow data-state={selection.checked.has(r.urn) ? 'selected' : undefined}>
      <TableCell>
        <input
          type="checkbox"
          aria-label={`Select ${r.summary}`}
          checked={selection.checked.has(r.urn)}
          disabled={!r.can_decide}
          onChange={() => selection.toggle(r.urn)}
        />
      </TableCell>
      <TableCell>{actionLabel(r.action)}</TableCell>
      <TableCell className="max-w-72 truncate" title={r.summary}>
        {r.summary}
      </TableCell>
      <TableCell>{r.amount !== null ? <MoneyText value={r.amount} /> : '-'}</TableCell>
      <TableCell className="break-all">{r.requested_by}</TableCell>
      <TableCell className={WIDE_ONLY}>{sourceLabel(r.source)}</TableCell>
      <TableCell className={WIDE_ONLY}>
        <DateTimeText value={r.created_at} />
      </TableCell>
      <TableCell>
        <DateTimeText value={r.expires_at} />
      </TableCell>
      <TableCell>
        <Button variant="outline" size="sm" onClick={() => onOpen(r)} aria-label={`Details of ${r.summary}`}>
          Details
        </Button>
      </TableCell>
    </TableRow>
  );
}
