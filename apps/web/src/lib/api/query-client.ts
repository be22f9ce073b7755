import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { clearAuth, onAuthCleared, signInHref } from '@/lib/auth';
import { noteLiveModeRefused, onModeChange, setMode } from '@/lib/mode';
import { setSignInNotice } from '@/lib/storage';
import { errorKeyOf, isApiError, LIVE_MODE_NOT_ENABLED, TEST_MODE_UNAVAILABLE } from './errors';
import { reportError } from './error-reporter';
import { navigateTo } from './navigation';
import { isStepUpRequired } from './step-up';

export const QUERY_MESSAGES = {
  sessionExpired: 'Session expired!',
  serverError: 'Internal Server Error!',
  notModified: 'Content not modified!',
  notFound: 'Content not found.',
  forbidden: 'Not allowed for your role',
  liveModeClosed: 'Live mode is not enabled yet',
  generic: 'Something went wrong!',
} as const;

const MAX_RETRIES = 3;

/** At most 3 retries, none on 401 or 403. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && (error.status === 401 || error.status === 403)) return false;
  return failureCount < MAX_RETRIES;
}

/**
 * 401 on a data call: clear auth, go to sign-in with the current path and query as redirect. The sign-in page
 * is another page load, so the "Session expired!" toast is shown there (left for it in session storage).
 */
function sessionExpired(): void {
  clearAuth();
  setSignInNotice(QUERY_MESSAGES.sessionExpired);
  navigateTo(signInHref(window.location), true);
}

/**
 * A 403 may mean the member's role changed since their permissions were loaded: ask for them again, so
 * navigation and buttons follow the role the server now applies. (The details themselves are a member's own
 * and never answer 403, so this cannot loop.)
 */
function permissionDenied(error: unknown): void {
  if (!isApiError(error) || error.status !== 403) return;
  const key = errorKeyOf(error);
  // Live mode still closed is the company's state, not the member's role: the shell explains it (lib/mode.ts).
  if (key === LIVE_MODE_NOT_ENABLED) noteLiveModeRefused();
  // A company without a test mode (a shared `?mode=test` link): back to live, which asks everything again.
  else if (key === TEST_MODE_UNAVAILABLE) setMode('live');
  else void queryClient.invalidateQueries({ queryKey: ['User', 'details'] });
}

export function handleQueryError(error: unknown): void {
  if (!isApiError(error)) return;
  permissionDenied(error);
  // A step-up the member cancelled is no expired session.
  if (error.status === 401 && !isStepUpRequired(error)) sessionExpired();
  else if (error.status === 500) {
    toast.error(QUERY_MESSAGES.serverError, { id: 'server-error' });
    navigateTo('/500');
  }
  // Other query failures are shown by the screen that made the query.
}

/** Toast title for a failed mutation. */
export function mutationErrorMessage(error: unknown): string {
  if (isApiError(error)) {
    if (error.status === 304) return QUERY_MESSAGES.notModified;
    if (error.status === 204) return QUERY_MESSAGES.notFound;
    if (error.status === 403)
      return errorKeyOf(error) === LIVE_MODE_NOT_ENABLED
        ? QUERY_MESSAGES.liveModeClosed
        : QUERY_MESSAGES.forbidden;
  }
  return QUERY_MESSAGES.generic;
}

export interface MutationMeta extends Record<string, unknown> {
  /** false: the screen shows the error itself, no global toast (the error is still reported). */
  errorToast?: boolean;
}

export function handleMutationError(
  error: unknown,
  meta?: MutationMeta,
  mutationKey?: readonly unknown[],
): void {
  reportError(error, mutationKey ? { mutationKey } : undefined);
  if (isApiError(error) && error.status === 401 && !isStepUpRequired(error)) return sessionExpired();
  permissionDenied(error);
  if (meta?.errorToast === false) return;
  const clientError =
    isApiError(error) && typeof error.status === 'number' && error.status >= 400 && error.status < 500;
  toast.error(mutationErrorMessage(error), clientError ? { description: error.message } : undefined);
}

export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: (error) => handleQueryError(error) }),
  mutationCache: new MutationCache({
    onError: (error, _variables, _context, mutation) =>
      handleMutationError(error, mutation.meta as MutationMeta | undefined, mutation.options.mutationKey),
  }),
  defaultOptions: {
    queries: { retry: shouldRetry, refetchOnWindowFocus: true, staleTime: 10_000, gcTime: 60_000 },
  },
});

// Logout and forced sign-out drop every cached answer of the previous user.
onAuthCleared(() => queryClient.clear());
// A switch of mode drops every answer of the other mode: no screen shows test data in live mode or the reverse.
onModeChange(() => queryClient.clear());
