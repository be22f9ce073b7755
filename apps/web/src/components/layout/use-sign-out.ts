import { useCallback } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { logout } from '@/lib/auth';

/** Signs out (server revocation, storage, cookies and data cache cleared) and goes to /sign-in. */
export function useSignOut(): () => Promise<void> {
  const navigate = useNavigate();
  return useCallback(async () => {
    await logout();
    await navigate({ to: '/sign-in' });
  }, [navigate]);
}
