// First: configures zod before any schema is defined (lib/zod-csp.ts).
import '@/lib/zod-csp';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider, createRouter } from '@tanstack/react-router';
import { setNavigator } from '@/lib/api';
import { checkSession } from '@/lib/auth';
import { initMode, modeUrlRewrite } from '@/lib/mode';
import { runStorageMigrations } from '@/lib/storage';
import { CrashPage, NotFoundPage } from '@/features/errors';
import { routeTree } from './routeTree.gen';
import './styles.css';

// Before the first render: move legacy storage keys once, then restore the session from storage, then its mode
// (`?mode=test` wins, else the member's last choice).
runStorageMigrations();
checkSession();
initMode();

const router = createRouter({
  routeTree,
  defaultPreload: 'intent',
  // Show the pending state (and the progress bar's completion) only for navigations that take a moment.
  defaultPendingMs: 150,
  defaultPendingMinMs: 0,
  defaultErrorComponent: CrashPage,
  defaultNotFoundComponent: NotFoundPage,
  scrollRestoration: true,
  // Test mode keeps `?mode=test` in every address the router writes; the routes never see it (lib/mode.ts).
  rewrite: modeUrlRewrite,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

// Non-React code (the API client, the query cache) navigates through the router; to the sign-in screens (another
// page, auth.html) with a page load.
setNavigator((options) => router.navigate(options));

// The public auth screens are not in this app: they are auth.html with its own small entry (auth-main.tsx).
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
