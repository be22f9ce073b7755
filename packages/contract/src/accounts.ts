/**
 * Accounts: virtual accounts and the money arriving in them, all accounts and their transactions, balances,
 * settlements, and Meridian operations' credit management.
 * Money travels as decimal strings with two places; times as ISO 8601 (UTC).
 */
export { CUSTOMER_ID_PATTERN } from './accounts-fields.ts';
export * from './accounts-virtual.ts';
export * from './accounts-balances.ts';
export * from './accounts-settlements.ts';
export * from './accounts-credits.ts';
