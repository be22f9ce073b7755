import { and, eq, inArray } from 'drizzle-orm';
import { type ApprovalAction, APPROVAL_ACTION_LABELS } from '@meridian/contract/approvals';
import type { Db } from '../db/database.ts';
import { approvalRequests, users } from '../db/schema.ts';
import { companyOf } from '../db/tenants.ts';
import { deliver, type EmailSender } from '../notify/senders.ts';
import { decisionsOf } from './records.ts';

/**
 * E-mails the people who can decide the request's current step (active members of its client whose role is one
 * of the step's, except its maker), through the configured sender (recorded in the outbox). After commit: a
 * provider failure is reported to `onError`, the request stays.
 */
export async function mailApprovers(
  db: Db,
  email: EmailSender,
  clientRef: number,
  urn: string,
  publicUrl: string,
  onError: (err: unknown) => void,
): Promise<number> {
  try {
    const [row] = await db
      .select()
      .from(approvalRequests)
      .where(and(eq(approvalRequests.clientRef, clientRef), eq(approvalRequests.urn, urn)));
    const step = row?.steps[row.currentStep];
    if (!row || row.status !== 'PENDING' || !step) return 0;
    const members = await db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(
        and(
          // The approvers are the company's members, whichever mode the request is in.
          eq(users.clientRef, await companyOf(db, clientRef)),
          eq(users.status, 'active'),
          inArray(users.role, step.roles),
        ),
      );
    const decided = new Set((await decisionsOf(db, clientRef, [row.id])).map((d) => d.userRef));
    const to = members.filter(
      (m) => m.id !== row.requestedByRef && m.email !== row.requestedBy && !decided.has(m.id),
    );
    const link = `${publicUrl.replace(/\/$/, '')}/approvals`;
    for (const m of to) {
      const text = `${row.requestedBy} asks for your approval: ${row.summary} (${APPROVAL_ACTION_LABELS[row.action as ApprovalAction]}).\n\nRequest: ${row.urn}\nExpires: ${row.expiresAt.toISOString()}\n\nApprove or reject it in your approvals inbox: ${link}\n`;
      await deliver(db, email, 'email', {
        to: m.email,
        subject: `Approval needed: ${row.summary}`,
        text,
        redacted: text,
      });
    }
    return to.length;
  } catch (err) {
    onError(err);
    return 0;
  }
}
