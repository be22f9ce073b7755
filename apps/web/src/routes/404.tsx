import { createFileRoute } from '@tanstack/react-router';
import { ErrorPage } from '@/features/errors';

export const Route = createFileRoute('/404')({
  component: () => <ErrorPage code={404} />,
});
