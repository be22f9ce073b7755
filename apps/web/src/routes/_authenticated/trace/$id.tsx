import { createFileRoute } from '@tanstack/react-router';
import { TracePage } from '@/features/trace/trace-page';

/** The trace of a request id or a resource id (payout, KYC call, virtual-account credit…); its code loads with it. */
export const Route = createFileRoute('/_authenticated/trace/$id')({
  component: function TraceRoute() {
    const { id } = Route.useParams();
    return <TracePage id={id} />;
  },
});
