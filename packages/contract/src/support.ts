import { z } from 'zod';
import { defineList, readPaths } from './lists.ts';

/**
 * Support tickets: what a signed-in user sends from the help centre's "Contact support" form, listed with its
 * status; Meridian operations move it through its states. Times travel as ISO 8601 (UTC).
 */

export const SUPPORT_CATEGORIES = [
  'PAYOUTS',
  'ACCOUNTS',
  'KYC',
  'REPORTS',
  'CALLBACKS',
  'ACCOUNT_ACCESS',
  'OTHER',
] as const;
export const SupportCategory = z.enum(SUPPORT_CATEGORIES, {
  error: `Choose a category: ${SUPPORT_CATEGORIES.join(', ')}`,
});
export type SupportCategory = z.infer<typeof SupportCategory>;

export const SUPPORT_CATEGORY_LABELS: Record<SupportCategory, string> = {
  PAYOUTS: 'Payouts',
  ACCOUNTS: 'Accounts',
  KYC: 'KYC',
  REPORTS: 'Reports',
  CALLBACKS: 'Callbacks',
  ACCOUNT_ACCESS: 'Account access',
  OTHER: 'Other',
};

export const SUPPORT_STATUSES = ['OPEN', 'IN_PROGRESS', 'RESOLVED', 'CLOSED'] as const;
export const SupportStatus = z.enum(SUPPORT_STATUSES, {
  error: `A status is one of ${SUPPORT_STATUSES.join(', ')}`,
});
export type SupportStatus = z.infer<typeof SupportStatus>;

export const SUPPORT_STATUS_LABELS: Record<SupportStatus, string> = {
  OPEN: 'Open',
  IN_PROGRESS: 'In progress',
  RESOLVED: 'Resolved',
  CLOSED: 'Closed',
};

export const SUPPORT_SUBJECT = { min: 5, max: 120 } as const;
export const SUPPORT_MESSAGE = { min: 20, max: 5000 } as const;

/** `POST /v2/support/tickets` */
export const CreateSupportTicket = z.object({
  subject: z
    .string({ error: 'Enter a subject' })
    .trim()
    .min(SUPPORT_SUBJECT.min, `A subject is ${SUPPORT_SUBJECT.min} to ${SUPPORT_SUBJECT.max} characters`)
    .max(SUPPORT_SUBJECT.max, `A subject is ${SUPPORT_SUBJECT.min} to ${SUPPORT_SUBJECT.max} characters`)
    .refine((v) => !/[\r\n\t]/.test(v), 'A subject is one line'),
  category: SupportCategory,
  message: z
    .string({ error: 'Describe your question' })
    .trim()
    .min(SUPPORT_MESSAGE.min, `A message is ${SUPPORT_MESSAGE.min} to ${SUPPORT_MESSAGE.max} characters`)
    .max(SUPPORT_MESSAGE.max, `A message is ${SUPPORT_MESSAGE.min} to ${SUPPORT_MESSAGE.max} characters`),
});
export type CreateSupportTicket = z.infer<typeof CreateSupportTicket>;

export const SupportTicket = z.object({
  /** `TKT…` */
  urn: z.string(),
  subject: z.string(),
  category: SupportCategory,
  message: z.string(),
  status: SupportStatus,
  /** E-mail of the user who sent it. */
  created_by: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  /** When operations last changed its status; null while it is as sent. */
  status_changed_at: z.string().nullable(),
});
export type SupportTicket = z.infer<typeof SupportTicket>;

export const SupportTicketUrnParams = z.object({ urn: z.string().trim().min(1).max(64) });

/**
 * The help centre's tickets (search by urn, or part of the subject in any case), filtered by status and category.
 */
export const SUPPORT_TICKETS_LIST = defineList({
  name: 'support_tickets',
  title: 'Support tickets',
  noun: 'ticket',
  permission: 'support.use',
  paths: readPaths('support/tickets'),
  searchKeys: [
    { key: '{product}_urn', label: 'Ticket URN' },
    { key: 'subject', label: 'Subject' },
  ],
  defaultRange: 'last7',
  filters: {
    status: { kind: 'enum', label: 'Status', values: SUPPORT_STATUSES, valueLabels: SUPPORT_STATUS_LABELS },
    category: {
      kind: 'enum',
      label: 'Category',
      values: SUPPORT_CATEGORIES,
      valueLabels: SUPPORT_CATEGORY_LABELS,
    },
  },
  columns: [
    { key: 'created_at', label: 'Sent', format: 'time', priority: 2 },
    { key: 'urn', header: '{product}_urn', label: 'Ticket', format: 'code', priority: 1 },
    { key: 'subject', label: 'Subject', format: 'text', priority: 1 },
    { key: 'category', label: 'Category', format: 'text', priority: 2 },
    { key: 'status', label: 'Status', format: 'status', priority: 1 },
    { key: 'created_by', label: 'Sent by', format: 'text', priority: 3 },
    { key: 'updated_at', label: 'Updated', format: 'time', priority: 2 },
  ],
});

/** The tickets list's status filter as the server reads it: empty is every status (older links send `status=`). */
export const SupportTicketListQuery = { status: z.union([z.literal(''), SupportStatus]).optional() };

/** Operations: `POST /{provider}/operations/support/tickets/{client_id}/{urn}/status` */
export const ChangeSupportTicketStatus = z.object({ status: SupportStatus });

/** A ticket as operations see it: with its company. */
export const OpsSupportTicket = SupportTicket.extend({ client_id: z.string(), company_name: z.string() });
export const OpsSupportTicketQuery = z.object({
  status: z.union([z.literal(''), SupportStatus]).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(10),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
