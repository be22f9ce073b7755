import { createFileRoute } from '@tanstack/react-router';
import { SectionPage } from '@/features/sections';

export const Route = createFileRoute('/_authenticated/flow/transactions')({
  component: () => <SectionPage path="/flow/transactions" />,
});
