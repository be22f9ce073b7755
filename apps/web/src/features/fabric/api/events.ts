import { useEffect, useRef, useState } from 'react';
import { FabricEvent } from '@meridian/contract/fabric';
import { buildUrl, resolvePath } from '@/lib/api';
import { getMode, MODE_STREAM_PARAM } from '@/lib/mode';
import { getAccessToken, getStoredUser } from '@/lib/storage';
import { fetchCreditBalance } from './balance';

/**
 * GET /{provider}/read/stream/fabric/events: Server-Sent Events of the client's calls as they happen
 * (`FabricEvent` JSON in `data`, `id` set). EventSource cannot send headers, so the access token, the
 * client id and test mode (`meridian_mode=test`; absent: live) go as query parameters (accepted on this route
 * only: the server lifts them into the headers).
 */
export const FABRIC_EVENTS_PATH = resolvePath('/meridian/read/stream/fabric/events');

export type StreamState = 'connecting' | 'live' | 'reconnecting';

const MAX_BACKOFF_MS = 30_000;

/**
 * The stream's URL with the stored session, or null when signed out. `lastEventId` (the last event received)
 * makes a reopened stream replay what it missed: EventSource sends `Last-Event-ID` only on its own reconnects.
 */
export function fabricEventsUrl(lastEventId?: string): string | null {
  const token = getAccessToken();
  const clientId = getStoredUser()?.client_id;
  if (!token || !clientId) return null;
  return buildUrl(FABRIC_EVENTS_PATH, 'read', {
    access_token: token,
    client_id: clientId,
    ...(getMode() === 'test' ? { [MODE_STREAM_PARAM]: 'test' } : {}),
    ...(lastEventId ? { last_event_id: lastEventId } : {}),
  });
}

/**
 * Follows the events stream while mounted and calls `onEvent` for each valid event. A dropped connection is
 * resumed by the browser itself (with `Last-Event-ID`); a refused one (the stream answered an error status,
 * e.g. 401 with an expired token) is closed by the browser, so one call through the API client runs the app's
 * refresh flow (or signs out), and the stream is opened again with the current token after a backoff
 * (1 s, 2 s, 4 s… up to 30 s). The stream is closed on unmount.
 */
export function useFabricEvents(onEvent: (event: FabricEvent) => void): StreamState {
  const [state, setState] = useState<StreamState>('connecting');
  const handler = useRef(onEvent);
  useEffect(() => {
    handler.current = onEvent;
  });

  useEffect(() => {
    let source: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    let stopped = false;
    let lastEventId: string | undefined;

    const receive = (message: MessageEvent<unknown>) => {
      if (typeof message.data !== 'string') return;
      let json: unknown;
      try {
        json = JSON.parse(message.data);
      } catch {
        return;
      }
      const parsed = FabricEvent.safeParse(json);
      if (!parsed.success) return;
      lastEventId = parsed.data.id;
      handler.current(parsed.data);
    };

    const retryLater = () => {
      const delay = Math.min(MAX_BACKOFF_MS, 1000 * 2 ** failures);
      failures += 1;
      timer = setTimeout(() => {
        void fetchCreditBalance()
          .catch(() => undefined)
          .then(() => {
            if (!stopped) connect();
          });
      }, delay);
    };

    function connect() {
      if (typeof EventSource === 'undefined') return; // no live updates without it (old browsers, jsdom)
      const url = fabricEventsUrl(lastEventId);
      if (url === null) {
        setState('reconnecting');
        retryLater();
        return;
      }
      const es = new EventSource(url);
      source = es;
      es.onopen = () => {
        failures = 0;
        setState('live');
      };
      // Unnamed events and the named ones alike: the payload says which it is.
      es.addEventListener('message', receive);
      es.addEventListener('call.created', receive as EventListener);
      es.addEventListener('call.updated', receive as EventListener);
      es.onerror = () => {
        if (stopped) return;
        setState('reconnecting');
        if (es.readyState === EventSource.CLOSED) {
          es.close();
          source = null;
          retryLater();
        }
      };
    }

    connect();
    return () => {
      stopped = true;
      clearTimeout(timer);
      source?.close();
    };
  }, []);

  return state;
}
