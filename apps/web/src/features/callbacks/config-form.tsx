import { FormErrorAlert } from '@/components/form/form-alert';
import { serverErrorMessage } from '@/components/form/server-errors';
import { Button } from '@/components/ui/button';
import { DialogClose } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';
import type { ConfigDialogState, EditableConfig } from './config-form-state';

/** The configuration's fields: event type (a new one only), URL, method, active; then Cancel and Save. */
export function ConfigForm({
  config,
  state,
  idp,
}: {
  config?: EditableConfig;
  state: ConfigDialogState;
  /** The fields' id prefix. */
  idp: string;
}) {
  const { save, serverFields, fields } = state;
  return (
    <form onSubmit={state.submit} noValidate className="flex flex-col gap-4">
      {!config && <EventTypeField state={state} idp={idp} />}
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${idp}-url`}>URL</Label>
        <Input
          id={`${idp}-url`}
          type="url"
          inputMode="url"
          autoComplete="off"
          placeholder="https://example.com/webhooks/meridian"
          value={fields.url}
          aria-invalid={state.urlError !== null || undefined}
          aria-describedby={state.urlError ? `${idp}-url-error` : undefined}
          onChange={(e) => fields.setUrl(e.target.value)}
        />
        {state.urlError && (
          <p id={`${idp}-url-error`} className="text-sm text-destructive">
            {state.urlError}
          </p>
        )}
      </div>
      <MethodField state={state} idp={idp} />
      <div className="flex items-center gap-3">
        <Switch id={`${idp}-active`} checked={fields.active} onCheckedChange={fields.setActive} />
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
  );
}

/** The event type of a new configuration (the first the server offers until one is chosen), with its description. */
function EventTypeField({ state, idp }: { state: ConfigDialogState; idp: string }) {
  const { types, fields } = state;
  const selectedType = types.data?.find(
    (t) => t.event_type === (fields.eventType || types.data?.[0]?.event_type),
  );
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={`${idp}-type`}>Event type</Label>
      <Select
        id={`${idp}-type`}
        value={fields.eventType || selectedType?.event_type || ''}
        disabled={!types.data}
        onChange={(e) => fields.setEventType(e.target.value)}
      >
        {(types.data ?? []).map((t) => (
          <option key={t.event_type} value={t.event_type}>
            {t.label}
          </option>
        ))}
      </Select>
      {selectedType && <p className="text-xs text-muted-foreground">{selectedType.description}</p>}
    </div>
  );
}

/** The HTTP method (POST until the server's list has come). */
function MethodField({ state, idp }: { state: ConfigDialogState; idp: string }) {
  const { methods, fields } = state;
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={`${idp}-method`}>HTTP method</Label>
      <Select
        id={`${idp}-method`}
        value={fields.method}
        disabled={!methods.data}
        onChange={(e) => fields.setMethod(e.target.value)}
      >
        {(methods.data ?? [{ http_method: 'POST', label: 'POST' }]).map((m) => (
          <option key={m.http_method} value={m.http_method}>
            {m.label}
          </option>
        ))}
      </Select>
    </div>
  );
}
