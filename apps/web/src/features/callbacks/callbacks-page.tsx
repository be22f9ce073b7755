import Plus from 'lucide-react/icons/plus';
import { PageFrame } from '@/components/layout/page-frame';
import { Button } from '@/components/ui/button';
import { useCallbackSubscriptions, useCallbackTypes } from './api';
import { ConfigDialog } from './config-dialog';
import { ConfigList } from './config-list';
import { DeliveryLog } from './delivery-log';
import { ReplayPanel } from './replay-panel';
import type { CallbacksSearch } from './search';
import { Can } from '@/components/permissions/can';

/**
 * /configurations/callback-configurations: where each event type is sent (URL, method, active), the signing
 * secrets (whole only after create or rotate), test events, and the delivery log with resend and replay.
 */
export function CallbacksPage({
  search,
  onSearchChange,
}: {
  search: CallbacksSearch;
  onSearchChange: (next: CallbacksSearch) => void;
}) {
  const types = useCallbackTypes();
  const subscriptions = useCallbackSubscriptions();
  return (
    <PageFrame
      title="Callback configurations"
      description="The URLs Meridian sends signed events to, per event type, and every delivery with its attempts."
      breadcrumb={[{ label: 'Configurations', to: '/configurations' }, { label: 'Callback configurations' }]}
      actions={
        <Can permission="callbacks.manage">
          <ConfigDialog
            trigger={(open) => (
              <Button onClick={open}>
                <Plus aria-hidden />
                Add callback URL
              </Button>
            )}
          />
        </Can>
      }
    >
      <section aria-labelledby="callback-urls" className="flex min-w-0 flex-col gap-3">
        <h2 id="callback-urls" className="text-lg font-semibold">
          Callback URLs
        </h2>
        <ConfigList subscriptions={subscriptions} types={types.data} />
      </section>
      <section aria-labelledby="callback-deliveries" className="flex min-w-0 flex-col gap-3">
        <h2 id="callback-deliveries" className="text-lg font-semibold">
          Delivery log
        </h2>
        <Can permission="callbacks.manage">
          <ReplayPanel search={search} />
        </Can>
        <DeliveryLog search={search} onSearchChange={onSearchChange} />
      </section>
    </PageFrame>
  );
}
