import { createFileRoute } from '@tanstack/react-router';
import { AddBeneficiaryPage } from '@/features/flow/forms';

export const Route = createFileRoute('/_authenticated/flow/add-beneficiary')({
  component: AddBeneficiaryPage,
});
