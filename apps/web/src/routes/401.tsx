import { createFileRoute } from '@tanstack/react-router';
import { ErrorPage } from '@/features/errors';

export const Route = createFileRoute('/401')({
  component: () => <ErrorPage code={401} />,
});
