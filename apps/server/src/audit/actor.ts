import type { RequestMeta } from '../http/context.ts';
import { audit } from './audit.ts';
import type { Db } from '../db/database.ts';

/**
 * Who acts in a flow write: the signed-in user of a client (or the demo seed / the rail for the system).
 * `onBehalfOf`: the approver who makes a change that waited for approval acts for the member who asked for it;
 * every audit record of the change names both (the maker and the approval request).
 */
export type Actor = {
  /** The tenant written to: the mode's, or the company's for what both modes share. */
  clientRef: number;
  /** The company (its audit log); absent: the tenant's company, looked up. */
  companyRef?: number;
  /** The mode the change is in (audited with it); null: the company's shared settings; absent: the tenant's. */
  livemode?: boolean | null;
  userRef: number | null;
  email: string;
  meta: RequestMeta | null;
  onBehalfOf?: { email: string; approvalUrn: string };
};

export const systemActor = (clientRef: number, name: string): Actor => ({
  clientRef,
  userRef: null,
  email: name,
  meta: null,
});

/** Audit record for a state change made by `actor`. */
export function auditBy(
  db: Db,
  actor: Actor,
  action: string,
  target: string,
  metadata: Record<string, unknown>,
): Promise<void> {
  return audit(db, {
    action,
    clientRef: actor.clientRef,
    ...(actor.companyRef === undefined ? {} : { companyRef: actor.companyRef }),
    ...(actor.livemode === undefined ? {} : { livemode: actor.livemode }),
    userRef: actor.userRef,
    actor: actor.email,
    target,
    ip: actor.meta?.ip ?? null,
    requestId: actor.meta?.requestId ?? null,
    metadata: actor.onBehalfOf
      ? { ...metadata, on_behalf_of: actor.onBehalfOf.email, approval_urn: actor.onBehalfOf.approvalUrn }
      : metadata,
  });
}
