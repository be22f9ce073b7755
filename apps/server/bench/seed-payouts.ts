import type { DatabaseHandle } from '../src/db/database.ts';

/**
 * What the benchmarks that need many payouts share: raw SQL on the server's own driver, and N payouts for one
 * client inserted in SQL with the invariants the payout lists rely on (seq 1..N+M contiguous, created_at
 * non-decreasing in seq).
 */
const DAY_MS = 86_400_000;
const fmtInt = (n: number) => n.toLocaleString('en-US');

export type Row = unknown[];
export type Exec = (text: string, params?: unknown[]) => Promise<Row[]>;

/** Raw SQL through the driver the server uses (its pg pool, or its PGlite instance); rows as arrays, like drizzle. */
export function rawExec(handle: DatabaseHandle): Exec {
  if (handle.pool) {
    const pool = handle.pool;
    return async (text, params = []) =>
      (await pool.query<Row>({ text, values: params, rowMode: 'array' })).rows;
  }
  const lite = handle.pglite!;
  return async (text, params = []) => (await lite.query<Row>(text, params, { rowMode: 'array' })).rows;
}

/**
 * Payouts seq $3..$4 of client $1 from account $2, to its active beneficiaries in turn ($5 of them),
 * created $7 seconds apart from $6: 84 % SUCCESS, 8 % FAILURE, 4 % RETURNED, 4 % PENDING, amounts
 * within each rail's limits.
 */
const INSERT_PAYOUTS = `
  with ben as (
    select (row_number() over (order by id))::int - 1 as i, id, code, name, account_number, ifsc, upi_id, transfer_type
    from beneficiaries where client_ref = $1 and status = 'ACTIVE'
  )
  insert into payouts (urn, client_ref, seq, account_ref, beneficiary_ref, customer_reference_number,
    bank_reference_number, beneficiary_code, beneficiary_name, beneficiary_account_number, ifsc, upi_id, amount,
    transfer_type, purpose_message, status, status_message, rail_due_at, created_at, updated_at)
  select 'PAYBENCH' || lpad(g::text, 18, '0'), $1, g, $2, ben.id, 'BENCH-' || lpad(g::text, 10, '0'),
    case when x.status in ('SUCCESS', 'RETURNED') then 'BNK' || lpad(g::text, 13, '0') end,
    ben.code, ben.name, ben.account_number, ben.ifsc, ben.upi_id,
    case ben.transfer_type
      when 'RTGS' then 20000000 + (g * 7919) % 500000000
      when 'UPI' then 100 + (g * 7919) % 9999900
      when 'IMPS' then 100 + (g * 7919) % 49999900
      else 100 + (g * 7919) % 100000000 end,
    ben.transfer_type, 'Benchmark payout', x.status,
    case x.status when 'FAILURE' then 'Beneficiary account is closed'
      when 'RETURNED' then 'Returned by the beneficiary bank' end,
    null, x.at, x.at + interval '2 seconds'
  from generate_series($3::bigint, $4::bigint) as g
  cross join lateral (
    select (g % $5)::int as i,
      $6::timestamptz + make_interval(secs => (g - 1) * $7::float8) as at,
      case when g % 100 < 84 then 'SUCCESS' when g % 100 < 92 then 'FAILURE'
        when g % 100 < 96 then 'RETURNED' else 'PENDING' end as status
  ) as x
  join ben on ben.i = x.i
  order by g`;

/**
 * `n` payouts for the client, `batch` rows a statement, over the year before the oldest demo payout;
 * answers the demo payouts renumbered after them and the insert's and the vacuum's milliseconds.
 */
export async function seedPayouts(exec: Exec, clientRef: number, n: number, batch: number, now: number) {
  const [account] = await exec(
    `select id from accounts where client_ref = $1 and kind = 'client_current' order by id limit 1`,
    [clientRef],
  );
  if (!account) throw new Error('the demo client has no account');
  const [bens] = await exec(
    `select count(*)::int from beneficiaries where client_ref = $1 and status = 'ACTIVE'`,
    [clientRef],
  );
  const beneficiaryCount = Number(bens![0]);
  if (!beneficiaryCount) throw new Error('the demo client has no active beneficiary');

  // The demo seed already made a week of payouts (seq 1..M, the newest created now). To keep seq contiguous and
  // created_at non-decreasing in seq across all the client's payouts, the bulk rows take the time before the
  // oldest demo payout and seq 1..N, and the demo payouts move up to seq N+1..N+M (same order, same times).
  const [existing] = await exec(
    'select count(*)::int, min(seq), max(seq), min(created_at) from payouts where client_ref = $1',
    [clientRef],
  );
  const m = Number(existing![0]);
  if (m && (Number(existing![1]) !== 1 || Number(existing![2]) !== m))
    throw new Error('the client payouts are not numbered 1..M');
  const until = m ? new Date(existing![3] as string | Date).getTime() : now;
  const since = now - 365 * DAY_MS;
  const stepSeconds = (until - since) / 1000 / n;
  if (m) await exec('update payouts set seq = seq + $2 where client_ref = $1', [clientRef, n]);

  const started = performance.now();
  for (let lo = 1; lo <= n; lo += batch) {
    const hi = Math.min(n, lo + batch - 1);
    await exec(INSERT_PAYOUTS, [
      clientRef,
      account[0],
      lo,
      hi,
      beneficiaryCount,
      new Date(since).toISOString(),
      stepSeconds,
    ]);
    const s = ((performance.now() - started) / 1000).toFixed(1);
    console.log(`  inserted ${fmtInt(hi)} / ${fmtInt(n)}  (${s} s)`);
  }
  await exec(
    `insert into client_sequences (client_ref, name, value) values ($1, 'payouts', $2)
     on conflict (client_ref, name) do update set value = excluded.value`,
    [clientRef, n + m],
  );
  const insertMs = performance.now() - started;
  const vacuumStarted = performance.now();
  await exec('vacuum (analyze) payouts');
  await exec('analyze accounts');
  return { demoRows: m, insertMs, vacuumMs: performance.now() - vacuumStarted };
}
