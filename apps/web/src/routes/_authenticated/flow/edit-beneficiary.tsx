import { createFileRoute } from '@tanstack/react-router';
import { editBeneficiarySearchSchema } from '@/features/flow';
import { EditBeneficiaryPage } from '@/features/flow/forms';

export const Route = createFileRoute('/_authenticated/flow/edit-beneficiary')({
  validateSearch: editBeneficiarySearchSchema,
  component: function EditBeneficiaryRoute() {
    return <EditBeneficiaryPage search={Route.useSearch()} />;
  },
});
