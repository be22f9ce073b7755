import { createFileRoute } from '@tanstack/react-router';
import { CreditsPage } from '@/features/credits';

/** Meridian operations only: the page checks the server-reported roles and shows an ops-only state to others. */
export const Route = createFileRoute('/_authenticated/accounts/credits')({
  component: CreditsPage,
});
