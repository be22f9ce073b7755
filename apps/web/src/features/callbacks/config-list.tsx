import { useState } from 'react';
import { FormErrorAlert } from '@/components/form/form-alert';
import type { CallbackSubscription, CallbackTypeOption } from '@meridian/contract/callback-configurations';
import Webhook from 'lucide-react/icons/webhook';
import { Code } from '@/components/data-table/cells';
import { serverErrorMessage } from '@/components/form/server-errors';
import { EmptyState } from '@/components/layout/page-frame';
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
import { Switch } from '@/components/ui/switch';
import { toast } from '@/lib/toast';
import { waitingTitle } from '@/lib/api/pending-approval';
import { useSaveCallback, useSendTestEvent } from './api';
import { ConfigDialog } from './config-dialog';
import { HeldView, SecretView } from './secret-view';
import { Can } from '@/components/permissions/can';
import { useCan } from '@/lib/api/user-details';

type Config = CallbackSubscription['configurations'][number] & {
  event_type: CallbackSubscription['event_type'];
};

/** Rotate the signing secret, behind a confirmation; the new secret is shown whole, once. */
function RotateSecretButton({ config }: { config: Config }) {
  const [open, setOpen] = useState(false);
  const save = useSaveCallback();
  const rotated = save.data?.done;
  // A rotation alone never waits for approval; were it held, it would say so and show no secret in use yet.
  const held = save.data?.pending;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) save.reset();
      }}
    >
      <Button
        variant="outline"
        size="sm"
        onClick={() => setOpen(true)}
        aria-label={`Rotate secret of ${config.url}`}
      >
        Rotate secret
      </Button>
      {open && (
        <DialogContent
          role="alertdialog"
          onInteractOutside={(event) => {
            if (save.data) event.preventDefault();
          }}
        >
          <DialogHeader className="pr-8">
            <DialogTitle>
              {held
                ? 'The rotation waits for approval'
                : rotated
                  ? 'New signing secret'
                  : 'Rotate the signing secret?'}
            </DialogTitle>
            <DialogDescription>
              {held
                ? `Callbacks to ${config.url} are signed with the current secret until it is approved.`
                : rotated
                  ? `Callbacks to ${config.url} are signed with this secret from now on.`
                  : `The current secret of ${config.url} stops working at once: update your endpoint with the new one.`}
            </DialogDescription>
          </DialogHeader>
          {held ? (
            <HeldView what={`the new secret of ${config.url}`} held={held} />
          ) : rotated ? (
            <SecretView secret={rotated.secret} />
          ) : (
            <>
              <FormErrorAlert
                title="The secret was not rotated"
                message={save.isError ? serverErrorMessage(save.error) : null}
              />
              <div className="flex justify-end gap-2">
                <DialogClose asChild>
                  <Button variant="outline">Cancel</Button>
                </DialogClose>
                <Button
                  variant="destructive"
                  disabled={save.isPending}
                  onClick={() =>
                    save.mutate({ action: 'update', callback_id: config.callback_id, rotate_secret: true })
                  }
                >
                  {save.isPending ? 'Rotating…' : 'Rotate secret'}
                </Button>
              </div>
            </>
          )}
        </DialogContent>
      )}
    </Dialog>
  );
}

function ConfigRow({ config }: { config: Config }) {
  const canManage = useCan('callbacks.manage');
  const save = useSaveCallback();
  const test = useSendTestEvent();
  const toggle = (isActive: boolean) =>
    save.mutate(
      { action: 'update', callback_id: config.callback_id, is_active: isActive },
      {
        onSuccess: ({ pending }) =>
          pending
            ? // Held (202): the switch stays as the server has it until the change is approved.
              toast.success(waitingTitle(`switching ${isActive ? 'on' : 'off'} ${config.url}`, pending), {
                description: pending.message,
              })
            : toast.success(isActive ? 'Callback URL switched on' : 'Callback URL switched off'),
        onError: (e) => toast.error(serverErrorMessage(e)),
      },
    );
  const sendTest = () =>
    test.mutate(config.callback_id, {
      onSuccess: (d) => toast.success('Test event sent', { description: `Webhook ${d.webhook_id}` }),
      onError: (e) => toast.error(serverErrorMessage(e)),
    });
  return (
    <li className="flex flex-col gap-3 border-t py-3 first:border-t-0 sm:flex-row sm:items-center">
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <Code wrap>{config.url}</Code>
        <span className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
          <Badge variant="outline">{config.http_method}</Badge>
          <Code>{config.callback_id}</Code>
        </span>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <span className="flex items-center gap-2">
          <Switch
            id={`active-${config.callback_id}`}
            checked={config.is_active}
            disabled={save.isPending || !canManage}
            onCheckedChange={toggle}
            aria-label={`Active: ${config.url}`}
          />
          <span className="text-sm">{config.is_active ? 'Active' : 'Off'}</span>
        </span>
        <Can permission="callbacks.manage">
          <ConfigDialog
            config={config}
            trigger={(open) => (
              <Button variant="outline" size="sm" onClick={open} aria-label={`Edit ${config.url}`}>
                Edit
              </Button>
            )}
          />
          <RotateSecretButton config={config} />
          <Button size="sm" onClick={sendTest} disabled={!config.is_active || test.isPending}>
            {test.isPending ? 'Sending…' : 'Send test event'}
          </Button>
        </Can>
      </div>
    </li>
  );
}

/** The configurations grouped per event type (every type the product raises), with what each type is. */
export function ConfigList({
  subscriptions,
  types,
}: {
  subscriptions: {
    isPending: boolean;
    isError: boolean;
    error: Error | null;
    data?: CallbackSubscription[];
    refetch: () => unknown;
  };
  types: CallbackTypeOption[] | undefined;
}) {
  if (subscriptions.isPending)
    return (
      <div className="flex flex-col gap-2" aria-busy="true">
        <span className="sr-only">Loading the callback configurations…</span>
        {Array.from({ length: 3 }, (_, i) => (
          <Skeleton key={i} className="h-16 w-full" />
        ))}
      </div>
    );
  if (subscriptions.isError || !subscriptions.data)
    return (
      <div
        role="alert"
        className="flex flex-col items-start gap-3 rounded-lg border border-destructive/40 p-4"
      >
        <p className="text-sm">
          The callback configurations could not be loaded: {subscriptions.error?.message ?? 'unknown error'}
        </p>
        <Button variant="outline" onClick={() => void subscriptions.refetch()}>
          Try again
        </Button>
      </div>
    );
  const withUrls = subscriptions.data.filter((s) => s.configurations.length > 0);
  if (withUrls.length === 0)
    return (
      <EmptyState icon={Webhook} title="No callback URLs yet">
        Add a URL for an event type (payouts, validations…) and Meridian sends each event there, signed.
      </EmptyState>
    );
  return (
    <div className="grid gap-3">
      {subscriptions.data.map((s) => {
        const info = types?.find((t) => t.event_type === s.event_type);
        return (
          <section
            key={s.event_type}
            aria-labelledby={`type-${s.event_type}`}
            className="min-w-0 rounded-xl border bg-card p-4"
          >
            <div className="flex flex-wrap items-center gap-2">
              <h3 id={`type-${s.event_type}`} className="font-medium">
                {s.label}
              </h3>
              <Badge variant={s.subscribed ? 'default' : 'outline'}>
                {s.subscribed ? `Subscribed (${s.active_urls})` : 'Not subscribed'}
              </Badge>
            </div>
            {info && <p className="mt-1 text-sm text-muted-foreground">{info.description}</p>}
            {s.configurations.length > 0 && (
              <ul className="mt-2">
                {s.configurations.map((c) => (
                  <ConfigRow key={c.callback_id} config={{ ...c, event_type: s.event_type }} />
                ))}
              </ul>
            )}
          </section>
        );
      })}
    </div>
  );
}
