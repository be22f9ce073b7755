import { useCallback, type ReactNode } from 'react';
import Clock from 'lucide-react/icons/clock';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { waitingTitle, type PendingApproval } from '@/lib/api/pending-approval';

/**
 * A change an approval rule held (202 PENDING_APPROVAL): "Waiting for approval: <what> (<urn>)" and the server's
 * message. It says the change waits and never that it was made. `focus` moves focus to it when it replaces the
 * form that had focus.
 */
export function PendingApprovalAlert({
  what,
  pending,
  focus = false,
  children,
}: {
  what: string;
  pending: PendingApproval;
  focus?: boolean;
  children?: ReactNode;
}) {
  const focusOnMount = useCallback((node: HTMLDivElement | null) => node?.focus(), []);
  return (
    <Alert
      variant="warning"
      role="status"
      ref={focus ? focusOnMount : undefined}
      tabIndex={focus ? -1 : undefined}
      className="outline-none"
    >
      <Clock aria-hidden />
      <AlertTitle className="break-words">{waitingTitle(what, pending)}</AlertTitle>
      <AlertDescription>
        <p className="break-words">{pending.message}</p>
        {children}
      </AlertDescription>
    </Alert>
  );
}
