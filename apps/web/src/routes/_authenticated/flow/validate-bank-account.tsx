import { createFileRoute } from '@tanstack/react-router';
import { SectionPage } from '@/features/sections';

export const Route = createFileRoute('/_authenticated/flow/validate-bank-account')({
  component: () => <SectionPage path="/flow/validate-bank-account" />,
});
