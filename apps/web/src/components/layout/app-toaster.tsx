import { lazy, Suspense } from 'react';
import { useToastRequested } from '@/lib/toast';

const SonnerToaster = lazy(() => import('./toaster'));

/** Where toasts appear (lib/toast): sonner and its Toaster load with the first toast a page shows. */
export function AppToaster() {
  const requested = useToastRequested();
  return requested ? (
    <Suspense fallback={null}>
      <SonnerToaster />
    </Suspense>
  ) : null;
}
