/**
 * Work to start once a transaction has committed: a rail step that is due at a time, and callback deliveries
 * to attempt. The rows that need them are already committed; if the process dies before the jobs are sent, the
 * sweeper finds the overdue rows and sends them. Each item names its client, so the job that handles it reads
 * and writes one client's rows (one node on Citus) without a lookup.
 */
export type RailStep = { clientRef: number; urn: string; at: Date };
/** `attempt`: the attempt to make (default 1; a delivery sent again goes on from its last attempt). */
export type DeliveryRef = { clientRef: number; id: number; attempt?: number };
/**
 * A replay of failed callback deliveries to run (its job); the sweeper re-sends one whose job was lost, with `at`
 * (its last progress), so that each re-send is a job of its own.
 */
export type ReplayRef = { clientRef: number; replayId: string; at?: Date };
/**
 * A bulk payout to process (its job); a lost job is re-sent by the sweeper when the bulk's lease runs out, with
 * `lease` (the lease that ran out), so that each re-send is a job of its own.
 */
export type BulkRef = { clientRef: number; urn: string; lease?: Date | null };
/** A report to build (its job); a lost job is re-sent by the sweeper. */
export type ReportBuildRef = { clientRef: number; urn: string };
export type Effects = {
  rail: RailStep[];
  callbacks: DeliveryRef[];
  bulks?: BulkRef[];
  callbackReplays?: ReplayRef[];
  reports?: ReportBuildRef[];
};

export const noEffects = (): Effects => ({ rail: [], callbacks: [] });

export const mergeEffects = (...all: Effects[]): Effects => ({
  rail: all.flatMap((e) => e.rail),
  callbacks: all.flatMap((e) => e.callbacks),
  bulks: all.flatMap((e) => e.bulks ?? []),
  callbackReplays: all.flatMap((e) => e.callbackReplays ?? []),
  reports: all.flatMap((e) => e.reports ?? []),
});

export type EffectRunner = (effects: Effects) => Promise<void>;
