import { CallbackRequest } from '@meridian/contract';
import { z } from 'zod';
import type { HoldInput } from '../approvals/engine.ts';
import { PendingApproval, settingsExecutor } from '../approvals/settings.ts';
import { changeCallback, type CallbackChange, type planCallbackChange } from './configs.ts';

/*
 * Four eyes on callback URLs (action `callback`): creating a configuration, or changing its URL, method or whether
 * it is active, covered by an active rule waits; deliveries go on to the configuration as it was until the change
 * is approved. Rotating the signing secret alone changes where nothing goes and never waits. The signing secret of
 * a new configuration (or of a rotation asked with a held change) is made at once and shown in the maker's 202
 * answer only; the request keeps it in its payload (never shown to approvers, who see URL, event type, method and
 * whether it is active) and the configuration signs with it once approved.
 */

/** The maker's 202: the request, and the signing secret (when the change makes one), shown this once. */
export const PendingCallback = PendingApproval.extend({ secret: z.string().optional() });

const Payload = z.object({ change: CallbackRequest, secret: z.string() });

/** A change that never waits: rotating the secret, nothing else. */
export const onlyRotatesSecret = (req: CallbackChange) =>
  req.action === 'update' &&
  req.url === undefined &&
  req.http_method === undefined &&
  req.is_active === undefined;

/** Whether a change makes a signing secret (a new configuration, a rotation). */
export const makesSecret = (req: CallbackChange) => req.action === 'create' || !!req.rotate_secret;

/** What a callback change's approval request holds. */
export const holdCallbackChange = (
  req: CallbackChange,
  secret: string,
  plan: Awaited<ReturnType<typeof planCallbackChange>>,
): Omit<HoldInput, 'action' | 'source'> => ({
  summary:
    req.action === 'create'
      ? `Add callback URL ${plan.after.url} for ${plan.after.event_type} events`
      : `Change callback ${req.callback_id} (${plan.before?.url ?? ''} → ${plan.after.url}${
          plan.after.is_active ? '' : ', switched off'
        })`,
  ...(req.action === 'update' ? { resourceUrn: req.callback_id } : {}),
  payload: { change: req, secret },
  diff: {
    before: plan.before,
    after: { ...plan.after, ...(plan.rotatesSecret ? { secret: 'rotated' } : {}) },
  },
});

/** Makes an approved callback change, with the secret made when it was asked for. */
export const callbackExecutor = settingsExecutor(async (tx, payload, actor) => {
  const held = Payload.parse(payload);
  if (held.change.action === 'list') throw new Error('A callback list is not a change');
  const done = await changeCallback(tx, actor, held.change, held.secret);
  return {
    outcome: `Callback ${done.body.callback_id} ${held.change.action === 'create' ? 'created' : 'changed'}`,
  };
});
