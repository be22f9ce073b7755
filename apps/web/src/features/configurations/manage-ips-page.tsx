import { useState, type FormEvent } from 'react';
import { FormErrorAlert } from '@/components/form/form-alert';
import { PendingApprovalAlert } from '@/components/form/pending-approval-alert';
import type { IpAllowlistEntry } from '@meridian/contract/ip-allowlist';
import Network from 'lucide-react/icons/network';
import Plus from 'lucide-react/icons/plus';
import { Code, DateTimeText } from '@/components/data-table/cells';
import { EmptyState, PageFrame } from '@/components/layout/page-frame';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableHeaderRow,
  TableRow,
} from '@/components/ui/table';
import { fieldErrors, isApiError } from '@/lib/api';
import type { PendingApproval } from '@/lib/api/pending-approval';
import { useChangeIpWhitelist } from './api/change-ip-whitelist';
import { useWhitelistedIps } from './api/whitelisted-ips';
import { normalisedPreview, serverErrorField, validateIpForm, type IpFormErrors } from './ip-form';
import { Can } from '@/components/permissions/can';

function Field({
  id,
  label,
  error,
  hint,
  ...input
}: {
  id: string;
  label: string;
  error?: string | undefined;
  hint?: string | null | undefined;
} & React.ComponentProps<typeof Input>) {
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...input} />
      {error ? (
        <p id={`${id}-error`} className="text-sm break-words text-destructive">
          {error}
        </p>
      ) : (
        hint && (
          <p id={`${id}-hint`} className="text-sm break-words text-muted-foreground">
            {hint}
          </p>
        )
      )}
    </div>
  );
}

/** The server's refusal on its field, or as an alert when it belongs to none (a full list, too many tries). */
function useServerErrors(error: unknown): { fields: IpFormErrors; general: string | null } {
  if (!error) return { fields: {}, general: null };
  const message = error instanceof Error ? error.message : 'Something went wrong!';
  if (!isApiError(error)) return { fields: {}, general: message };
  const key = (error.data as { error?: unknown } | null)?.error;
  const field = serverErrorField(error.status, key, fieldErrors(error));
  return field ? { fields: { [field]: message }, general: null } : { fields: {}, general: message };
}

/**
 * In a dialog, a change an `ip_allowlist` approval rule held (202): it says it waits; the list is unchanged until
 * it is approved.
 */
function HeldChange({ what, pending }: { what: string; pending: PendingApproval }) {
  return (
    <div className="flex flex-col gap-4">
      <PendingApprovalAlert what={what} pending={pending} focus>
        <p>The list stays as it is until an approver approves the change.</p>
      </PendingApprovalAlert>
      <div className="flex justify-end">
        <DialogClose asChild>
          <Button>Done</Button>
        </DialogClose>
      </div>
    </div>
  );
}

/** The add dialog's state: open or not, the values and their problems, and the change (held, refused). */
function useAddIp() {
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState({ ip: '', label: '', password: '' });
  const [errors, setErrors] = useState<IpFormErrors>({});
  const change = useChangeIpWhitelist();
  const server = useServerErrors(change.error);
  const held = change.data?.pending;
  const shown = { ...server.fields, ...errors };
  const preview = normalisedPreview(values.ip);

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) {
      change.reset();
      setValues({ ip: '', label: '', password: '' });
      setErrors({});
    }
  };
  const set = (field: keyof typeof values) => (e: React.ChangeEvent<HTMLInputElement>) => {
    setValues((v) => ({ ...v, [field]: e.target.value }));
    setErrors((x) => ({ ...x, [field]: undefined }));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateIpForm(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    change.reset();
    change.mutate(
      { action: 'add', ip: values.ip.trim(), label: values.label.trim(), password: values.password },
      {
        // Held for approval, the dialog stays to say so (without the password).
        onSuccess: (answer) =>
          answer.done ? onOpenChange(false) : setValues((v) => ({ ...v, password: '' })),
        onError: () => setValues((v) => ({ ...v, password: '' })),
      },
    );
  };

  return { open, setOpen, values, change, server, held, shown, preview, onOpenChange, set, submit };
}

/** Add an address or range with a label; the password confirms the change. */
function AddIpDialog({ disabled }: { disabled: boolean }) {
  const { open, setOpen, values, change, server, held, shown, preview, onOpenChange, set, submit } =
    useAddIp();

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <Button onClick={() => setOpen(true)} disabled={disabled}>
        <Plus aria-hidden />
        Add IP address
      </Button>
      {open && (
        <DialogContent className="max-h-[90svh] overflow-y-auto">
          <DialogHeader className="pr-8">
            <DialogTitle>
              {held ? 'The address waits for approval' : 'Add an IP address or range'}
            </DialogTitle>
            <DialogDescription>
              Your API keys will work only from the addresses in the list.
              {held ? '' : ' Enter your password to confirm.'}
            </DialogDescription>
          </DialogHeader>
          {held ? (
            <HeldChange what={`adding ${values.ip.trim()}`} pending={held} />
          ) : (
            <form onSubmit={submit} noValidate className="flex flex-col gap-4">
              <AddIpFields values={values} set={set} shown={shown} preview={preview} />
              <FormErrorAlert title="The address was not added" message={server.general ?? null} />
              <div className="flex flex-wrap justify-end gap-2">
                <DialogClose asChild>
                  <Button variant="outline">Cancel</Button>
                </DialogClose>
                <Button type="submit" disabled={change.isPending}>
                  {change.isPending ? 'Adding…' : 'Add address'}
                </Button>
              </div>
            </form>
          )}
        </DialogContent>
      )}
    </Dialog>
  );
}

/** The address or range (with how it will be saved), its label, and the password. */
function AddIpFields({
  values,
  set,
  shown,
  preview,
}: {
  values: { ip: string; label: string; password: string };
  set: (field: 'ip' | 'label' | 'password') => (e: React.ChangeEvent<HTMLInputElement>) => void;
  shown: IpFormErrors;
  preview: string | null;
}) {
  return (
    <>
      <Field
        id="ip-address"
        label="IP address or CIDR range"
        placeholder="203.0.113.7 or 203.0.113.0/24"
        autoComplete="off"
        spellCheck={false}
        value={values.ip}
        onChange={set('ip')}
        error={shown.ip}
        hint={preview ? `Saved as ${preview}` : 'IPv4 up to /16, IPv6 up to /48'}
      />
      <Field
        id="ip-label"
        label="Label"
        placeholder="Production NAT gateway"
        autoComplete="off"
        value={values.label}
        onChange={set('label')}
        error={shown.label}
      />
      <Field
        id="ip-password"
        label="Your password"
        type="password"
        autoComplete="current-password"
        value={values.password}
        onChange={set('password')}
        error={shown.password}
      />
    </>
  );
}

/** Remove one entry after a confirmation with the password. */
function RemoveIpButton({ entry }: { entry: IpAllowlistEntry }) {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState(false);
  const change = useChangeIpWhitelist();
  const server = useServerErrors(change.error);
  const held = change.data?.pending;
  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) {
      change.reset();
      setPassword('');
      setMissing(false);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (password === '') return setMissing(true);
    change.mutate(
      { action: 'remove', ip: entry.cidr, password },
      {
        // Held for approval, the dialog stays to say so (without the password).
        onSuccess: (answer) => (answer.done ? onOpenChange(false) : setPassword('')),
        onError: () => setPassword(''),
      },
    );
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <Button variant="outline" size="sm" aria-label={`Remove ${entry.cidr}`} onClick={() => setOpen(true)}>
        Remove
      </Button>
      {open && (
        <DialogContent role="alertdialog">
          <DialogHeader className="pr-8">
            <DialogTitle className="break-all">
              {held ? `The removal of ${entry.cidr} waits for approval` : `Remove ${entry.cidr}?`}
            </DialogTitle>
            <DialogDescription>
              API-key calls from “{entry.label}” are refused once it is removed (unless another entry covers
              it, or the list becomes empty).
            </DialogDescription>
          </DialogHeader>
          {held ? (
            <HeldChange what={`removing ${entry.cidr}`} pending={held} />
          ) : (
            <form onSubmit={submit} noValidate className="flex flex-col gap-4">
              <Field
                id="ip-remove-password"
                label="Your password"
                type="password"
                autoComplete="current-password"
                value={password}
                onChange={(e) => {
                  setPassword(e.target.value);
                  setMissing(false);
                }}
                error={missing ? 'Enter your password to confirm' : server.fields.password}
              />
              <FormErrorAlert
                title="The address was not removed"
                message={server.general ?? server.fields.ip ?? null}
              />
              <div className="flex flex-wrap justify-end gap-2">
                <DialogClose asChild>
                  <Button variant="outline">Cancel</Button>
                </DialogClose>
                <Button type="submit" variant="destructive" disabled={change.isPending}>
                  {change.isPending ? 'Removing…' : 'Remove address'}
                </Button>
              </div>
            </form>
          )}
        </DialogContent>
      )}
    </Dialog>
  );
}

const cell = 'align-top';
const HEADERS = ['Label', 'Range', 'Added by', 'Added', 'Actions'];

/** Narrow screens: one card per entry instead of the table. */
function EntryCards({ entries }: { entries: IpAllowlistEntry[] }) {
  return (
    <ul className="flex flex-col gap-2 md:hidden" aria-label="IP allow-list">
      {entries.map((e) => (
        <li key={e.entry_id} className="flex min-w-0 flex-col gap-1 rounded-xl border bg-card p-3 text-sm">
          <div className="flex min-w-0 items-start justify-between gap-2">
            <span className="min-w-0 font-medium break-words">{e.label}</span>
            <Can permission="ip_allowlist.manage">
              <RemoveIpButton entry={e} />
            </Can>
          </div>
          <Code wrap>{e.cidr}</Code>
          <span className="min-w-0 text-xs break-all text-muted-foreground">
            {e.created_by} · <DateTimeText value={e.created_at} />
          </span>
        </li>
      ))}
    </ul>
  );
}

function EntriesTable({ entries }: { entries: IpAllowlistEntry[] }) {
  return (
    <Table scrollLabel="IP allow-list" regionClassName="hidden md:block">
      <TableCaption>IP allow-list</TableCaption>
      <TableHeader className="bg-muted/50 text-muted-foreground">
        <TableHeaderRow headers={HEADERS} hidden={['Actions']} className="whitespace-nowrap" />
      </TableHeader>
      <TableBody>
        {entries.map((e) => (
          <TableRow key={e.entry_id} className="border-t">
            <TableHead scope="row" className={`${cell} font-medium break-words`}>
              {e.label}
            </TableHead>
            <TableCell className={cell}>
              <Code wrap>{e.cidr}</Code>
            </TableCell>
            <TableCell className={`${cell} break-all`}>{e.created_by}</TableCell>
            <TableCell className={cell}>
              <DateTimeText value={e.created_at} />
            </TableCell>
            <TableCell align="right" className={cell}>
              <Can permission="ip_allowlist.manage">
                <RemoveIpButton entry={e} />
              </Can>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/**
 * /configurations/manage-ips: the addresses and ranges the client's API keys may call from. Adding and removing
 * ask for the password again; an empty list lets API keys call from anywhere.
 */
export function ManageIpsPage() {
  const list = useWhitelistedIps();
  let body;
  if (list.isPending) {
    body = (
      <div className="flex flex-col gap-2" aria-busy="true">
        <span className="sr-only">Loading the IP allow-list…</span>
        {Array.from({ length: 3 }, (_, i) => (
          <Skeleton key={i} className="h-10 w-full" />
        ))}
      </div>
    );
  } else if (list.isError) {
    body = (
      <div
        role="alert"
        className="flex flex-col items-start gap-3 rounded-lg border border-destructive/40 p-4"
      >
        <p className="text-sm">The IP allow-list could not be loaded: {list.error.message}</p>
        <Button variant="outline" onClick={() => void list.refetch()}>
          Try again
        </Button>
      </div>
    );
  } else if (list.data.data.length === 0) {
    body = (
      <EmptyState icon={Network} title="No IP addresses yet">
        While the list is empty, your API keys work from any address. Add your servers’ addresses to refuse
        calls from anywhere else.
      </EmptyState>
    );
  } else {
    body = (
      <>
        <EntryCards entries={list.data.data} />
        <EntriesTable entries={list.data.data} />
      </>
    );
  }
  return (
    <PageFrame
      title="Manage IPs"
      description="The IPv4 and IPv6 addresses and ranges your API keys may call from."
      breadcrumb={[{ label: 'Configurations', to: '/configurations' }, { label: 'Manage IPs' }]}
      actions={
        <Can permission="ip_allowlist.manage">
          <AddIpDialog disabled={list.isPending} />
        </Can>
      }
    >
      {list.isSuccess && (
        <p className="text-sm break-words text-muted-foreground">
          {list.data.enforced
            ? `Enforced: API-key calls from other addresses are refused (${list.data.data.length} of ${list.data.max_entries} entries).`
            : 'Not enforced: the list is empty.'}{' '}
          This page was opened from <Code>{list.data.caller_ip}</Code>.
        </p>
      )}
      {body}
    </PageFrame>
  );
}
