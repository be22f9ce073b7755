import { useState, type FormEvent, type ReactNode } from 'react';
import { FormErrorAlert } from '@/components/form/form-alert';
import { PendingApprovalAlert } from '@/components/form/pending-approval-alert';
import type { CallbackConfig } from '@meridian/contract';
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
import { Switch } from '@/components/ui/switch';
import { fieldErrors } from '@/lib/api';
import { serverErrorMessage } from '@/components/form/server-errors';
import { useCallbackMethods, useCallbackTypes, useSaveCallback } from './api';
import { SecretView } from './secret-view';

/** What the edit dialog needs of an existing configuration. */
export interface EditableConfig {
  callback_id: string;
  event_type: CallbackConfig['event_type'];
  url: string;
  http_method: CallbackConfig['http_method'];
  is_active: boolean;
}

/** An http(s) URL, or the message to show (the server checks again, with production's rules). */
export function urlProblem(value: string): string | null {
  const trimmed = value.trim();
  if (!trimmed) return 'Enter the URL callbacks are sent to';
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return 'Enter a full URL, e.g. https://example.com/webhooks';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'Enter an http(s) URL';
  if (trimmed.length > 2048) return 'A callback URL is at most 2048 characters';
  return null;
}

/**
 * Create a configuration (event type, URL, method, active), then its signing secret, once; or edit one (URL,
 * method, active). Types and methods come from the server. A create or change a `callback` approval rule holds
 * (202) says it waits and changes nothing meanwhile; a new configuration's secret is still shown, once.
 */
export function ConfigDialog({
  config,
  trigger,
}: {
  config?: EditableConfig;
  trigger: (open: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const types = useCallbackTypes();
  const methods = useCallbackMethods();
  const save = useSaveCallback();
  const [eventType, setEventType] = useState<string>(config?.event_type ?? '');
  const [url, setUrl] = useState(config?.url ?? '');
  const [method, setMethod] = useState<string>(config?.http_method ?? 'POST');
  const [active, setActive] = useState(config?.is_active ?? true);
  const [invalid, setInvalid] = useState<string | null>(null);
  const created = !config ? save.data?.done : undefined;
  const held = save.data?.pending;
  // What the held request would do, as the alert's title says it.
  const [heldWhat, setHeldWhat] = useState('');
  const serverFields = save.isError ? fieldErrors(save.error) : {};
  const urlError = invalid ?? serverFields.url ?? null;
  const idp = config ? `edit-${config.callback_id}` : 'new-callback';

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) {
      save.reset();
      setInvalid(null);
      if (!config) {
        setUrl('');
        setEventType('');
      }
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = urlProblem(url);
    setInvalid(problem);
    if (problem) return;
    const http_method = method as CallbackConfig['http_method'];
    setHeldWhat(config ? `the change of ${config.url}` : `callback URL ${url.trim()}`);
    if (config) {
      save.mutate(
        {
          action: 'update',
          callback_id: config.callback_id,
          url: url.trim(),
          http_method,
          is_active: active,
        },
        // A held change keeps the dialog open to say it waits.
        { onSuccess: (saved) => saved.done && setOpen(false) },
      );
    } else {
      const type = eventType || types.data?.[0]?.event_type;
      if (!type) return;
      save.mutate({
        action: 'create',
        event_type: type as CallbackConfig['event_type'],
        url: url.trim(),
        http_method,
        is_active: active,
      });
    }
  };
  const selectedType = types.data?.find((t) => t.event_type === (eventType || types.data?.[0]?.event_type));

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {trigger(() => {
        // The form starts from the configuration as it is now (it may have changed since the last edit).
        if (config) {
          setUrl(config.url);
          setMethod(config.http_method);
          setActive(config.is_active);
        }
        setOpen(true);
      })}
      {open && (
        <DialogContent
          className="max-h-[90svh] overflow-y-auto"
          onInteractOutside={(event) => {
            if (created || held?.secret) event.preventDefault();
          }}
        >
          <DialogHeader className="pr-8">
            <DialogTitle>
              {held
                ? config
                  ? 'The change waits for approval'
                  : 'The callback URL waits for approval'
                : created
                  ? 'Callback URL added'
                  : config
                    ? 'Edit callback URL'
                    : 'Add a callback URL'}
            </DialogTitle>
            <DialogDescription>
              {held
                ? config
                  ? 'Events keep going to the callback URL as it was until an approver approves the change.'
                  : 'No event goes to this URL until an approver approves it.'
                : created
                  ? `Events of this type now go to ${created.url}.`
                  : 'Meridian sends a signed message to this URL for every event of the type.'}
            </DialogDescription>
          </DialogHeader>
          {held ? (
            <div className="flex flex-col gap-4">
              <PendingApprovalAlert what={heldWhat} pending={held} focus={!held.secret} />
              {held.secret ? (
                <SecretView secret={held.secret} />
              ) : (
                <div className="flex justify-end">
                  <DialogClose asChild>
                    <Button>Done</Button>
                  </DialogClose>
                </div>
              )}
            </div>
          ) : created ? (
            <SecretView secret={created.secret} />
          ) : (
            <form onSubmit={submit} noValidate className="flex flex-col gap-4">
              {!config && (
                <div className="flex flex-col gap-2">
                  <Label htmlFor={`${idp}-type`}>Event type</Label>
                  <Select
                    id={`${idp}-type`}
                    value={eventType || selectedType?.event_type || ''}
                    disabled={!types.data}
                    onChange={(e) => setEventType(e.target.value)}
                  >
                    {(types.data ?? []).map((t) => (
                      <option key={t.event_type} value={t.event_type}>
                        {t.label}
                      </option>
                    ))}
                  </Select>
                  {selectedType && (
                    <p className="text-xs text-muted-foreground">{selectedType.description}</p>
                  )}
                </div>
              )}
              <div className="flex flex-col gap-2">
                <Label htmlFor={`${idp}-url`}>URL</Label>
                <Input
                  id={`${idp}-url`}
                  type="url"
                  inputMode="url"
                  autoComplete="off"
                  placeholder="https://example.com/webhooks/meridian"
                  value={url}
                  aria-invalid={urlError !== null || undefined}
                  aria-describedby={urlError ? `${idp}-url-error` : undefined}
                  onChange={(e) => setUrl(e.target.value)}
                />
                {urlError && (
                  <p id={`${idp}-url-error`} className="text-sm text-destructive">
                    {urlError}
                  </p>
                )}
              </div>
              <div className="flex flex-col gap-2">
                <Label htmlFor={`${idp}-method`}>HTTP method</Label>
                <Select
                  id={`${idp}-method`}
                  value={method}
                  disabled={!methods.data}
                  onChange={(e) => setMethod(e.target.value)}
                >
                  {(methods.data ?? [{ http_method: 'POST', label: 'POST' }]).map((m) => (
                    <option key={m.http_method} value={m.http_method}>
                      {m.label}
                    </option>
                  ))}
                </Select>
              </div>
              <div className="flex items-center gap-3">
                <Switch id={`${idp}-active`} checked={active} onCheckedChange={setActive} />
                <Label htmlFor={`${idp}-active`}>Active</Label>
              </div>
              <FormErrorAlert
                title="The callback URL was not saved"
                message={save.isError && !serverFields.url ? serverErrorMessage(save.error) : null}
              />
              <div className="flex justify-end gap-2">
                <DialogClose asChild>
                  <Button variant="outline">Cancel</Button>
                </DialogClose>
                <Button type="submit" disabled={save.isPending}>
                  {save.isPending ? 'Saving…' : config ? 'Save' : 'Add URL'}
                </Button>
              </div>
            </form>
          )}
        </DialogContent>
      )}
    </Dialog>
  );
}
