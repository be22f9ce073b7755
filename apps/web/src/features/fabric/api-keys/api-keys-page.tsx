import { useState } from 'react';
import { MAX_ACTIVE_API_KEYS, type ApiKey } from '@meridian/contract/fabric';
import KeyRound from 'lucide-react/icons/key-round';
import { Code, DateTimeText, StatusBadge } from '@/components/data-table/cells';
import { EmptyState, PageFrame } from '@/components/layout/page-frame';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
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
import { useMode } from '@/lib/mode';
import { useMediaQuery } from '@/lib/use-media-query';
import { useApiKeys } from '../api/api-keys';
import { useRevokeApiKey } from '../api/revoke-api-key';
import { Can } from '@/components/permissions/can';
import { CreateKeyDialog } from './create-key-dialog';
import { livemodeOf } from './key-mode';
import { roleNameOf } from './key-roles';

const KEY_STATUS_VARIANTS = { ACTIVE: 'green', REVOKED: 'grey' } as const;
const KEY_STATUS_LABELS = { ACTIVE: 'Active', REVOKED: 'Revoked' } as const;

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

/** The key's status and, when the record says it, its mode (a key works in the mode it was made in). */
const KeyStatus = ({ apiKey }: { apiKey: ApiKey }) => {
  const livemode = livemodeOf(apiKey);
  return (
    <span className="flex flex-col items-start gap-1">
      <StatusBadge
        status={apiKey.status}
        variants={KEY_STATUS_VARIANTS}
        label={KEY_STATUS_LABELS[apiKey.status]}
      />
      {livemode !== undefined && <Badge variant="outline">{livemode ? 'Live' : 'Test'}</Badge>}
    </span>
  );
};

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
            <TableHead scope="row" className={`${cell} font-medium wrap-anywhere`}>
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
 * /configurations/api-keys: the keys the client's servers call the Fabric APIs with, those of the current mode
 * (a key is made in one mode: `mk_test_…` or `mk_live_…`). A key's secret is shown once, when it is created; the
 * list shows when and from where each key was last used; revoking is at once.
 */
export function ApiKeysPage() {
  const mode = useMode();
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
      <div className="flex flex-col gap-1">
        <h2 className="text-lg font-semibold">{mode === 'test' ? 'Test keys' : 'Live keys'}</h2>
        <p className="text-sm text-muted-foreground">
          {mode === 'test'
            ? 'Secrets start mk_test_: these keys see and move test data only, never real money.'
            : 'Secrets start mk_live_: these keys see and move live data only.'}{' '}
          The header’s Test mode switch shows the other mode’s keys.
        </p>
      </div>
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
