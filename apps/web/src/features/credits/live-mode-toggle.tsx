import { useState } from 'react';
import type { Company } from '@meridian/contract/accounts';
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
import { useCan } from '@/lib/api/user-details';
import { cx } from '@/lib/cx';
import { useSetLiveMode } from './api';

/** What opening or closing a company's live mode does, as the confirmation says it. */
const EFFECT = {
  open: 'Its live payouts, bulk payouts, validations, mandates and payment links go through from now on: real money moves. Its test mode stays as it is.',
  close:
    'Its live payouts, bulk payouts, validations, mandates and payment links are refused from now on (live mode not enabled), and an approval of a live payout fails. Its test mode keeps working.',
} as const;

/**
 * A company's live mode in the companies list: On or Off, and for Meridian operations (`ops.companies`) a switch
 * that opens or closes it after a confirmation. Its clicks do not select the row.
 */
export function LiveModeToggle({ company }: { company: Company }) {
  const canSet = useCan('ops.companies');
  const [open, setOpen] = useState(false);
  const set = useSetLiveMode();
  const on = company.live_mode_enabled;
  const label = on ? 'On' : 'Off';
  if (!canSet) return <span className={cx(!on && 'text-muted-foreground')}>{label}</span>;
  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) set.reset();
  };
  return (
    <span className="inline-flex items-center gap-2" onClick={(e) => e.stopPropagation()}>
      <button
        type="button"
        role="switch"
        aria-checked={on}
        aria-label={`Live mode for ${company.company_name}`}
        onClick={() => setOpen(true)}
        className={cx(
          'inline-flex h-5 w-9 shrink-0 items-center rounded-full border border-transparent shadow-xs transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50',
          on ? 'bg-primary' : 'bg-input',
        )}
      >
        <span
          aria-hidden
          className={cx(
            'pointer-events-none block size-4 rounded-full bg-background transition-transform',
            on ? 'translate-x-[calc(100%-2px)]' : 'translate-x-0.5',
          )}
        />
      </button>
      <span aria-hidden>{label}</span>
      <Dialog open={open} onOpenChange={onOpenChange}>
        {open && (
          <DialogContent role="alertdialog">
            <DialogHeader className="pr-8">
              <DialogTitle>
                {on ? 'Close' : 'Open'} live mode for {company.company_name}?
              </DialogTitle>
              <DialogDescription>{on ? EFFECT.close : EFFECT.open} The change is audited.</DialogDescription>
            </DialogHeader>
            {set.isError && (
              <Alert variant="destructive" role="alert">
                <AlertTitle>Live mode was not changed</AlertTitle>
                <AlertDescription>{set.error.message}</AlertDescription>
              </Alert>
            )}
            <div className="flex justify-end gap-2">
              <DialogClose asChild>
                <Button variant="outline">Cancel</Button>
              </DialogClose>
              <Button
                variant={on ? 'destructive' : 'default'}
                disabled={set.isPending}
                onClick={() =>
                  set.mutate(
                    { clientId: company.client_id, enabled: !on },
                    { onSuccess: () => setOpen(false) },
                  )
                }
              >
                {set.isPending ? 'Saving…' : on ? 'Close live mode' : 'Open live mode'}
              </Button>
            </div>
          </DialogContent>
        )}
      </Dialog>
    </span>
  );
}
