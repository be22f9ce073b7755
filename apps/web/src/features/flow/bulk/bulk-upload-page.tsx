import { Link } from '@tanstack/react-router';
import CloudUpload from 'lucide-react/icons/cloud-upload';
import { EmptyState } from '@/components/layout/page-frame';
import { FailureAlert } from './failure-alert';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useFeatureFlags } from '../api/feature-flags';
import { ListPage } from '../lists/list-page';
import { BulkUpload } from './bulk-upload';

/** /flow/bulk-upload: payouts from a CSV or XLSX file, every row checked before submit, if the company may. */
export function BulkUploadPage({ pollMs }: { pollMs?: number }) {
  const flags = useFeatureFlags();
  return (
    <ListPage
      path="/flow/bulk-upload"
      description="Pay many beneficiaries at once from a CSV or XLSX file; every row is checked before submit."
      actions={
        <Button asChild variant="outline">
          <Link to="/flow/bulk-capabilities">Your bulks</Link>
        </Button>
      }
    >
      {flags.isPending ? (
        <div className="flex flex-col gap-4" aria-busy="true" aria-label="Loading">
          <Skeleton className="h-6 w-48" />
          <Skeleton className="h-40 w-full" />
        </div>
      ) : flags.isError ? (
        <div className="flex flex-col items-start gap-3">
          <FailureAlert title="This page could not be loaded" message={flags.error.message} />
          <Button variant="outline" onClick={() => void flags.refetch()}>
            Try again
          </Button>
        </div>
      ) : !flags.data.bulk_frontend_payout ? (
        <EmptyState icon={CloudUpload} title="Bulk payouts are not enabled for this company">
          Ask your account manager to enable bulk payouts from the dashboard. Single payouts and the API work
          as before.
        </EmptyState>
      ) : (
        <BulkUpload pollMs={pollMs} />
      )}
    </ListPage>
  );
}
