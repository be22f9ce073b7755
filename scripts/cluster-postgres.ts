// The cluster's PostgreSQL (a primary and a streaming replica) and PgBouncer in front of the primary
// (scripts/cluster.ts).
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  ASROOT,
  DIR,
  LOGS,
  PORTS,
  RUN,
  pgBin,
  pidOf,
  psql,
  secrets,
  sh,
  tcpOpen,
  waitFor,
} from './cluster-env.ts';

// ---------------------------------------------------------------------------------------------------------------
// PostgreSQL: a primary and a streaming replica

function pgDir(name: string): string {
  return join(DIR, 'pg', name);
}

export function initPrimary() {
  const data = pgDir('primary');
  if (existsSync(join(data, 'PG_VERSION'))) return;
  const { app, repl } = secrets();
  mkdirSync(join(DIR, 'pg'), { recursive: true });
  if (ASROOT) sh('chown', ['-R', 'postgres:postgres', join(DIR, 'pg'), RUN, LOGS]);
  sh(
    pgBin('initdb'),
    [
      '-D',
      data,
      '-U',
      'postgres',
      '--auth-local=trust',
      '--auth-host=scram-sha-256',
      '-E',
      'UTF8',
      '--no-instructions',
    ],
    { asPg: true },
  );
  const conf = [
    `port = ${PORTS.primary}`,
    `listen_addresses = '127.0.0.1'`,
    `unix_socket_directories = '${RUN}'`,
    'max_connections = 200',
    'shared_buffers = 128MB',
    'wal_level = replica',
    'max_wal_senders = 5',
    'max_replication_slots = 5',
    'wal_keep_size = 512MB',
    'hot_standby = on',
    'hot_standby_feedback = on',
    // a standby query that conflicts with replay waits up to this long before it is cancelled
    'max_standby_streaming_delay = 5s',
    `password_encryption = 'scram-sha-256'`,
  ];
  writeFileSync(
    join(data, 'postgresql.conf'),
    `${readFileSync(join(data, 'postgresql.conf'), 'utf8')}\n# cluster.mjs\n${conf.join('\n')}\n`,
  );
  writeFileSync(
    join(data, 'pg_hba.conf'),
    [
      'local all all trust',
      'local replication all trust',
      'host replication replicator 127.0.0.1/32 scram-sha-256',
      'host all all 127.0.0.1/32 scram-sha-256',
      '',
    ].join('\n'),
  );
  startPg('primary');
  psql(`CREATE ROLE meridian LOGIN SUPERUSER PASSWORD '${app}'`);
  psql(`CREATE ROLE replicator LOGIN REPLICATION PASSWORD '${repl}'`);
  psql('CREATE DATABASE meridian OWNER meridian');
}

export function initReplica() {
  const data = pgDir('replica');
  if (existsSync(join(data, 'PG_VERSION'))) return;
  const { repl } = secrets();
  psql(
    `SELECT 1 FROM pg_create_physical_replication_slot('replica1') WHERE NOT EXISTS (SELECT 1 FROM pg_replication_slots WHERE slot_name = 'replica1')`,
  );
  sh(
    pgBin('pg_basebackup'),
    [
      '-h',
      '127.0.0.1',
      '-p',
      String(PORTS.primary),
      '-U',
      'replicator',
      '-D',
      data,
      '-R',
      '-X',
      'stream',
      '-S',
      'replica1',
      // an immediate checkpoint: without it the copy waits for the next scheduled one (minutes)
      '-c',
      'fast',
    ],
    { asPg: true, env: { ...process.env, PGPASSWORD: repl } },
  );
  // The copied configuration names the primary's port; the last setting wins.
  writeFileSync(
    join(data, 'postgresql.conf'),
    `${readFileSync(join(data, 'postgresql.conf'), 'utf8')}port = ${PORTS.replica}\n`,
  );
}

export function startPg(name: string) {
  if (pidOf(name)) return;
  sh(pgBin('pg_ctl'), ['-D', pgDir(name), '-l', join(LOGS, `${name}.log`), '-w', '-t', '60', 'start'], {
    asPg: true,
  });
}

export function stopPg(name: string, mode = 'fast') {
  if (!pidOf(name)) return;
  sh(pgBin('pg_ctl'), ['-D', pgDir(name), '-m', mode, '-w', '-t', '60', 'stop'], {
    asPg: true,
    allowFail: true,
  });
}

// ---------------------------------------------------------------------------------------------------------------
// PgBouncer (transaction mode) in front of the primary

function writePgbouncerConfig() {
  const { app } = secrets();
  const ini = [
    '[databases]',
    `meridian = host=127.0.0.1 port=${PORTS.primary} dbname=meridian`,
    '[pgbouncer]',
    'listen_addr = 127.0.0.1',
    `listen_port = ${PORTS.pgbouncer}`,
    `unix_socket_dir = ${RUN}`,
    'auth_type = scram-sha-256',
    `auth_file = ${join(DIR, 'pgbouncer-users.txt')}`,
    // transaction mode: a server connection belongs to a client for one transaction only
    'pool_mode = transaction',
    'max_client_conn = 1000',
    'default_pool_size = 24',
    'reserve_pool_size = 4',
    'server_lifetime = 3600',
    'ignore_startup_parameters = extra_float_digits,options',
    `pidfile = ${join(RUN, 'pgbouncer.pid')}`,
    `logfile = ${join(LOGS, 'pgbouncer.log')}`,
    'admin_users = meridian',
    '',
  ];
  writeFileSync(join(DIR, 'pgbouncer.ini'), ini.join('\n'));
  writeFileSync(join(DIR, 'pgbouncer-users.txt'), `"meridian" "${app}"\n`);
  chmodSync(join(DIR, 'pgbouncer-users.txt'), 0o600);
  if (ASROOT)
    sh('chown', ['postgres:postgres', join(DIR, 'pgbouncer.ini'), join(DIR, 'pgbouncer-users.txt')]);
}

export async function startPgbouncer() {
  if (pidOf('pgbouncer')) return;
  writePgbouncerConfig();
  sh('pgbouncer', ['-d', join(DIR, 'pgbouncer.ini')], { asPg: true });
  await waitFor('pgbouncer', () => tcpOpen(PORTS.pgbouncer), 10_000);
}
