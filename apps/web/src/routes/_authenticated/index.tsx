import { createFileRoute, redirect } from '@tanstack/react-router';

/** The root of the signed-in area goes to /flow. */
export const Route = createFileRoute('/_authenticated/')({
  beforeLoad: () => {
    throw redirect({ to: '/flow', replace: true });
  },
});
