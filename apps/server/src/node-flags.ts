/**
 * The V8 settings the server process runs with (`npm start` passes them on its command line; every script that
 * starts the server spawns `node ...SERVER_NODE_FLAGS main.ts`). Under load V8 lets an idle-sized heap (~65 MB
 * live) grow to ~280 MB before collecting it: a young generation of up to 3 × 16 MB and an old generation allowed
 * to grow up to four times its live size. Both are bounded here: measured on PostgreSQL, 30,000 payouts-list
 * requests at 50 connections left the process at ~290 MB instead of ~550 MB, for a few per cent more CPU per
 * request (more frequent, smaller collections). Neither is a hard limit: a large report can still use the
 * memory it needs.
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=8', '--heap-growing-percent=50'] as const;
