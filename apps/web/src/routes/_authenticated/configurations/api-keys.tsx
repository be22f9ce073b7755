import { createFileRoute } from '@tanstack/react-router';
import { ApiKeysPage } from '@/features/fabric/api-keys';

export const Route = createFileRoute('/_authenticated/configurations/api-keys')({
  component: ApiKeysPage,
});
