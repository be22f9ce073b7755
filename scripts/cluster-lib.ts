// What the cluster's fault test and benchmark share: a signed-in demo admin talking to the balancer, payouts
// created with Idempotency-Keys and retried as a careful client does, the list loaded with autocannon.
import autocannon from 'autocannon';
import { demoSignIn, encryptForServer, publicKeyOf } from '../apps/server/bench/demo-sign-in.ts';

export const LIST_PATH = '/meridian/read/search/transaction/payouts';
export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

export type Session = {
  base: string;
  headers: Record<string, string>;
  /** The `meridian_lsn` cookie as a browser keeps it (read-your-writes across API processes). */
  cookie: string | null;
  stepUp: string;
  senderAccount: string;
  beneficiaryCode: string;
};

export type Answer = { status: number; body: Record<string, unknown>; headers: Headers };

/** One call through the balancer; keeps the session's LSN cookie as a browser would. */
export async function call(
  s: Pick<Session, 'base' | 'headers' | 'cookie'>,
  method: string,
  path: string,
  opts: { body?: unknown; headers?: Record<string, string>; timeoutMs?: number } = {},
): Promise<Answer> {
  const res = await fetch(`${s.base}${path}`, {
    method,
    headers: {
      ...s.headers,
      ...(s.cookie ? { cookie: s.cookie } : {}),
      ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...opts.headers,
    },
    ...(opts.body !== undefined ? { body: JSON.stringify(opts.body) } : {}),
    signal: AbortSignal.timeout(opts.timeoutMs ?? 20_000),
  });
  const setCookie = res.headers.getSetCookie().find((c) => c.startsWith('meridian_lsn='));
  if (setCookie) s.cookie = setCookie.split(';')[0] ?? null;
  const text = await res.text();
  let body: Record<string, unknown> = {};
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    body = { text };
  }
  return { status: res.status, body, headers: res.headers };
}

/** Signs in as Acme's demo admin, steps up, and finds a sender account and a beneficiary. */
export async function signIn(base: string): Promise<Session> {
  const headers = await demoSignIn(base);
  const s: Session = {
    base,
    headers: { ...headers },
    cookie: null,
    stepUp: '',
    senderAccount: '',
    beneficiaryCode: '',
  };
  await stepUp(s);
  const bens = await call(s, 'GET', '/meridian/read/fetch/manage/beneficiary?limit=100');
  type Ben = {
    beneficiary_code: string;
    status: string;
    transfer_type: string;
    beneficiary_account_number: string | null;
    sender_account_number: string;
    cooling_off_until: string | null;
  };
  // An ordinary bank beneficiary (the sandbox's named failure cases, RETURNED-… and CLOSED-…, left aside).
  const ben = (bens.body.data as Ben[] | undefined)?.find(
    (b) =>
      b.status === 'ACTIVE' &&
      b.transfer_type === 'IMPS' &&
      b.beneficiary_account_number &&
      !b.cooling_off_until &&
      !/RETURN|CLOSED|FAIL|INVALID|FROZEN|DORMANT/.test(b.beneficiary_code),
  );
  if (!ben) throw new Error(`no beneficiary: ${bens.status} ${JSON.stringify(bens.body).slice(0, 300)}`);
  s.senderAccount = ben.sender_account_number;
  s.beneficiaryCode = ben.beneficiary_code;
  return s;
}

async function stepUp(s: Session, publicKey?: string) {
  const pk = publicKey ?? (await publicKeyOf(s.base));
  const res = await call(s, 'POST', '/v2/auth/step-up', {
    body: { encrypted_password: encryptForServer(pk) },
  });
  if (res.status !== 200) throw new Error(`step-up failed: ${res.status} ${JSON.stringify(res.body)}`);
  s.stepUp = res.body.step_up_token as string;
}

export type PayoutOutcome = {
  key: string;
  crn: string;
  status: number;
  /** Attempts beyond the first (each after a lost answer, a 5xx or a 409 for a key still being handled). */
  retries: number;
  /** Answers the client had to retry: network errors and 5xx. */
  failures: number;
};

/**
 * Creates one payout of ₹1 as a careful client does: one Idempotency-Key, the same request sent again after a
 * lost answer, a 5xx or a 409 (the key is still held by an attempt in flight), until a final answer.
 */
export async function createPayout(s: Session, key: string, crn: string): Promise<PayoutOutcome> {
  let retries = 0;
  let failures = 0;
  const deadline = Date.now() + 30_000;
  for (let attempt = 0; Date.now() < deadline; attempt++) {
    if (attempt > 0) {
      retries++;
      await sleep(250);
    }
    let res: Answer;
    try {
      res = await call(s, 'POST', '/core_banking/money_transfer/initiate', {
        headers: { 'idempotency-key': key, 'x-step-up-token': s.stepUp },
        body: {
          customer_reference_number: crn,
          beneficiary_code: s.beneficiaryCode,
          amount: '1',
          transfer_type: 'IMPS',
          purpose_message: 'cluster test',
          sender_account_number: s.senderAccount,
        },
      });
    } catch {
      failures++;
      continue;
    }
    if (res.status === 401 && res.body.error === 'step_up_required') {
      await stepUp(s).catch(() => {});
      continue;
    }
    if (res.status >= 500) {
      failures++;
      continue;
    }
    if (res.status === 409 && /progress|in flight|being/i.test(JSON.stringify(res.body))) continue;
    return { key, crn, status: res.status, retries, failures };
  }
  return { key, crn, status: 0, retries, failures };
}

/** `n` writers creating payouts one after the other until `stop()` is true. */
export async function payoutWriters(
  s: Session,
  tag: string,
  n: number,
  stop: () => boolean,
): Promise<PayoutOutcome[]> {
  const out: PayoutOutcome[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: n }, async () => {
      while (!stop()) {
        const i = next++;
        out.push(await createPayout(s, `${tag}-${i}`, `${tag}-${i}`));
      }
    }),
  );
  return out;
}

export type Load = {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  /** 500 answers: an error of the server's; a database out of reach answers 503 (retried by HAProxy). */
  status500: number;
  errors: number;
  timeouts: number;
};

/** Loads the payouts list through the balancer with autocannon. */
export async function loadList(
  s: Session,
  opts: { connections: number; seconds: number; url?: string },
): Promise<Load> {
  const result = await autocannon({
    url: `${opts.url ?? s.base}${LIST_PATH}`,
    connections: opts.connections,
    duration: opts.seconds,
    headers: s.headers,
    timeout: 10,
  });
  return {
    requests: result.requests.total,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    status500: result.statusCodeStats?.['500']?.count ?? 0,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}
