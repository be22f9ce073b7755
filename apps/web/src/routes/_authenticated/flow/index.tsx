import { createFileRoute } from '@tanstack/react-router';
import { FlowHomePage } from '@/features/flow/home';

export const Route = createFileRoute('/_authenticated/flow/')({
  component: FlowHomePage,
});
