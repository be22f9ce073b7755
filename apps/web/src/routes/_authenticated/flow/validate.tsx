import { createFileRoute } from '@tanstack/react-router';
import { ValidatePage } from '@/features/flow/forms';

export const Route = createFileRoute('/_authenticated/flow/validate')({
  component: ValidatePage,
});
