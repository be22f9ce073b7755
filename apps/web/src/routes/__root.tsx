import { lazy, Suspense, useEffect } from 'react';
import { Outlet, createRootRoute } from '@tanstack/react-router';
import { NavigationProgress } from '@/components/layout/navigation-progress';
import { NotFoundPage } from '@/features/errors';
import { watchAppearance } from '@/lib/preferences/theme';

// sonner loads after first paint, outside the first bundle; toasts raised before it mounts are rare (none at start).
const AppToaster = lazy(() => import('@/components/layout/app-toaster'));

function RootLayout() {
  // Theme and font: keep <html> in step with the stored choice (all tabs) and, for "system", with the OS.
  useEffect(() => watchAppearance(), []);
  return (
    <>
      <NavigationProgress />
      <Outlet />
      <Suspense fallback={null}>
        <AppToaster />
      </Suspense>
    </>
  );
}

export const Route = createRootRoute({
  component: RootLayout,
  notFoundComponent: NotFoundPage,
});
