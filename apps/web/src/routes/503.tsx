import { createFileRoute } from '@tanstack/react-router';
import { ErrorPage } from '@/features/errors';

export const Route = createFileRoute('/503')({
  component: () => <ErrorPage code={503} />,
});
