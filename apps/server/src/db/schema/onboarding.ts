import { bigserial, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';

// Requests for access from the public sign-up form.

/** Requests for dashboard access from the public sign-up form. */
export const accessRequests = pgTable('access_requests', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  requestUrn: text('request_urn').notNull().unique(),
  companyName: text('company_name').notNull(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  phone: text('phone').notNull(),
  message: text('message'),
  status: text('status').notNull().default('received'),
  ip: text('ip'),
  createdAt: createdAt(),
});
