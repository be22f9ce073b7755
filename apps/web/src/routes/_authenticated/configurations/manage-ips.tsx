import { createFileRoute } from '@tanstack/react-router';
import { ManageIpsPage } from '@/features/configurations';

export const Route = createFileRoute('/_authenticated/configurations/manage-ips')({
  component: ManageIpsPage,
});
