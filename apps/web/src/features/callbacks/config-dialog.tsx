import type { ReactNode } from 'react';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { ConfigForm } from './config-form';
import { useConfigDialog, type EditableConfig } from './config-form-state';
import { HeldView, SecretView } from './secret-view';

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
  const state = useConfigDialog(config);
  const { open, save } = state;
  const created = !config ? save.data?.done : undefined;
  const held = save.data?.pending;
  const idp = config ? `edit-${config.callback_id}` : 'new-callback';

  return (
    <Dialog open={open} onOpenChange={state.onOpenChange}>
      {trigger(state.openDialog)}
      {open && (
        <DialogContent
          className="max-h-[90svh] overflow-y-auto"
          onInteractOutside={(event) => {
            if (created || held?.secret) event.preventDefault();
          }}
        >
          <ConfigDialogHeader edit={!!config} held={!!held} createdUrl={created?.url} />
          {held ? (
            <HeldView what={state.heldWhat} held={held} />
          ) : created ? (
            <SecretView secret={created.secret} />
          ) : (
            <ConfigForm config={config} state={state} idp={idp} />
          )}
        </DialogContent>
      )}
    </Dialog>
  );
}

/** The dialog's title and description: adding, editing, added, or waiting for approval. */
function ConfigDialogHeader({
  edit,
  held,
  createdUrl,
}: {
  edit: boolean;
  held: boolean;
  createdUrl: string | undefined;
}) {
  const created = createdUrl !== undefined;
  return (
    <DialogHeader className="pr-8">
      <DialogTitle>
        {held
          ? edit
            ? 'The change waits for approval'
            : 'The callback URL waits for approval'
          : created
            ? 'Callback URL added'
            : edit
              ? 'Edit callback URL'
              : 'Add a callback URL'}
      </DialogTitle>
      <DialogDescription>
        {held
          ? edit
            ? 'Events keep going to the callback URL as it was until an approver approves the change.'
            : 'No event goes to this URL until an approver approves it.'
          : created
            ? `Events of this type now go to ${createdUrl}.`
            : 'Meridian sends a signed message to this URL for every event of the type.'}
      </DialogDescription>
    </DialogHeader>
  );
}
