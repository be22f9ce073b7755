import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import {
  FABRIC_CALL_STATUS_LABELS,
  FABRIC_TITLES,
  type FabricCall,
  type FabricEvent,
} from '@meridian/contract/fabric';
import { Code, DateTimeText, StatusBadge } from '@/components/data-table/cells';
import { fabricCallsKey } from '../api/calls';
import { useFabricEvents } from '../api/events';
import { ConnectionState } from '../connection-state';
import { FABRIC_PATHS, FABRIC_STATUS_VARIANTS, creditsText } from '../products';

/** How many calls the tail keeps. */
export const TAIL_SIZE = 20;
/** New calls refresh the summary (counts, credits) at most this often. */
const REFRESH_AFTER_MS = 1000;

/** The newest `TAIL_SIZE` calls, newest first; an update replaces its call where it is. */
export function addToTail(tail: readonly FabricCall[], call: FabricCall): FabricCall[] {
  const at = tail.findIndex((c) => c.urn === call.urn);
  if (at >= 0) return tail.map((c, i) => (i === at ? call : c));
  return [call, ...tail].slice(0, TAIL_SIZE);
}

/**
 * The live tail of the /fabric home: the client's calls as they happen (the events stream), newest first,
 * each a link to its screen with its details open. Each new call also refreshes the day's figures.
 */
export function LiveTail() {
  const queryClient = useQueryClient();
  const [tail, setTail] = useState<FabricCall[]>([]);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const onEvent = useCallback(
    (event: FabricEvent) => {
      setTail((current) => addToTail(current, event.call));
      void queryClient.invalidateQueries({ queryKey: [fabricCallsKey(event.call.product)] });
      if (timer.current === undefined) {
        timer.current = setTimeout(() => {
          timer.current = undefined;
          void queryClient.invalidateQueries({ queryKey: ['fabric'] });
        }, REFRESH_AFTER_MS);
      }
    },
    [queryClient],
  );
  const state = useFabricEvents(onEvent);

  return (
    <section aria-labelledby="fabric-live-tail" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="fabric-live-tail" className="text-lg font-semibold">
          Live calls
        </h2>
        <ConnectionState state={state} />
      </div>
      <div role="log" aria-label="Live calls, newest first" className="rounded-xl border bg-card">
        {tail.length === 0 ? (
          <p className="px-4 py-10 text-center text-sm text-muted-foreground">
            Waiting for calls. Calls made with your API keys or from the dashboard appear here as they happen.
          </p>
        ) : (
          <ol className="divide-y">
            {tail.map((call) => (
              <li key={call.urn}>
                <Link
                  to={FABRIC_PATHS[call.product]}
                  search={{ selected: call.urn }}
                  className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-4 gap-y-1 px-4 py-3 text-sm transition-colors outline-none hover:bg-muted/50 focus-visible:ring-[3px] focus-visible:ring-ring/50 sm:grid-cols-[9rem_minmax(0,1fr)_auto_auto]"
                >
                  <span className="font-medium">{FABRIC_TITLES[call.product]}</span>
                  <span className="min-w-0 truncate">
                    <Code>{call.urn}</Code>
                    {call.customer_reference_number && (
                      <span className="text-muted-foreground"> · {call.customer_reference_number}</span>
                    )}
                  </span>
                  <span className="text-xs text-muted-foreground">
                    <DateTimeText value={call.created_at} /> · {creditsText(call.credits)}
                  </span>
                  <StatusBadge
                    status={call.status}
                    variants={FABRIC_STATUS_VARIANTS}
                    label={FABRIC_CALL_STATUS_LABELS[call.status]}
                  />
                </Link>
              </li>
            ))}
          </ol>
        )}
      </div>
    </section>
  );
}
