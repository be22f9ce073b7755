import { z } from 'zod';
import { REQUEST_LOG_BODY_BYTES, REQUEST_LOG_RETENTION_DAYS } from '@meridian/contract/developers';

/** Raised when a required setting is missing in production mode. */
export class MissingEnvError extends Error {
  constructor(name: string) {
    super(`Missing required environment variable: ${name}`);
    this.name = 'MissingEnvError';
  }
}

const int = (def: number) => z.coerce.number().int().positive().default(def);
const emptyAsUndefined = (v: unknown) => (v === '' ? undefined : v);

/** Every setting of the server, read from environment variables and validated at start. */
export const ConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
  /**
   * The primary itself, not through a pooler: LISTEN/NOTIFY, pg-boss and the migrations' advisory lock use it.
   * When set, DATABASE_URL is taken to be a transaction-mode pooler (PgBouncer): no named prepared statements.
   */
  DATABASE_DIRECT_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
  /**
   * Connections of the process's PostgreSQL pool (each process's share of the database's or pooler's
   * connections). On 2 cores 10 and 20 served the payouts list alike (bench:http, within its noise).
   */
  DATABASE_POOL_SIZE: int(20),
  /** A streaming replica for reads that tolerate a moment's staleness (lists, counts, exports, search). */
  DATABASE_REPLICA_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
  /** A replica further behind than this (or down) is skipped: its reads go to the primary. */
  REPLICA_MAX_LAG_MS: int(3000),
  /** `all`: the API and the web app; `health`: only /health (a worker process with JOBS=on). */
  SERVE: z.enum(['all', 'health']).default('all'),
  APP_ENV: z
    .string()
    .regex(/^[a-z0-9_-]+$/)
    .default('staging'),
  PROVIDER: z
    .string()
    .regex(/^[a-z][a-z0-9_]*$/, 'lower-case slug')
    .default('meridian'),
  PUBLIC_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** `pretty` (one line per request, for a terminal) or `json`; unset: pretty when stdout is a terminal. */
  LOG_FORMAT: z.preprocess(emptyAsUndefined, z.enum(['pretty', 'json']).optional()),
  TRUST_PROXY: z.stringbool().default(false),
  /**
   * `on`: this process runs the jobs; `off`: none (committed work waits for a worker's minute sweeper); `send`:
   * runs none but queues the jobs of its own committed work at once (an API process beside worker processes).
   */
  JOBS: z.enum(['on', 'off', 'send']).default('on'),
  /** Heavy engines (face model, OCR) run in their own process, ended after this long without a call (ms). */
  ENGINE_IDLE_MS: int(60_000),
  SEED_DEMO: z.stringbool().default(true),
  /** With SEED_DEMO: also seed the demo's beneficiaries, payouts and validations (off: funded accounts only). */
  SEED_DEMO_FLOW: z.stringbool().default(true),
  /**
   * With SEED_DEMO_FLOW: also seed Acme's four eyes (the default approval rules, the maker's payouts and bulk they
   * hold, a pending invitation). The API tests of other modules turn it off: the rules would hold their payouts.
   */
  SEED_DEMO_APPROVALS: z.stringbool().default(true),
  /** PEM of the RSA-OAEP 3072-bit private key for encrypted_password; generated into DATA_DIR when absent. */
  AUTH_RSA_PRIVATE_KEY: z.preprocess(emptyAsUndefined, z.string().optional()),
  /** PEM of the Ed25519 private key that signs tokens; generated into DATA_DIR when absent. */
  AUTH_JWT_PRIVATE_KEY: z.preprocess(emptyAsUndefined, z.string().optional()),
  ACCESS_TOKEN_TTL_SECONDS: int(3600),
  REFRESH_TOKEN_TTL_SECONDS: int(30 * 24 * 3600),
  /** How long a process trusts a checked access token's session without asking the database (0 = never). */
  SESSION_CACHE_SECONDS: z.coerce.number().int().min(0).default(60),
  SMS_PROVIDER: z.enum(['console', 'http']).default('console'),
  SMS_HTTP_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
  SMS_HTTP_ACCOUNT_SID: z.preprocess(emptyAsUndefined, z.string().optional()),
  SMS_HTTP_AUTH_TOKEN: z.preprocess(emptyAsUndefined, z.string().optional()),
  SMS_HTTP_FROM: z.preprocess(emptyAsUndefined, z.string().optional()),
  EMAIL_PROVIDER: z.enum(['console']).default('console'),
  RATE_LIMIT_SIGNIN_PER_IP: int(100),
  RATE_LIMIT_SIGNIN_FAILURES_PER_ACCOUNT: int(10),
  RATE_LIMIT_SIGNIN_PER_ACCOUNT: int(30),
  RATE_LIMIT_VERIFY_PER_IP: int(60),
  RATE_LIMIT_RESET_PER_IP: int(20),
  RATE_LIMIT_WINDOW_SECONDS: int(900),
  /** Multiplies every delay of the sandbox banking rail (1 = realistic seconds; tests use a tiny factor). */
  RAIL_TIME_SCALE: z.coerce.number().positive().max(100).default(1),
  /** Callback delivery to loopback/private addresses; default: allowed except in production. */
  CALLBACK_ALLOW_PRIVATE: z.stringbool().optional(),
  /** How long the first request with an Idempotency-Key holds it before another may take over. */
  IDEMPOTENCY_LEASE_SECONDS: int(60),
  /** How long a new beneficiary, or one whose account or UPI id changed, stays limited (hours). */
  BENEFICIARY_COOLING_OFF_HOURS: int(24),
  /** The most one payout to a limited beneficiary may be (whole rupees). */
  BENEFICIARY_COOLING_OFF_LIMIT: int(25_000),
  /** How long a request that waits for approval stays open before it expires (hours). */
  APPROVAL_TTL_HOURS: int(72),
  /** The API request log (request-log/): every request of a member's session or an API key, recorded after its answer. */
  REQUEST_LOG: z.enum(['on', 'off']).default('on'),
  /** How many days the request log keeps (whole day partitions are dropped after). */
  REQUEST_LOG_RETENTION_DAYS: int(REQUEST_LOG_RETENTION_DAYS),
  /** A request or answer body above this many bytes of JSON is cut (the entry says so). */
  REQUEST_LOG_BODY_BYTES: int(REQUEST_LOG_BODY_BYTES),
});
export type Config = z.infer<typeof ConfigSchema>;

/** Values a production deployment must set explicitly (no generated keys, no embedded database). */
const REQUIRED_IN_PRODUCTION = [
  'DATABASE_URL',
  'PUBLIC_URL',
  'AUTH_RSA_PRIVATE_KEY',
  'AUTH_JWT_PRIVATE_KEY',
] as const;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  if (env.NODE_ENV === 'production') {
    for (const name of REQUIRED_IN_PRODUCTION) if (!env[name]) throw new MissingEnvError(name);
    if (env.SMS_PROVIDER === 'http')
      for (const name of ['SMS_HTTP_URL', 'SMS_HTTP_ACCOUNT_SID', 'SMS_HTTP_AUTH_TOKEN', 'SMS_HTTP_FROM'])
        if (!env[name]) throw new MissingEnvError(name);
  }
  const parsed = ConfigSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const config = parsed.data;
  if (config.SMS_PROVIDER === 'http')
    for (const name of [
      'SMS_HTTP_URL',
      'SMS_HTTP_ACCOUNT_SID',
      'SMS_HTTP_AUTH_TOKEN',
      'SMS_HTTP_FROM',
    ] as const)
      if (!config[name]) throw new MissingEnvError(name);
  return config;
}
