import { useState } from 'react';
import { toast } from '@/lib/toast';
import { waitingTitle } from '@/lib/api/pending-approval';
import type { Beneficiary } from '@meridian/contract';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { useBeneficiaryDetails } from '../../api/beneficiary-details';
import { useUpdateBeneficiary } from '../../api/beneficiary-mutations';
import { FormErrorAlert } from '@/components/form/form-alert';
import { serverErrorMessage } from '@/components/form/server-errors';
import { CoolingOffNotice } from './cooling-off-notice';

/** Changing the beneficiary's status: the confirmation of a deactivation, and the failure of the last change. */
function useBeneficiaryStatus(code: string) {
  const update = useUpdateBeneficiary();
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const setStatus = async (status: Beneficiary['status']) => {
    setFailure(null);
    try {
      const answer = await update.mutateAsync({ code, body: { status } });
      setConfirming(false);
      // Activating may wait for approval (202); the status shown stays the server's.
      if (answer.pending)
        return toast.success(
          waitingTitle(`${status === 'ACTIVE' ? 'activating' : 'deactivating'} ${code}`, answer.pending),
          {
            description: answer.pending.message,
          },
        );
      toast.success(
        status === 'ACTIVE' ? `Beneficiary ${code} activated` : `Beneficiary ${code} deactivated`,
      );
    } catch (error) {
      setConfirming(false);
      setFailure(serverErrorMessage(error));
    }
  };
  return { confirming, setConfirming, failure, setStatus, pending: update.isPending };
}

/** "Deactivate beneficiary", after a confirmation. */
function DeactivateDialog({
  code,
  name,
  open,
  onOpenChange,
  pending,
  onDeactivate,
}: {
  code: string;
  name: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  pending: boolean;
  onDeactivate: () => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <Button variant="outline" onClick={() => onOpenChange(true)} disabled={pending}>
        Deactivate beneficiary
      </Button>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Deactivate {code}?</DialogTitle>
          <DialogDescription>
            Payouts to {name} will be refused until you activate the beneficiary again.
          </DialogDescription>
        </DialogHeader>
        <div className="flex flex-wrap justify-end gap-2">
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button variant="destructive" onClick={onDeactivate} disabled={pending}>
            {pending ? 'Deactivating…' : 'Deactivate'}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

/**
 * Whether the beneficiary can be paid, and the action that changes it: deactivating (after a confirmation)
 * makes payouts to it fail until it is activated again.
 */
export function BeneficiaryStatusCard({ code }: { code: string }) {
  const details = useBeneficiaryDetails(code);
  const { confirming, setConfirming, failure, setStatus, pending } = useBeneficiaryStatus(code);

  const status = details.data?.status;
  return (
    <Card className="max-w-3xl gap-4" aria-labelledby="beneficiary-status-title" role="region">
      <CardHeader>
        <div className="flex flex-wrap items-center gap-2">
          <CardTitle id="beneficiary-status-title">Status</CardTitle>
          {status && <Badge variant={status === 'ACTIVE' ? 'green' : 'grey'}>{status}</Badge>}
        </div>
        <CardDescription>
          {status === 'INACTIVE'
            ? 'This beneficiary is inactive: payouts to it are refused until you activate it.'
            : 'Active beneficiaries can be paid. Deactivate one to stop payouts to it.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col items-start gap-3">
        {details.data && (
          <CoolingOffNotice
            until={details.data.cooling_off_until}
            limit={details.data.cooling_off_limit}
            score={details.data.name_match_score}
          />
        )}
        {details.isPending ? (
          <Skeleton className="h-9 w-40" aria-label="Loading the status" />
        ) : details.isError ? (
          <div className="flex flex-wrap items-center gap-3">
            <p className="text-sm text-destructive">
              The status could not be loaded: {details.error.message}
            </p>
            <Button variant="outline" size="sm" onClick={() => void details.refetch()}>
              Try again
            </Button>
          </div>
        ) : status === 'ACTIVE' ? (
          <DeactivateDialog
            code={code}
            name={details.data.beneficiary_name}
            open={confirming}
            onOpenChange={setConfirming}
            pending={pending}
            onDeactivate={() => void setStatus('INACTIVE')}
          />
        ) : (
          <Button onClick={() => void setStatus('ACTIVE')} disabled={pending}>
            {pending ? 'Activating…' : 'Activate beneficiary'}
          </Button>
        )}
        <FormErrorAlert title="The status was not changed" message={failure} />
      </CardContent>
    </Card>
  );
}
