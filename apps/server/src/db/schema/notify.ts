import { bigserial, index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';

// The SMS and e-mails sent.

/** Every SMS and e-mail the server sent (one-time codes are redacted: they are stored only as hashes). */
export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    channel: text('channel').notNull(),
    provider: text('provider').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    status: text('status').notNull(),
    providerMessageId: text('provider_message_id'),
    error: text('error'),
    createdAt: createdAt(),
  },
  (t) => [index('outbox_created_idx').on(t.createdAt)],
);
