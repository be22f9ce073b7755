import { createFileRoute } from '@tanstack/react-router';
import { RulesPage } from '@/features/approvals/rules-page';

/** Approval rules: the screen needs approvals.configure (the shell's permission gate explains it otherwise). */
export const Route = createFileRoute('/_authenticated/approvals/rules')({
  component: () => <RulesPage />,
});
