import { useCallback } from 'react';
import { logout } from '@/lib/auth';
import { navigateTo } from '@/lib/api';

/** Signs out (server revocation, storage, cookies and data cache cleared) and goes to /sign-in (a page load). */
export function useSignOut(): () => Promise<void> {
  return useCallback(async () => {
    await logout();
    navigateTo('/sign-in');
  }, []);
}
