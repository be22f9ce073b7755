import { Link } from '@tanstack/react-router';
import CircleAlert from 'lucide-react/icons/circle-alert';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useCompanyModes } from '@/lib/api/company-modes';
import { setMode, useLiveModeRefused, useMode } from '@/lib/mode';

export const LIVE_MODE_NOTICE_TITLE = 'Live mode is not enabled yet';

/**
 * Why live money does not move yet, and what to do: switch to test mode, and ask Meridian operations (who turn
 * live mode on) from Help & support. `when`: `closed` on the flow home (live mode and the company's live mode
 * still closed, as GET /v2/company/modes says), `refused` in the shell (an answer of this tab said 403
 * `live_mode_not_enabled`). The home shows it only while the shell does not, so it is never there twice.
 */
export function LiveModeNotice({ when }: { when: 'closed' | 'refused' }) {
  const mode = useMode();
  const modes = useCompanyModes();
  const refused = useLiveModeRefused();
  const closed = modes?.live_mode_enabled === false;
  const shown = mode === 'live' && (when === 'refused' ? refused : closed && !refused);
  if (!shown) return null;
  return (
    <Alert variant="warning" role="region" aria-label={LIVE_MODE_NOTICE_TITLE}>
      <CircleAlert aria-hidden />
      <AlertTitle>{LIVE_MODE_NOTICE_TITLE}</AlertTitle>
      <AlertDescription className="flex flex-col items-start gap-3">
        <p>
          Your company cannot move real money until Meridian operations turn live mode on. Meanwhile, use test
          mode: payouts, validations and links work there with test money only. To ask for live mode, write to
          Meridian operations from Help &amp; support.
        </p>
        <div className="flex flex-wrap gap-2">
          {modes?.test_mode_available !== false && (
            <Button size="sm" onClick={() => setMode('test')}>
              Switch to test mode
            </Button>
          )}
          <Button size="sm" variant="outline" asChild>
            <Link to="/help-center" hash="support-heading">
              Help &amp; support
            </Link>
          </Button>
        </div>
      </AlertDescription>
    </Alert>
  );
}
