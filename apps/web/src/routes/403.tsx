import { createFileRoute } from '@tanstack/react-router';
import { ErrorPage } from '@/features/errors';

export const Route = createFileRoute('/403')({
  component: () => <ErrorPage code={403} />,
});
