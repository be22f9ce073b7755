import { useCallback } from 'react';
import TriangleAlert from 'lucide-react/icons/triangle-alert';
import { Code } from '@/components/data-table/cells';
import { CopyButton } from '@/components/data-table/copy-button';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { DialogClose } from '@/components/ui/dialog';
import { PendingApprovalAlert } from '@/components/form/pending-approval-alert';
import type { PendingCallback } from './api';

/** A signing secret just created or rotated: shown whole here only, with a copy button. */
export function SecretView({ secret }: { secret: string }) {
  // The form that had focus is gone: focus moves to the warning, the first thing to read.
  const focusOnMount = useCallback((node: HTMLDivElement | null) => node?.focus(), []);
  return (
    <div className="flex flex-col gap-4">
      <Alert variant="warning" role="alert" ref={focusOnMount} tabIndex={-1} className="outline-none">
        <TriangleAlert aria-hidden />
        <AlertTitle>Copy the signing secret now: it is shown only this once</AlertTitle>
        <AlertDescription>
          Your endpoint checks each callback&apos;s webhook-signature with it (Standard Webhooks). If you lose
          it, rotate the secret.
        </AlertDescription>
      </Alert>
      <div className="flex min-w-0 items-center gap-1">
        <Code wrap className="rounded bg-muted px-2 py-1">
          {secret}
        </Code>
        <CopyButton value={secret} label="Copy signing secret" />
      </div>
      <div className="flex justify-end">
        <DialogClose asChild>
          <Button>I have copied the secret</Button>
        </DialogClose>
      </div>
    </div>
  );
}

/**
 * A create, change or rotation held for approval (202): it waits, and a secret that comes with it is shown,
 * once; else Done.
 */
export function HeldView({ what, held }: { what: string; held: PendingCallback }) {
  return (
    <div className="flex flex-col gap-4">
      <PendingApprovalAlert what={what} pending={held} focus={!held.secret} />
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
  );
}
