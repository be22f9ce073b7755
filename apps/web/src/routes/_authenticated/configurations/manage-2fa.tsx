import { createFileRoute } from '@tanstack/react-router';
import { TwoFactorPage } from '@/features/two-factor';

export const Route = createFileRoute('/_authenticated/configurations/manage-2fa')({
  component: TwoFactorPage,
});
