import { useCallback, useState, type FormEvent } from 'react';
import { DEFAULT_API_KEY_ROLE } from '@meridian/contract/permissions';
import Plus from 'lucide-react/icons/plus';
import TriangleAlert from 'lucide-react/icons/triangle-alert';
import { Code } from '@/components/data-table/cells';
import { CopyButton } from '@/components/data-table/copy-button';
import { PendingApprovalAlert } from '@/components/form/pending-approval-alert';
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
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { useMode, type Mode } from '@/lib/mode';
import { useCreateApiKey, type PendingApiKey } from '../api/create-api-key';
import { keyModeOf } from './key-mode';
import { KEY_ROLES } from './key-roles';

/** What a key of each mode may touch, as the dialog says it. */
const KEY_MODE_TEXT: Record<Mode, string> = {
  test: 'A test key: its secret starts mk_test_ and it sees and moves test data only, never real money.',
  live: 'A live key: its secret starts mk_live_ and it sees and moves live data only.',
};

const NAME_MAX = 64;

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
  const mode = keyModeOf(created, useMode());
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
        <dt className="text-muted-foreground">Mode</dt>
        <dd className="flex min-w-0 flex-col items-start gap-1">
          <Badge variant="outline">{mode === 'test' ? 'Test key' : 'Live key'}</Badge>
          <span className="text-muted-foreground">{KEY_MODE_TEXT[mode]}</span>
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

/** The create dialog's state: open or not, the name and role, the name's problem, and the key made or held. */
function useCreateKey() {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [role, setRole] = useState<string>(DEFAULT_API_KEY_ROLE);
  const [invalid, setInvalid] = useState<string | null>(null);
  const create = useCreateApiKey();

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

  return { open, setOpen, onOpenChange, name, setName, role, setRole, invalid, create, submit };
}

type CreateKeyState = ReturnType<typeof useCreateKey>;

/** Create a key (name it, choose the role that limits it), then its secret, once. */
export function CreateKeyDialog({ disabled }: { disabled: boolean }) {
  const state = useCreateKey();
  const { open, create } = state;
  // The key made (201) or held for approval with its id and secret (202): either way shown once.
  const done = create.data?.done;
  const pending = create.data?.pending;
  const created = done ?? pending;
  const held = pending ? { name: state.name.trim(), pending } : undefined;

  return (
    <Dialog open={open} onOpenChange={state.onOpenChange}>
      <Button onClick={() => state.setOpen(true)} disabled={disabled}>
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
          {created ? <SecretView created={created} held={held} /> : <CreateKeyForm state={state} />}
        </DialogContent>
      )}
    </Dialog>
  );
}

/** The new key's mode (the header's), its name and role, why it was not created, Cancel and Create. */
function CreateKeyForm({ state }: { state: CreateKeyState }) {
  const { name, role, invalid, create } = state;
  const mode = useMode();
  return (
    <form onSubmit={state.submit} noValidate className="flex flex-col gap-4">
      <p className="text-sm">
        <Badge variant="outline" className="mr-2">
          {mode === 'test' ? 'Test key' : 'Live key'}
        </Badge>
        {KEY_MODE_TEXT[mode]}
      </p>
      <div className="flex flex-col gap-2">
        <Label htmlFor="api-key-name">Name</Label>
        <Input
          id="api-key-name"
          value={name}
          maxLength={NAME_MAX + 1}
          autoComplete="off"
          aria-invalid={invalid !== null || undefined}
          aria-describedby={invalid ? 'api-key-name-error' : undefined}
          onChange={(e) => state.setName(e.target.value)}
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
          onChange={(e) => state.setRole(e.target.value)}
        >
          {KEY_ROLES.map((r) => (
            <option key={r.role} value={r.role}>
              {r.name}
            </option>
          ))}
        </Select>
        <p id="api-key-role-help" className="text-sm text-muted-foreground">
          {KEY_ROLES.find((r) => r.role === role)?.description} The key can do only what this role allows, and
          never more than your own role.
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
  );
}
