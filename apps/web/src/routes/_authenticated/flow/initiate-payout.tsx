import { createFileRoute } from '@tanstack/react-router';
import { InitiatePayoutPage } from '@/features/flow/forms';

export const Route = createFileRoute('/_authenticated/flow/initiate-payout')({
  component: () => <InitiatePayoutPage />,
});
