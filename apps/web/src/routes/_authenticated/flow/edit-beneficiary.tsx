import { createFileRoute } from '@tanstack/react-router';
import { editBeneficiarySearchSchema } from '@/features/flow';
import { EditBeneficiaryPage } from '@/features/flow/forms';

export const Route = createFileRoute('/_authenticated/flow/edit-beneficiary')({
  validateSearch: editBeneficiarySearchSchema,
  component: function EditBeneficiaryRoute() {
    // The router merges the raw search back into the validated one, so a value the schema dropped (e.g.
    // `ifscCode={"x":1}`) would still arrive: parse again and hand the page only clean text.
    return <EditBeneficiaryPage search={editBeneficiarySearchSchema(Route.useSearch())} />;
  },
});
