import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider, createRouter } from '@tanstack/react-router';
import { setNavigator } from '@/lib/api';
import { checkSession } from '@/lib/auth';
import { runStorageMigrations } from '@/lib/storage';
import { CrashPage, NotFoundPage } from '@/features/errors';
import { routeTree } from './routeTree.gen';
import './styles.css';

// Before the first render: move legacy storage keys once, then restore the session from storage (spec §4).
runStorageMigrations();
checkSession();

const router = createRouter({
  routeTree,
  defaultPreload: 'intent',
  // Show the pending state (and the progress bar's completion) only for navigations that take a moment.
  defaultPendingMs: 150,
  defaultPendingMinMs: 0,
  defaultErrorComponent: CrashPage,
  defaultNotFoundComponent: NotFoundPage,
  scrollRestoration: true,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

// Non-React code (the API client, the query cache) navigates through the router.
setNavigator((options) => router.navigate(options));

// React Query (QueryClientProvider) lives in the signed-in layout, sonner's Toaster is lazy in the root route:
// both stay out of the first bundle, which the sign-in screens share.
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
