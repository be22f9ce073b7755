import { useEffect } from 'react';
import { Outlet, createRootRoute } from '@tanstack/react-router';
import { AppToaster } from '@/components/layout/app-toaster';
import { NavigationProgress } from '@/components/layout/navigation-progress';
import { NotFoundPage } from '@/features/errors';
import { watchAppearance } from '@/lib/preferences/theme';

function RootLayout() {
  // Theme and font: keep <html> in step with the stored choice (all tabs) and, for "system", with the OS.
  useEffect(() => watchAppearance(), []);
  return (
    <>
      <NavigationProgress />
      <Outlet />
      <AppToaster />
    </>
  );
}

export const Route = createRootRoute({
  component: RootLayout,
  notFoundComponent: NotFoundPage,
});
