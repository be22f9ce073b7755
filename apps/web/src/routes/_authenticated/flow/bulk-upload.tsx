import { createFileRoute } from '@tanstack/react-router';
import { BulkUploadPage } from '@/features/flow/bulk';

export const Route = createFileRoute('/_authenticated/flow/bulk-upload')({
  component: () => <BulkUploadPage />,
});
