import { cx } from '@/lib/cx';
import type { StreamState } from './api/events';

const STATE_TEXT: Record<StreamState, string> = {
  connecting: 'Connecting…',
  live: 'Live',
  reconnecting: 'Reconnecting…',
};

/** The events stream's state as a polite status ("Live", "Reconnecting…"); its width does not change. */
export function ConnectionState({ state }: { state: StreamState }) {
  return (
    <span
      role="status"
      className="inline-flex min-w-32 items-center justify-end gap-2 text-sm text-muted-foreground"
    >
      <span
        aria-hidden
        className={cx(
          'size-2.5 rounded-full',
          state === 'live' ? 'bg-green-600' : 'animate-pulse bg-yellow-500',
        )}
      />
      {STATE_TEXT[state]}
    </span>
  );
}
