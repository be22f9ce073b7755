/**
 * The V8 settings the server process runs with (`npm start` passes them on its command line; every script that
 * starts the server spawns `node ...SERVER_NODE_FLAGS main.ts`). Under load V8 lets an idle-sized heap (~60 MB
 * live) grow to ~280 MB before collecting it: a young generation of 2 × 32 MB semi-spaces and an old generation
 * allowed to grow up to four times its live size. Both are bounded here: semi-spaces of 16 MB and an old
 * generation collected once it has doubled. Measured on PostgreSQL (bench:http), the list's loads left the process
 * at ~340 MB instead of ~550 MB with the same throughput. Semi-spaces of 8 MB saved ~25 MB more but cost 26 % of a
 * payout's details and 41 % of the global search (more objects promoted and collected again). Neither is a hard
 * limit: a large report can still use the memory it needs.
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=16', '--heap-growing-percent=100'] as const;
