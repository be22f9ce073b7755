import { Link } from '@tanstack/react-router';
import Send from 'lucide-react/icons/send';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { EmptyState, PageFrame } from '@/components/layout/page-frame';
import { useFeatureFlags } from '../../api/feature-flags';
import { FormErrorAlert } from '@/components/form/form-alert';
import { PayoutWizard } from './payout-wizard';

/** /flow/initiate-payout: a payout from a provider account to a saved beneficiary, if the account may. */
export function InitiatePayoutPage({ pollMs }: { pollMs?: number }) {
  const flags = useFeatureFlags();
  return (
    <PageFrame
      title="Initiate payout"
      description="Send money from one of your accounts to a saved beneficiary."
      breadcrumb={[{ label: 'Flow', to: '/flow' }, { label: 'Initiate payout' }]}
    >
      {flags.isPending ? (
        <div className="flex max-w-3xl flex-col gap-4" aria-busy="true" aria-label="Loading">
          <Skeleton className="h-6 w-48" />
          <Skeleton className="h-40 w-full" />
        </div>
      ) : flags.isError ? (
        <div className="flex max-w-3xl flex-col items-start gap-3">
          <FormErrorAlert title="This page could not be loaded" message={flags.error.message} />
          <Button variant="outline" onClick={() => void flags.refetch()}>
            Try again
          </Button>
        </div>
      ) : !flags.data.frontend_payout ? (
        <EmptyState icon={Send} title="Dashboard payouts are not enabled for this account">
          Payouts can still be made through the API. Ask your account manager to enable payouts from the
          dashboard.
        </EmptyState>
      ) : (
        <PayoutWizard pollMs={pollMs} />
      )}
      {flags.data?.frontend_payout === false && (
        <p className="text-center text-sm">
          <Link to="/flow/payouts" className="text-primary underline-offset-4 hover:underline">
            See your payouts
          </Link>
        </p>
      )}
    </PageFrame>
  );
}
