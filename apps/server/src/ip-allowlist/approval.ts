import { z } from 'zod';
import type { HoldInput } from '../approvals/engine.ts';
import { dropCachedOnCommit, settingsExecutor } from '../approvals/settings.ts';
import { addAllowlistEntry, allowlistOwner, removeAllowlistEntry } from './service.ts';

/*
 * Four eyes on the IP allow-list (action `ip_allowlist`): an addition or removal covered by an active rule waits
 * with the entry (never the maker's password, which confirmed the request) and the list's ranges before and after;
 * once approved it is made as then (a range listed or removed meanwhile fails it), and every process drops its
 * cached copy of the list when the approval commits.
 */

const Payload = z.object({
  action: z.enum(['add', 'remove']),
  ip: z.string(),
  label: z.string(),
});
type Change = z.infer<typeof Payload>;

/** What an allow-list change's approval request holds. */
export const holdAllowlistChange = (
  change: Change,
  plan: { cidr: string; before: string[]; after: string[] },
): Omit<HoldInput, 'action' | 'source'> => ({
  summary:
    change.action === 'add'
      ? `Add ${plan.cidr}${change.label ? ` (${change.label})` : ''} to the IP allow-list`
      : `Remove ${plan.cidr} from the IP allow-list`,
  resourceUrn: plan.cidr,
  payload: change,
  diff: { before: plan.before, after: plan.after },
});

/** Makes an approved allow-list change. */
export const ipAllowlistExecutor = settingsExecutor(async (tx, payload, actor) => {
  const change = Payload.parse(payload);
  const done =
    change.action === 'add'
      ? await addAllowlistEntry(tx, actor, change)
      : await removeAllowlistEntry(tx, actor, change);
  // The API-key guard's cached copy of the list goes when this commits, in every process.
  await dropCachedOnCommit(tx, [allowlistOwner(actor.clientRef)]);
  return {
    outcome: `${done.entry.cidr} ${change.action === 'add' ? 'added to' : 'removed from'} the IP allow-list`,
  };
});
