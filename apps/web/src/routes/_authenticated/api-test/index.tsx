import { createFileRoute } from '@tanstack/react-router';
import { apiTestSearchSchema } from '@/features/api-test/search';
import { ApiTestPage } from '@/features/api-test';

export const Route = createFileRoute('/_authenticated/api-test/')({
  // The selected operation lives in the URL (`?op=operationId`); validated by a small module (eager tree).
  validateSearch: apiTestSearchSchema,
  component: function ApiTestRoute() {
    const navigate = Route.useNavigate();
    return <ApiTestPage op={Route.useSearch().op} onSelect={(op) => void navigate({ search: { op } })} />;
  },
});
