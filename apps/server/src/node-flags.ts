/**
 * How the server process is started: the V8 settings on its command line and the environment it needs before it
 * runs (`npm start` has both on its command line; every script that starts the server spawns
 * `node ...SERVER_NODE_FLAGS main.ts` with SERVER_ENV in its environment).
 *
 * Under load V8 lets an idle-sized heap (~60 MB live) grow to ~280 MB before collecting it: a young generation of
 * 2 × 32 MB semi-spaces and an old generation allowed to grow up to four times its live size. Both are bounded
 * here: semi-spaces of 16 MB and an old generation collected once it has grown by half. Semi-spaces of 8 MB cost
 * 26 % of a payout's details and 41 % of the global search (more objects promoted and collected again); the old
 * generation's bound costs a few more major collections (12 instead of 7 over 60,000 list requests, ~5 ms each).
 *
 * glibc gives each thread that allocates its own malloc arena (Node's libuv pool, V8's GC helpers): two arenas
 * are enough for one event loop. MALLOC_ARENA_MAX is read when the process starts, so it cannot be set from
 * inside.
 *
 * Measured on PostgreSQL with 60,000 list requests (RSS right after): ~340 MB with the growth bound at 100 % and
 * the default arenas, ~314 MB at 50 %, ~280 MB at 50 % with two arenas, at the same throughput and CPU per
 * request. Neither is a hard limit: a large report can still use the memory it needs.
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=16', '--heap-growing-percent=50'] as const;

export const SERVER_ENV = { MALLOC_ARENA_MAX: '2' } as const;

/** `npm start`'s command line (package.json), checked by a unit test. */
export const START_COMMAND = `${Object.entries(SERVER_ENV)
  .map(([k, v]) => `${k}=${v}`)
  .join(' ')} node ${SERVER_NODE_FLAGS.join(' ')} scripts/start.mjs`;
