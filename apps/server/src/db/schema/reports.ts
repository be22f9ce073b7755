import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { clientRefColumn } from './client-ref.ts';
import { bytea, createdAt, ts } from './columns.ts';
import { users } from './users.ts';

// Reports: one engine builds every downloadable report in the background and keeps its file here.

/**
 * A report asked for by a user (or a schedule): what, for which range and filters, and where its build stands.
 * `attempt` counts builds (a process killed mid-build leaves its lease to run out; the next attempt starts
 * over), `ready_attempt` names the attempt whose chunks are the finished file.
 */
export const reports = pgTable(
  'reports',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    clientRef: clientRefColumn(),
    /** `RPT…` */
    urn: text('urn').notNull(),
    reportType: text('report_type').notNull(),
    format: text('format').notNull(),
    startDate: text('start_date').notNull(),
    endDate: text('end_date').notNull(),
    timeZone: text('time_zone').notNull(),
    /** The filters as asked (search_key/search_value, status, account_number, product, provider). */
    filters: jsonb('filters').$type<Record<string, string>>().notNull(),
    columns: jsonb('columns').$type<string[]>(),
    /** QUEUED, RUNNING, READY, FAILED or EXPIRED. */
    status: text('status').notNull().default('QUEUED'),
    rowsWritten: bigint('rows_written', { mode: 'number' }).notNull().default(0),
    rowsTotal: bigint('rows_total', { mode: 'number' }),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    /** How the file's chunks are stored: `gzip` (CSV, JSON) or `identity` (XLSX and PDF, compressed already). */
    contentEncoding: text('content_encoding').notNull().default('identity'),
    attempt: integer('attempt').notNull().default(0),
    readyAttempt: integer('ready_attempt'),
    leaseUntil: ts('lease_until'),
    error: text('error'),
    requestedBy: text('requested_by').notNull(),
    scheduleUrn: text('schedule_urn'),
    requestedAt: createdAt(),
    startedAt: ts('started_at'),
    finishedAt: ts('finished_at'),
    expiresAt: ts('expires_at'),
  },
  (t) => [
    primaryKey({ name: 'reports_pkey', columns: [t.clientRef, t.id] }),
    uniqueIndex('reports_client_urn_uq').on(t.clientRef, t.urn),
    index('reports_client_requested_idx').on(t.clientRef, t.requestedAt.desc().nullsFirst(), t.id.desc()),
    // The builder's claims (RUNNING and QUEUED of a client) and the sweeper's lost builds.
    index('reports_status_idx')
      .on(t.status, t.clientRef)
      .where(sql`status IN ('QUEUED', 'RUNNING')`),
    // The purge: finished files by age.
    index('reports_ready_finished_idx')
      .on(t.finishedAt)
      .where(sql`status = 'READY'`),
    check('reports_status', sql`${t.status} IN ('QUEUED', 'RUNNING', 'READY', 'FAILED', 'EXPIRED')`),
  ],
);

/** A report's file in pieces of about 1 MB, per build attempt, read back in `seq` order. */
export const reportChunks = pgTable(
  'report_chunks',
  {
    clientRef: clientRefColumn(),
    reportRef: bigint('report_ref', { mode: 'number' }).notNull(),
    attempt: integer('attempt').notNull(),
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [
    primaryKey({ name: 'report_chunks_pkey', columns: [t.clientRef, t.reportRef, t.attempt, t.seq] }),
    foreignKey({
      name: 'report_chunks_report_fk',
      columns: [t.clientRef, t.reportRef],
      foreignColumns: [reports.clientRef, reports.id],
    }).onDelete('cascade'),
  ],
);

/** Scheduled reports (issue 16, beyond the spec): a report made daily, weekly or monthly at a time of day. */
export const reportSchedules = pgTable(
  'report_schedules',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    clientRef: clientRefColumn(),
    /** `RSC…` */
    urn: text('urn').notNull(),
    reportType: text('report_type').notNull(),
    format: text('format').notNull(),
    /** DAILY, WEEKLY or MONTHLY. */
    frequency: text('frequency').notNull(),
    /** HH:mm in `time_zone`. */
    timeOfDay: text('time_of_day').notNull(),
    /** WEEKLY: 1 (Monday) to 7 (Sunday). */
    dayOfWeek: integer('day_of_week'),
    /** MONTHLY: 1 to 28. */
    dayOfMonth: integer('day_of_month'),
    timeZone: text('time_zone').notNull(),
    filters: jsonb('filters').$type<Record<string, string>>().notNull().default({}),
    columns: jsonb('columns').$type<string[] | null>(),
    active: boolean('active').notNull().default(true),
    nextRunAt: ts('next_run_at').notNull(),
    lastRunAt: ts('last_run_at'),
    createdByRef: bigint('created_by_ref', { mode: 'number' }).references(() => users.id),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'report_schedules_pkey', columns: [t.clientRef, t.id] }),
    uniqueIndex('report_schedules_client_urn_uq').on(t.clientRef, t.urn),
    index('report_schedules_client_created_idx').on(
      t.clientRef,
      t.createdAt.desc().nullsFirst(),
      t.id.desc(),
    ),
    // The runner's claim: active schedules that are due, across clients.
    index('report_schedules_due_idx')
      .on(t.nextRunAt)
      .where(sql`${t.active}`),
    check('report_schedules_frequency', sql`${t.frequency} IN ('DAILY', 'WEEKLY', 'MONTHLY')`),
    check('report_schedules_day_of_week', sql`${t.dayOfWeek} IS NULL OR ${t.dayOfWeek} BETWEEN 1 AND 7`),
    check('report_schedules_day_of_month', sql`${t.dayOfMonth} IS NULL OR ${t.dayOfMonth} BETWEEN 1 AND 28`),
  ],
);
