import { useId, useState } from 'react';
import type { ApprovalRequest } from '@meridian/contract/approvals';
import { APPROVAL_LIMITS } from '@meridian/contract/approvals';
import { Code, DateTimeText, DetailList, MoneyText, StatusBadge } from '@/components/data-table';
import { FormErrorAlert } from '@/components/form/form-alert';
import { serverErrorMessage } from '@/components/form/server-errors';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/lib/toast';
import { cx } from '@/lib/cx';
import { useDecide } from './api';
import { actionLabel, APPROVAL_STATUS_VARIANTS, sourceLabel, statusLabel, stepText } from './labels';

const show = (value: unknown) =>
  value === undefined ? '—' : typeof value === 'string' ? value : JSON.stringify(value, null, 1);

/** A settings change's before and after, one row per field; changed fields are marked. */
export function DiffTable({ before, after }: { before: unknown; after: unknown }) {
  const asRecord = (v: unknown): Record<string, unknown> =>
    typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : { value: v };
  const b = before === null || before === undefined ? {} : asRecord(before);
  const a = after === null || after === undefined ? {} : asRecord(after);
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return (
    <table className="w-full table-fixed text-left text-sm">
      <caption className="sr-only">Before and after</caption>
      <thead>
        <tr className="text-muted-foreground">
          <th scope="col" className="w-1/4 py-1 font-medium">
            Field
          </th>
          <th scope="col" className="py-1 font-medium">
            Before
          </th>
          <th scope="col" className="py-1 font-medium">
            After
          </th>
        </tr>
      </thead>
      <tbody>
        {keys.map((key) => {
          const changed = JSON.stringify(b[key]) !== JSON.stringify(a[key]);
          return (
            <tr
              key={key}
              className={cx('border-t align-top', changed && 'bg-yellow-50 dark:bg-yellow-900/20')}
            >
              <th scope="row" className="py-1 pr-2 font-medium break-words">
                {key}
                {changed && <span className="sr-only"> (changed)</span>}
              </th>
              <td className="py-1 pr-2 font-mono text-xs break-words whitespace-pre-wrap">{show(b[key])}</td>
              <td className="py-1 font-mono text-xs break-words whitespace-pre-wrap">{show(a[key])}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** The steps in order: who each needs, who decided it, which one waits. */
function Steps({ request }: { request: ApprovalRequest }) {
  return (
    <ol className="flex flex-col gap-2 text-sm">
      {request.steps.map((step, i) => {
        const decisions = request.decisions.filter((d) => d.step === i);
        const waiting = request.status === 'PENDING' && request.current_step === i;
        return (
          <li key={i} className="rounded-md border p-2">
            <p className="font-medium">
              Step {i + 1}: {stepText(step)}
              {waiting && <span className="ml-2 text-xs font-normal text-muted-foreground">(waiting)</span>}
            </p>
            {decisions.length > 0 ? (
              <ul className="mt-1 flex flex-col gap-1">
                {decisions.map((d) => (
                  <li key={`${d.email}-${d.created_at}`}>
                    {d.decision === 'APPROVE' ? 'Approved' : 'Rejected'} by {d.email} ·{' '}
                    <DateTimeText value={d.created_at} className="text-muted-foreground" />
                    {d.reason && <span className="block text-muted-foreground">“{d.reason}”</span>}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-muted-foreground">No decision yet</p>
            )}
          </li>
        );
      })}
    </ol>
  );
}

/** Approve (reason optional) or reject (reason required) one request. */
function DecisionForm({ request, onDecided }: { request: ApprovalRequest; onDecided?: () => void }) {
  const decide = useDecide();
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const id = useId();
  const run = (decision: 'APPROVE' | 'REJECT') => {
    const trimmed = reason.trim();
    if (decision === 'REJECT' && trimmed === '') return setMissing(true);
    setMissing(false);
    decide.mutate(
      { urn: request.urn, decision, ...(trimmed ? { reason: trimmed } : {}) },
      {
        onSuccess: (next) => {
          toast.success(
            decision === 'REJECT'
              ? 'Request rejected'
              : next.status === 'PENDING'
                ? 'Approved: the next step waits for its approvers'
                : next.status === 'FAILED'
                  ? 'Approved, but the action failed'
                  : 'Approved',
            { description: next.outcome ?? next.summary },
          );
          onDecided?.();
        },
      },
    );
  };
  return (
    <div className="flex flex-col gap-3 border-t pt-4">
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-reason`}>Reason (required to reject)</Label>
        <Textarea
          id={`${id}-reason`}
          value={reason}
          maxLength={APPROVAL_LIMITS.reason}
          aria-invalid={missing || undefined}
          aria-describedby={missing ? `${id}-error` : undefined}
          onChange={(e) => setReason(e.target.value)}
        />
        {missing && (
          <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
            Say why it is rejected
          </p>
        )}
      </div>
      <FormErrorAlert
        title="The decision was not recorded"
        message={decide.isError ? serverErrorMessage(decide.error) : null}
      />
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" disabled={decide.isPending} onClick={() => run('REJECT')}>
          Reject
        </Button>
        <Button disabled={decide.isPending} onClick={() => run('APPROVE')}>
          {decide.isPending ? 'Recording…' : 'Approve'}
        </Button>
      </div>
    </div>
  );
}

/** A request's details: what, who, steps and decisions so far, a settings change's diff, and the decision. */
export function RequestDetails({ request, onDecided }: { request: ApprovalRequest; onDecided?: () => void }) {
  return (
    <div className="flex flex-col gap-4">
      <DetailList
        items={[
          [
            'Status',
            <StatusBadge
              key="s"
              status={request.status}
              variants={APPROVAL_STATUS_VARIANTS}
              label={statusLabel(request.status)}
            />,
          ],
          ['Action', actionLabel(request.action)],
          ['Summary', request.summary],
          ['Amount', request.amount !== null ? <MoneyText key="a" value={request.amount} /> : null],
          ['Requested by', request.requested_by],
          ['Source', sourceLabel(request.source)],
          ['Created', <DateTimeText key="c" value={request.created_at} />],
          ['Expires', <DateTimeText key="e" value={request.expires_at} />],
          ['Decided', request.decided_at && <DateTimeText key="d" value={request.decided_at} />],
          [
            'Holds',
            request.resource_urn && (
              <Code key="r" wrap>
                {request.resource_urn}
              </Code>
            ),
          ],
          ['Outcome', request.outcome],
        ]}
      />
      <section className="flex flex-col gap-2">
        <h3 className="font-medium">Steps</h3>
        <Steps request={request} />
      </section>
      {request.diff && (
        <section className="flex flex-col gap-2">
          <h3 className="font-medium">The change</h3>
          <DiffTable before={request.diff.before} after={request.diff.after} />
        </section>
      )}
      {request.can_decide && request.status === 'PENDING' && (
        <DecisionForm request={request} onDecided={onDecided} />
      )}
    </div>
  );
}
