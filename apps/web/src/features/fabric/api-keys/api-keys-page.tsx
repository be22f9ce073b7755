import { useCallback, useState, type FormEvent } from 'react';
import { MAX_ACTIVE_API_KEYS, type ApiKey } from '@meridian/contract/fabric';
import { builtInRoles, DEFAULT_API_KEY_ROLE } from '@meridian/contract/permissions';
import KeyRound from 'lucide-react/icons/key-round';
import Plus from 'lucide-react/icons/plus';
import TriangleAlert from 'lucide-react/icons/triangle-alert';
import { Code, DateTimeText, StatusBadge } from '@/components/data-table/cells';
import { CopyButton } from '@/components/data-table/copy-button';
import { PendingApprovalAlert } from '@/components/form/pending-approval-alert';
import { EmptyState, PageFrame } from '@/components/layout/page-frame';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
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
import { Select } from '@/components/ui/select';
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
import { useMediaQuery } from '@/lib/use-media-query';
import { useApiKeys } from '../api/api-keys';
import { useCreateApiKey, type PendingApiKey } from '../api/create-api-key';
import { useRevokeApiKey } from '../api/revoke-api-key';
import { Can } from '@/components/permissions/can';

const KEY_STATUS_VARIANTS = { ACTIVE: 'green', REVOKED: 'grey' } as const;
const KEY_STATUS_LABELS = { ACTIVE: 'Active', REVOKED: 'Revoked' } as const;
const NAME_MAX = 64;
/** The roles a key may be given here: the built-in client roles (the server refuses one beyond the creator's). */
const KEY_ROLES = builtInRoles();
const roleNameOf = (role: string) => KEY_ROLES.find((r) => r.role === role)?.name ?? role;

/**
 * The secret of a key just created, or held for approval (`held`: it works only once approved): shown here once,
 * with a copy button; it is never shown again.
 */
function SecretView({
  created,
  held,
}: {
  created: { key_id: string; key_secret: string };
  held?: { name: string; pending: PendingApiKey } | undefined;
}) {
  // The form that had focus is gone: focus moves to the warning, the first thing to read.
  const focusOnMount = useCallback((node: HTMLDivElement | null) => node?.focus(), []);
  return (
    <div className="flex flex-col gap-4">
      {held && (
        <PendingApprovalAlert what={`API key “${held.name}”`} pending={held.pending}>
          <p>
            Calls with this key are refused until an approver approves it; if it is rejected, it never works.
          </p>
        </PendingApprovalAlert>
      )}
      <Alert variant="warning" role="alert" ref={focusOnMount} tabIndex={-1} className="outline-none">
        <TriangleAlert aria-hidden />
        <AlertTitle>Copy the secret now: you will not see it again</AlertTitle>
        <AlertDescription>
          Meridian keeps only a hash of it. If you lose it, revoke this key and create another.
        </AlertDescription>
      </Alert>
      <dl className="grid grid-cols-1 gap-x-4 gap-y-2 text-sm sm:grid-cols-[auto_minmax(0,1fr)]">
        <dt className="text-muted-foreground">Key ID</dt>
        <dd className="flex min-w-0 items-center gap-1">
          <Code wrap>{created.key_id}</Code>
          <CopyButton value={created.key_id} label="Copy key ID" />
        </dd>
        <dt className="text-muted-foreground">Secret</dt>
        <dd className="flex min-w-0 items-center gap-1">
          <Code wrap className="rounded bg-muted px-2 py-1">
            {created.key_secret}
          </Code>
          <CopyButton value={created.key_secret} label="Copy secret" />
        </dd>
      </dl>
      <p className="text-sm text-muted-foreground">
        Call the API with HTTP Basic authentication: the key ID as user name, the secret as password.
      </p>
      <div className="flex justify-end">
        <DialogClose asChild>
          <Button>I have copied the secret</Button>
        </DialogClose>
      </div>
    </div>
  );
}

/** Create a key (name it, choose the role that limits it), then its secret, once. */
function CreateKeyDialog({ disabled }: { disabled: boolean }) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [role, setRole] = useState<string>(DEFAULT_API_KEY_ROLE);
  const [invalid, setInvalid] = useState<string | null>(null);
  const create = useCreateApiKey();
  // The key made (201) or held for approval with its id and secret (202): either way shown once.
  const done = create.data?.done;
  const pending = create.data?.pending;
  const created = done ?? pending;
  const held = pending ? { name: name.trim(), pending } : undefined;

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) {
      // The secret leaves memory with the dialog.
      create.reset();
      setName('');
      setRole(DEFAULT_API_KEY_ROLE);
      setInvalid(null);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (trimmed === '') return setInvalid('Name the key');
    if (trimmed.length > NAME_MAX) return setInvalid(`At most ${NAME_MAX} characters`);
    setInvalid(null);
    create.mutate({ name: trimmed, role });
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <Button onClick={() => setOpen(true)} disabled={disabled}>
        <Plus aria-hidden />
        Create API key
      </Button>
      {open && (
        <DialogContent
          className="max-h-[90svh] overflow-y-auto"
          // The secret is shown once: a click beside the dialog must not throw it away.
          onInteractOutside={(event) => {
            if (created) event.preventDefault();
          }}
        >
          <DialogHeader className="pr-8">
            <DialogTitle>
              {held
                ? `API key “${held.name}” waits for approval`
                : done
                  ? `API key “${done.name}” created`
                  : 'Create an API key'}
            </DialogTitle>
            <DialogDescription>
              {held
                ? 'Your servers can call the Fabric APIs with this key ID and secret once the key is approved.'
                : created
                  ? 'Your servers call the Fabric APIs with this key ID and secret.'
                  : 'Name the key after the system that will use it, e.g. “Onboarding service (production)”.'}
            </DialogDescription>
          </DialogHeader>
          {created ? (
            <SecretView created={created} held={held} />
          ) : (
            <form onSubmit={submit} noValidate className="flex flex-col gap-4">
              <div className="flex flex-col gap-2">
                <Label htmlFor="api-key-name">Name</Label>
                <Input
                  id="api-key-name"
                  value={name}
                  maxLength={NAME_MAX + 1}
                  autoComplete="off"
                  aria-invalid={invalid !== null || undefined}
                  aria-describedby={invalid ? 'api-key-name-error' : undefined}
                  onChange={(e) => setName(e.target.value)}
                />
                {invalid && (
                  <p id="api-key-name-error" className="text-sm text-destructive">
                    {invalid}
                  </p>
                )}
              </div>
              <div className="flex flex-col gap-2">
                <Label htmlFor="api-key-role">Role</Label>
                <Select
                  id="api-key-role"
                  value={role}
                  aria-describedby="api-key-role-help"
                  onChange={(e) => setRole(e.target.value)}
                >
                  {KEY_ROLES.map((r) => (
                    <option key={r.role} value={r.role}>
                      {r.name}
                    </option>
                  ))}
                </Select>
                <p id="api-key-role-help" className="text-sm text-muted-foreground">
                  {KEY_ROLES.find((r) => r.role === role)?.description} The key can do only what this role
                  allows, and never more than your own role.
                </p>
              </div>
              {create.isError && (
                <Alert variant="destructive" role="alert">
                  <AlertTitle>The key was not created</AlertTitle>
                  <AlertDescription>{create.error.message}</AlertDescription>
                </Alert>
              )}
              <div className="flex justify-end gap-2">
                <DialogClose asChild>
                  <Button variant="outline">Cancel</Button>
                </DialogClose>
                <Button type="submit" disabled={create.isPending}>
                  {create.isPending ? 'Creating…' : 'Create key'}
                </Button>
              </div>
            </form>
          )}
        </DialogContent>
      )}
    </Dialog>
  );
}

/** Revoke one key, after a confirmation that says what it does. */
function RevokeKeyButton({ apiKey }: { apiKey: ApiKey }) {
  const [open, setOpen] = useState(false);
  const revoke = useRevokeApiKey();
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) revoke.reset();
      }}
    >
      <Button variant="outline" size="sm" aria-label={`Revoke ${apiKey.name}`} onClick={() => setOpen(true)}>
        Revoke
      </Button>
      {open && (
        <DialogContent role="alertdialog">
          <DialogHeader className="pr-8">
            <DialogTitle>Revoke “{apiKey.name}”?</DialogTitle>
            <DialogDescription>
              Calls with key {apiKey.key_id} are refused from now on. This cannot be undone.
            </DialogDescription>
          </DialogHeader>
          {revoke.isError && (
            <Alert variant="destructive" role="alert">
              <AlertTitle>The key was not revoked</AlertTitle>
              <AlertDescription>{revoke.error.message}</AlertDescription>
            </Alert>
          )}
          <div className="flex justify-end gap-2">
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
            <Button
              variant="destructive"
              disabled={revoke.isPending}
              onClick={() => revoke.mutate(apiKey.key_id, { onSuccess: () => setOpen(false) })}
            >
              {revoke.isPending ? 'Revoking…' : 'Revoke key'}
            </Button>
          </div>
        </DialogContent>
      )}
    </Dialog>
  );
}

const cell = 'align-top';
const HEADERS = ['Name', 'Key ID', 'Role', 'Status', 'Created', 'Last used', 'Actions'];

const KeyStatus = ({ apiKey }: { apiKey: ApiKey }) => (
  <StatusBadge
    status={apiKey.status}
    variants={KEY_STATUS_VARIANTS}
    label={KEY_STATUS_LABELS[apiKey.status]}
  />
);

/** When and from where a key was last used, or "Never". */
function LastUsed({ apiKey }: { apiKey: ApiKey }) {
  if (!apiKey.last_used_at) return <span className="text-muted-foreground">Never</span>;
  return (
    <span className="flex flex-col">
      <DateTimeText value={apiKey.last_used_at} />
      {apiKey.last_used_ip && <Code className="text-muted-foreground">{apiKey.last_used_ip}</Code>}
    </span>
  );
}

/** Revoke for an active key; when a revoked key was revoked. */
function KeyAction({ apiKey }: { apiKey: ApiKey }) {
  return apiKey.status === 'ACTIVE' ? (
    <Can permission="api_keys.manage">
      <RevokeKeyButton apiKey={apiKey} />
    </Can>
  ) : (
    <span className="text-xs whitespace-nowrap text-muted-foreground">
      Revoked <DateTimeText value={apiKey.revoked_at} />
    </span>
  );
}

function KeysTable({ keys }: { keys: ApiKey[] }) {
  return (
    <Table scrollLabel="API keys">
      <TableCaption>API keys</TableCaption>
      <TableHeader className="bg-muted/50 text-muted-foreground">
        <TableHeaderRow headers={HEADERS} hidden={['Actions']} className="whitespace-nowrap" />
      </TableHeader>
      <TableBody>
        {keys.map((k) => (
          <TableRow key={k.key_id} className="border-t">
            <TableHead scope="row" className={`${cell} font-medium`}>
              {k.name}
            </TableHead>
            <TableCell className={cell}>
              <Code>{k.key_id}</Code>
            </TableCell>
            <TableCell className={cell}>{roleNameOf(k.role)}</TableCell>
            <TableCell className={cell}>
              <KeyStatus apiKey={k} />
            </TableCell>
            <TableCell className={cell}>
              <DateTimeText value={k.created_at} />
            </TableCell>
            <TableCell className={cell}>
              <LastUsed apiKey={k} />
            </TableCell>
            <TableCell align="right" className={cell}>
              <KeyAction apiKey={k} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/**
 * The keys as cards on narrow screens: a phone shows every key whole, its id wrapping and its Revoke button in
 * view, without panning a table sideways.
 */
function KeyCards({ keys }: { keys: ApiKey[] }) {
  return (
    <ul role="list" aria-label="API keys" className="flex flex-col gap-2">
      {keys.map((k) => (
        <li
          key={k.key_id}
          aria-label={k.name}
          className="flex min-w-0 flex-col gap-2 rounded-lg border p-3 text-sm"
        >
          <div className="flex items-start justify-between gap-3">
            <span className="min-w-0 font-medium wrap-anywhere">{k.name}</span>
            <KeyStatus apiKey={k} />
          </div>
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1">
            <dt className="text-muted-foreground">Key ID</dt>
            <dd className="min-w-0">
              <Code wrap>{k.key_id}</Code>
            </dd>
            <dt className="text-muted-foreground">Role</dt>
            <dd className="min-w-0">{roleNameOf(k.role)}</dd>
            <dt className="text-muted-foreground">Created</dt>
            <dd className="min-w-0">
              <DateTimeText value={k.created_at} />
            </dd>
            <dt className="text-muted-foreground">Last used</dt>
            <dd className="min-w-0">
              <LastUsed apiKey={k} />
            </dd>
          </dl>
          <div className="flex justify-end">
            <KeyAction apiKey={k} />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** Tailwind's `md` breakpoint: the table from here up, cards below (as the lists do). */
const WIDE_SCREEN = '(min-width: 48rem)';

/**
 * /configurations/api-keys: the keys the client's servers call the Fabric APIs with. A key's secret is shown
 * once, when it is created; the list shows when and from where each key was last used; revoking is at once.
 */
export function ApiKeysPage() {
  const keys = useApiKeys();
  const wide = useMediaQuery(WIDE_SCREEN, true);
  const active = keys.data?.filter((k) => k.status === 'ACTIVE').length ?? 0;
  const atLimit = active >= MAX_ACTIVE_API_KEYS;

  let body;
  if (keys.isPending) {
    body = (
      <div className="flex flex-col gap-2" aria-busy="true">
        <span className="sr-only">Loading the API keys…</span>
        {Array.from({ length: 3 }, (_, i) => (
          <Skeleton key={i} className="h-10 w-full" />
        ))}
      </div>
    );
  } else if (keys.isError) {
    body = (
      <div
        role="alert"
        className="flex flex-col items-start gap-3 rounded-lg border border-destructive/40 p-4"
      >
        <p className="text-sm">The API keys could not be loaded: {keys.error.message}</p>
        <Button variant="outline" onClick={() => void keys.refetch()}>
          Try again
        </Button>
      </div>
    );
  } else if (keys.data.length === 0) {
    body = (
      <EmptyState icon={KeyRound} title="No API keys yet">
        Create a key for each system that calls the Fabric APIs, so that you can revoke one without the
        others.
      </EmptyState>
    );
  } else {
    body = wide ? <KeysTable keys={keys.data} /> : <KeyCards keys={keys.data} />;
  }

  return (
    <PageFrame
      title="API keys"
      description="The keys your servers call the Fabric APIs with (HTTP Basic: key ID and secret)."
      breadcrumb={[{ label: 'Configurations', to: '/configurations' }, { label: 'API keys' }]}
      actions={
        <Can permission="api_keys.manage">
          <CreateKeyDialog disabled={keys.isPending} />
        </Can>
      }
    >
      {keys.isSuccess && (
        <p className="text-sm text-muted-foreground">
          {active} of {MAX_ACTIVE_API_KEYS} active keys
          {atLimit && ': revoke a key before you create another.'}
        </p>
      )}
      {body}
    </PageFrame>
  );
}
