import { useEffect, useState } from 'react';
import LoaderCircle from 'lucide-react/icons/loader-circle';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { navigateTo } from '@/lib/api';
import { logout } from '@/lib/auth';
import { LOGOUT_REDIRECT_DELAY_MS, startInactivityTimer } from './inactivity';

/**
 * Auto-logout: after 30 minutes without activity, clear everything (logout: storage, cookies, data
 * cache, auth state), show the "Session Expired" modal, and go to /sign-in 3 s later.
 */
export function InactivityLogout() {
  const [expired, setExpired] = useState(false);

  useEffect(() => {
    const timer = startInactivityTimer({
      onTimeout: () => {
        setExpired(true);
        void logout();
      },
    });
    return () => timer.stop();
  }, []);

  useEffect(() => {
    if (!expired) return;
    const t = setTimeout(() => navigateTo('/sign-in'), LOGOUT_REDIRECT_DELAY_MS);
    return () => clearTimeout(t);
  }, [expired]);

  return (
    <Dialog open={expired}>
      <DialogContent
        layout="notice"
        showClose={false}
        onEscapeKeyDown={(e) => e.preventDefault()}
        onInteractOutside={(e) => e.preventDefault()}
        data-testid="session-expired"
      >
        <DialogHeader className="items-center">
          <DialogTitle>Session Expired</DialogTitle>
          <DialogDescription>Your session has expired due to inactivity</DialogDescription>
        </DialogHeader>
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <LoaderCircle className="size-4 animate-spin motion-reduce:animate-none" aria-hidden />
          Redirecting to login...
        </p>
      </DialogContent>
    </Dialog>
  );
}
