import { SUPPORT_STATUS_LABELS, type SupportTicket } from '@meridian/contract/support';
import type { Db } from '../db/database.ts';
import { deliver, type EmailSender } from '../notify/senders.ts';

/** What the sender of a ticket is told by e-mail: that it was received, and each change of its status. */
function ticketMail(ticket: SupportTicket, kind: 'created' | 'status', helpUrl: string) {
  const subject =
    kind === 'created'
      ? `We received your support request ${ticket.urn}`
      : `Your support request ${ticket.urn} is ${SUPPORT_STATUS_LABELS[ticket.status].toLowerCase()}`;
  const lead =
    kind === 'created'
      ? `Thank you: Meridian support received your request "${ticket.subject}".`
      : `The status of your request "${ticket.subject}" is now ${SUPPORT_STATUS_LABELS[ticket.status]}.`;
  const text = `${lead}\n\nTicket: ${ticket.urn}\nStatus: ${SUPPORT_STATUS_LABELS[ticket.status]}\n\nSee your tickets in the help centre: ${helpUrl}\n`;
  return { to: ticket.created_by, subject, text, redacted: text };
}

/**
 * E-mails the ticket's sender through the configured e-mail sender (recorded in the outbox). The ticket is
 * already stored: a provider failure is reported to `onError` (the log), not to the caller.
 */
export async function mailTicketSender(
  db: Db,
  email: EmailSender,
  ticket: SupportTicket,
  kind: 'created' | 'status',
  publicUrl: string,
  onError: (err: unknown) => void,
): Promise<void> {
  try {
    await deliver(
      db,
      email,
      'email',
      ticketMail(ticket, kind, `${publicUrl.replace(/\/$/, '')}/help-center`),
    );
  } catch (err) {
    onError(err);
  }
}
