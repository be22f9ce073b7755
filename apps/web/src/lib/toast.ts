import { useSyncExternalStore } from 'react';
import type * as Sonner from 'sonner';
import type { ExternalToast } from 'sonner';

// Toasts go through sonner, which loads with the first toast shown: no page pays for the library
// up front, and most page loads show none. components/layout/app-toaster.tsx mounts sonner's Toaster once a
// toast is asked for; the toast is handed over when the Toaster listens.

type Kind = 'success' | 'error';

let requested = false;
const listeners = new Set<() => void>();
let library: Promise<typeof Sonner> | null = null;
let markMounted: () => void = () => {};
const mounted = new Promise<void>((resolve) => {
  markMounted = resolve;
});

function show(kind: Kind, message: string, options?: ExternalToast): void {
  if (!requested) {
    requested = true;
    for (const listener of [...listeners]) listener();
  }
  library ??= import('sonner');
  void Promise.all([library, mounted]).then(([sonner]) => sonner.toast[kind](message, options));
}

/** The app's toasts: `toast.error(title, { description, id })` as in sonner. */
export const toast = {
  success: (message: string, options?: ExternalToast) => show('success', message, options),
  error: (message: string, options?: ExternalToast) => show('error', message, options),
};

/** For the toaster: true once any toast has been asked for (re-renders then). */
export function useToastRequested(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => requested,
    () => requested,
  );
}

/** Called by the toaster once sonner's Toaster is mounted and listening: the waiting toasts are shown. */
export function toasterMounted(): void {
  markMounted();
}
