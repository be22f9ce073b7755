import { useId, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  GenerateReport,
  ReportFrequency,
  ReportSchedule,
  ReportTypeInfo,
} from '@meridian/contract/reports';
import { DateTimeText } from '@/components/data-table';
import { FormErrorAlert } from '@/components/form/form-alert';
import { FormField } from '@/components/form/form-field';
import { serverErrorMessage } from '@/components/form/server-errors';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { toast } from '@/lib/toast';
import { createSchedule, deleteSchedule, schedulesQueryKey, useReportSchedules } from './api/schedules';

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const COVERS: Record<ReportFrequency, string> = {
  DAILY: 'each run covers the day before',
  WEEKLY: 'each run covers the 7 days before',
  MONTHLY: 'each run covers the previous month',
};

/** When a schedule runs: how often, at what time, and on which day of the week or month. */
interface ScheduleTiming {
  frequency: ReportFrequency;
  time: string;
  weekday: number;
  monthDay: number;
}

/** Saving a schedule of the request at the timing, and stopping one. */
function useScheduleMutations(
  request: Omit<GenerateReport, 'start_date' | 'end_date'>,
  timing: ScheduleTiming,
) {
  const { frequency, time, weekday, monthDay } = timing;
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: () =>
      createSchedule({
        ...request,
        frequency,
        time_of_day: time,
        ...(frequency === 'WEEKLY' ? { day_of_week: weekday } : {}),
        ...(frequency === 'MONTHLY' ? { day_of_month: monthDay } : {}),
      }),
    onSuccess: async () => {
      toast.success('Report scheduled');
      await queryClient.invalidateQueries({ queryKey: schedulesQueryKey });
    },
  });
  const remove = useMutation({
    mutationFn: deleteSchedule,
    onSuccess: async () => {
      toast.success('Schedule stopped');
      await queryClient.invalidateQueries({ queryKey: schedulesQueryKey });
    },
    onError: (err) => toast.error(serverErrorMessage(err)),
  });
  return { save, remove };
}

/**
 * Schedule the report as the form describes it (its type, format, filters and columns; the range is the run's):
 * daily, weekly or monthly at a time of day. The type's schedules are listed with their next run.
 */
export function SchedulePanel({
  info,
  request,
}: {
  info: ReportTypeInfo;
  request: Omit<GenerateReport, 'start_date' | 'end_date'>;
}) {
  const id = useId();
  const [timing, setTiming] = useState<ScheduleTiming>({
    frequency: 'DAILY',
    time: '08:00',
    weekday: 1,
    monthDay: 1,
  });
  const schedules = useReportSchedules();
  const mine = (schedules.data ?? []).filter((s) => s.report_type === info.report_type);
  const { save, remove } = useScheduleMutations(request, timing);
  return (
    <section aria-label="Schedule" className="flex flex-col gap-3 border-t pt-4">
      <h3 className="text-sm font-medium">Schedule this report</h3>
      <ScheduleFields id={id} timing={timing} onChange={(patch) => setTiming({ ...timing, ...patch })} />
      <FormErrorAlert
        title="The schedule was not saved"
        message={save.isError ? serverErrorMessage(save.error) : null}
      />
      <div>
        <Button type="button" variant="outline" disabled={save.isPending} onClick={() => save.mutate()}>
          {save.isPending ? 'Saving…' : 'Schedule'}
        </Button>
      </div>
      {mine.length > 0 && (
        <ScheduleList schedules={mine} removing={remove.isPending} onRemove={(urn) => remove.mutate(urn)} />
      )}
    </section>
  );
}

function ScheduleFields({
  id,
  timing: { frequency, time, weekday, monthDay },
  onChange,
}: {
  id: string;
  timing: ScheduleTiming;
  onChange: (patch: Partial<ScheduleTiming>) => void;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      <FormField id={`${id}-frequency`} label="Frequency" hint={COVERS[frequency]}>
        {(p) => (
          <Select
            {...p}
            value={frequency}
            onChange={(e) => onChange({ frequency: e.target.value as ReportFrequency })}
          >
            <option value="DAILY">Daily</option>
            <option value="WEEKLY">Weekly</option>
            <option value="MONTHLY">Monthly</option>
          </Select>
        )}
      </FormField>
      <FormField id={`${id}-time`} label="At (your time zone)">
        {(p) => (
          <Input
            {...p}
            type="time"
            value={time}
            required
            onChange={(e) => onChange({ time: e.target.value })}
          />
        )}
      </FormField>
      {frequency === 'WEEKLY' && (
        <FormField id={`${id}-weekday`} label="On">
          {(p) => (
            <Select {...p} value={weekday} onChange={(e) => onChange({ weekday: Number(e.target.value) })}>
              {WEEKDAYS.map((d, i) => (
                <option key={d} value={i + 1}>
                  {d}
                </option>
              ))}
            </Select>
          )}
        </FormField>
      )}
      {frequency === 'MONTHLY' && (
        <FormField id={`${id}-monthday`} label="Day of the month">
          {(p) => (
            <Select {...p} value={monthDay} onChange={(e) => onChange({ monthDay: Number(e.target.value) })}>
              {Array.from({ length: 28 }, (_, i) => (
                <option key={i} value={i + 1}>
                  {i + 1}
                </option>
              ))}
            </Select>
          )}
        </FormField>
      )}
    </div>
  );
}

function ScheduleList({
  schedules,
  removing,
  onRemove,
}: {
  schedules: readonly ReportSchedule[];
  removing: boolean;
  onRemove: (urn: string) => void;
}) {
  return (
    <ul aria-label="Schedules of this report" className="flex flex-col divide-y text-sm">
      {schedules.map((s) => (
        <li key={s.schedule_urn} className="flex flex-wrap items-center justify-between gap-2 py-2">
          <span>
            {s.frequency.toLowerCase()} at {s.time_of_day} ({s.time_zone}), {s.format.toUpperCase()} · next{' '}
            <DateTimeText value={s.next_run_at} />
          </span>
          <Button
            type="button"
            size="sm"
            variant="outline"
            disabled={removing}
            aria-label={`Stop the schedule ${s.schedule_urn}`}
            onClick={() => onRemove(s.schedule_urn)}
          >
            Stop
          </Button>
        </li>
      ))}
    </ul>
  );
}
