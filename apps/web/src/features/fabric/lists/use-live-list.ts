import { useCallback, useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { FabricEvent, FabricProductSlug } from '@meridian/contract/fabric';
import { fabricCallsKey } from '../api/calls';
import { useFabricEvents, type StreamState } from '../api/events';

/** A burst of calls refreshes the list once. */
const REFRESH_AFTER_MS = 500;

/**
 * Keeps a product's log current while it is on screen: a call of that product on the events stream refreshes
 * its list, count and open details (the rows on screen stay until the new ones arrive).
 */
export function useLiveList(slug: FabricProductSlug): StreamState {
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const onEvent = useCallback(
    (event: FabricEvent) => {
      if (event.call.product !== slug || timer.current !== undefined) return;
      timer.current = setTimeout(() => {
        timer.current = undefined;
        void queryClient.invalidateQueries({ queryKey: [fabricCallsKey(slug)] });
      }, REFRESH_AFTER_MS);
    },
    [queryClient, slug],
  );
  return useFabricEvents(onEvent);
}
