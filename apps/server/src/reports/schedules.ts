import { PERMISSION_KEYS } from '@meridian/contract/permissions';
import { and, desc, eq, lte } from 'drizzle-orm';
import type {
  CreateReportSchedule,
  GenerateReport,
  ReportFormat,
  ReportFrequency,
  ReportSchedule,
  ReportType,
} from '@meridian/contract/reports';
import type { Actor } from '../audit/actor.ts';
import { auditBy, systemActor } from '../audit/actor.ts';
import type { Db } from '../db/database.ts';
import { reportSchedules, type reports } from '../db/schema.ts';
import { livemodeOf, tenantOf } from '../db/tenants.ts';
import { badRequest, notFound } from '../http/errors.ts';
import type { Effects } from '../jobs/effects.ts';
import { mergeEffects, noEffects } from '../jobs/effects.ts';
import { newId } from '../lib/ids.ts';
import { deliver, type EmailSender } from '../notify/senders.ts';
import { checkRequest, createReport, fileNameOf, type ReportSources } from './engine.ts';
import { nextRunAfter, runRange, type ScheduleTiming } from './schedule-timing.ts';

/**
 * Scheduled reports (beyond the spec): a report made DAILY (yesterday), WEEKLY (the 7 days before) or MONTHLY
 * (the previous month) at a time of day in the schedule's zone. The minute sweeper claims due schedules with
 * `FOR UPDATE SKIP LOCKED`, makes each run's report through `createReport` (so it is in the history like any
 * other) and moves `next_run_at` on; when the report is READY or FAILED its creator gets an e-mail.
 */
type Row = typeof reportSchedules.$inferSelect;

const timingOf = (
  r: Pick<Row, 'frequency' | 'timeOfDay' | 'dayOfWeek' | 'dayOfMonth' | 'timeZone'>,
): ScheduleTiming => ({
  frequency: r.frequency as ReportFrequency,
  timeOfDay: r.timeOfDay,
  dayOfWeek: r.dayOfWeek,
  dayOfMonth: r.dayOfMonth,
  timeZone: r.timeZone,
});

const toSchedule = (r: Row): ReportSchedule => ({
  schedule_urn: r.urn,
  report_type: r.reportType as ReportType,
  format: r.format as ReportFormat,
  frequency: r.frequency as ReportFrequency,
  time_of_day: r.timeOfDay,
  day_of_week: r.dayOfWeek,
  day_of_month: r.dayOfMonth,
  time_zone: r.timeZone,
  filters: r.filters,
  columns: r.columns ?? null,
  active: r.active,
  next_run_at: r.nextRunAt.toISOString(),
  last_run_at: r.lastRunAt?.toISOString() ?? null,
  created_by: r.createdBy,
  livemode: livemodeOf(r.clientRef),
  created_at: r.createdAt.toISOString(),
});

/** The report a run at `runAt` asks for. */
const runRequest = (r: Row, runAt: Date): GenerateReport => ({
  ...r.filters,
  report_type: r.reportType as ReportType,
  format: r.format as ReportFormat,
  ...runRange(timingOf(r), runAt),
  time_zone: r.timeZone,
  ...(r.columns ? { columns: r.columns } : {}),
});

export async function createSchedule(
  db: Db,
  actor: Actor,
  input: CreateReportSchedule,
  opts: { sources: ReportSources; product: string; permissions: ReadonlySet<string>; now?: Date },
): Promise<ReportSchedule> {
  if (input.frequency === 'WEEKLY' && !input.day_of_week)
    throw badRequest('A weekly schedule needs day_of_week (1 Monday to 7 Sunday)', {
      day_of_week: 'is required',
    });
  if (input.frequency === 'MONTHLY' && !input.day_of_month)
    throw badRequest('A monthly schedule needs day_of_month (1 to 28)', { day_of_month: 'is required' });
  const {
    frequency,
    time_of_day,
    day_of_week,
    day_of_month,
    report_type,
    format,
    columns,
    time_zone,
    ...filters
  } = input;
  // The same checks as a report asked for now: type, format, filters, columns, zone, the caller's role.
  const checked = checkRequest(
    opts.sources,
    opts.product,
    { report_type, format, ...filters, ...(columns ? { columns } : {}), ...(time_zone ? { time_zone } : {}) },
    { permissions: opts.permissions },
  );
  const timing: ScheduleTiming = {
    frequency,
    timeOfDay: time_of_day,
    dayOfWeek: frequency === 'WEEKLY' ? (day_of_week ?? null) : null,
    dayOfMonth: frequency === 'MONTHLY' ? (day_of_month ?? null) : null,
    timeZone: checked.timeZone,
  };
  const [row] = await db
    .insert(reportSchedules)
    .values({
      clientRef: actor.clientRef,
      urn: newId('RSC'),
      reportType: report_type,
      format,
      frequency,
      timeOfDay: time_of_day,
      dayOfWeek: timing.dayOfWeek,
      dayOfMonth: timing.dayOfMonth,
      timeZone: checked.timeZone,
      filters: checked.filters,
      columns: checked.columns,
      nextRunAt: nextRunAfter(timing, opts.now ?? new Date()),
      createdByRef: actor.userRef,
      createdBy: actor.email,
    })
    .returning();
  const schedule = toSchedule(row!);
  await auditBy(db, actor, 'report.schedule_created', schedule.schedule_urn, { after: schedule });
  return schedule;
}

export async function listSchedules(db: Db, clientRef: number): Promise<ReportSchedule[]> {
  const rows = await db
    .select()
    .from(reportSchedules)
    .where(eq(reportSchedules.clientRef, clientRef))
    .orderBy(desc(reportSchedules.createdAt), desc(reportSchedules.id))
    .limit(200);
  return rows.map(toSchedule);
}

export async function deleteSchedule(db: Db, actor: Actor, urn: string): Promise<void> {
  const [row] = await db
    .delete(reportSchedules)
    .where(and(eq(reportSchedules.clientRef, actor.clientRef), eq(reportSchedules.urn, urn)))
    .returning();
  if (!row) throw notFound('No such report schedule');
  await auditBy(db, actor, 'report.schedule_deleted', urn, { before: toSchedule(row) });
}

/**
 * Runs every due schedule once (the sweeper, each minute; two sweepers never take the same schedule): its report
 * for the run's range, and the next run. A run whose request no longer holds (a column removed since) is skipped
 * to the next run rather than retried every minute.
 */
export async function runDueSchedules(
  db: Db,
  opts: { sources: ReportSources; product: string; now?: Date; log?: (msg: string, data?: object) => void },
): Promise<{ runs: number; effects: Effects }> {
  const now = opts.now ?? new Date();
  let effects = noEffects();
  let runs = 0;
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const [due] = await tx
        .select()
        .from(reportSchedules)
        .where(and(eq(reportSchedules.active, true), lte(reportSchedules.nextRunAt, now)))
        .orderBy(reportSchedules.nextRunAt)
        .limit(1)
        .for('update', { skipLocked: true });
      if (!due) return null;
      const runAt = due.nextRunAt;
      let made: Effects = noEffects();
      await tenantOf(tx, due.clientRef); // the sweeper may meet the tenant here first
      try {
        const created = await createReport(
          tx,
          systemActor(due.clientRef, due.createdBy),
          runRequest(due, runAt),
          {
            sources: opts.sources,
            product: opts.product,
            // Checked when the schedule was made, by its maker's permissions.
            permissions: ALL_PERMISSIONS,
            scheduleUrn: due.urn,
            now: runAt.getTime(),
          },
        );
        made = created.effects;
      } catch (err) {
        opts.log?.('scheduled report skipped', { schedule_urn: due.urn, error: (err as Error).message });
      }
      await tx
        .update(reportSchedules)
        .set({ lastRunAt: runAt, nextRunAt: nextRunAfter(timingOf(due), now) })
        .where(and(eq(reportSchedules.clientRef, due.clientRef), eq(reportSchedules.id, due.id)));
      return made;
    });
    if (!done) break;
    effects = mergeEffects(effects, done);
    runs++;
  }
  return { runs, effects };
}

/** The e-mail to a schedule's creator once its report is READY (with where to download it) or FAILED. */
export async function noticeScheduledReport(
  db: Db,
  email: EmailSender,
  report: typeof reports.$inferSelect,
  publicUrl: string | undefined,
): Promise<void> {
  if (!report.scheduleUrn) return;
  const ready = report.status === 'READY';
  const where = `${(publicUrl ?? '').replace(/\/$/, '')}/reports/download-history`;
  const text =
    `${ready ? 'Your scheduled report is ready' : 'Your scheduled report failed'}: ${fileNameOf(report)} ` +
    `(${report.urn}, schedule ${report.scheduleUrn}).\n` +
    (ready
      ? `${Number(report.rowsWritten).toLocaleString('en-IN')} rows. Download it within 30 days from ${where}\n`
      : `${report.error ?? ''}\n`);
  await deliver(db, email, 'email', {
    to: report.requestedBy,
    subject: `${ready ? 'Report ready' : 'Report failed'}: ${fileNameOf(report)}`,
    text,
    redacted: text,
  });
}

const ALL_PERMISSIONS: ReadonlySet<string> = new Set(PERMISSION_KEYS);
