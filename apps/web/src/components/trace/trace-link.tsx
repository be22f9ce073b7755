import { Link } from '@tanstack/react-router';
import Waypoints from 'lucide-react/icons/waypoints';
import { Can } from '@/components/permissions/can';
import { Button } from '@/components/ui/button';

/**
 * "Trace": opens the whole path of a request or a record (payout, KYC call, credit…) on the trace page. Shown to
 * members whose role reads the request log (logs.read).
 */
export function TraceLink({ id, label = 'Trace' }: { id: string; label?: string }) {
  return (
    <Can permission="logs.read">
      <Button asChild variant="outline" size="sm" className="w-fit">
        <Link to="/trace/$id" params={{ id }} aria-label={`${label} of ${id}`}>
          <Waypoints aria-hidden />
          {label}
        </Link>
      </Button>
    </Can>
  );
}
