// Every table of the database, one file per domain (./schema/): the module the server's code and drizzle-kit read.
// The column helpers the files share are in ./schema/columns.ts and ./schema/client-ref.ts.

export * from './schema/clients.ts';
export * from './schema/users.ts';
export * from './schema/auth.ts';
export * from './schema/seed.ts';
export * from './schema/notify.ts';
export * from './schema/audit.ts';
export * from './schema/api-keys.ts';
export * from './schema/onboarding.ts';
export * from './schema/ledger.ts';
export * from './schema/client-sequences.ts';
export * from './schema/beneficiaries.ts';
export * from './schema/payouts.ts';
export * from './schema/validations.ts';
export * from './schema/idempotency.ts';
export * from './schema/callbacks.ts';
export * from './schema/credits.ts';
export * from './schema/fabric.ts';
export * from './schema/virtual-accounts.ts';
export * from './schema/settlements.ts';
export * from './schema/mandates.ts';
export * from './schema/payment-links.ts';
export * from './schema/bulk.ts';
export * from './schema/support.ts';
export * from './schema/reports.ts';
export * from './schema/saved-views.ts';
export * from './schema/approvals.ts';
export * from './schema/request-log.ts';
export * from './schema/events.ts';
