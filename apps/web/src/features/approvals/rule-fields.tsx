import { useEffect, useMemo, useState } from 'react';
import {
  AMOUNT_ACTIONS,
  APPROVAL_LIMITS,
  APPROVAL_PREVIEW_DAYS,
  APPROVAL_SOURCES,
  SOURCE_ACTIONS,
  TRANSFER_TYPE_ACTIONS,
  type ApprovalAction,
  type ApprovalRuleInput,
} from '@meridian/contract/approvals';
import { TRANSFER_TYPES } from '@meridian/contract/flow';
import { CLIENT_ROLE_KEYS } from '@meridian/contract/permissions';
import { serverErrorMessage } from '@/components/form/server-errors';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { formatMoney } from '@/lib/format/money';
import { useRulePreview } from './api';
import { actionLabel, roleLabel, sourceLabel } from './labels';
import type { Draft } from './rule-draft';

/** What each part of the rule form gets: the draft, its field ids' prefix, and how to change it. */
interface PartProps {
  draft: Draft;
  id: string;
  set: (patch: Partial<Draft>) => void;
}

/** The input after it has stayed unchanged for `ms` (the preview is asked for once typing pauses). */
function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** "Over the last 90 days this rule would have held 42 payouts worth ₹12,34,500.00". */
function Preview({ input }: { input: ApprovalRuleInput | null }) {
  const key = useDebounced(input === null ? null : JSON.stringify(input), 400);
  const settled = useMemo(() => (key === null ? null : (JSON.parse(key) as ApprovalRuleInput)), [key]);
  const preview = useRulePreview(settled);
  const noun = input?.action === 'bulk' ? 'bulks' : 'payouts';
  let text: string;
  if (input === null) text = 'Complete the rule to see what it would have held.';
  else if (key !== JSON.stringify(input) || preview.isFetching) text = 'Checking the last 90 days…';
  else if (preview.isError) text = `The preview failed: ${serverErrorMessage(preview.error)}`;
  else if (preview.data) {
    const { days, count, amount } = preview.data;
    text = `Over the last ${days} days this rule would have held ${count} ${count === 1 ? noun.slice(0, -1) : noun} worth ${formatMoney(amount)}.`;
  } else text = '';
  return (
    <p role="status" aria-live="polite" className="rounded-md border bg-muted/40 p-3 text-sm">
      {text}
    </p>
  );
}

/** A group of checkboxes (transfer types, sources, roles). */
function Checks<T extends string>({
  legend,
  values,
  checked,
  label,
  onChange,
}: {
  legend: string;
  values: readonly T[];
  checked: readonly string[];
  label: (value: T) => string;
  onChange: (next: T[]) => void;
}) {
  return (
    <fieldset className="flex flex-col gap-1.5">
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      <div className="flex flex-wrap gap-x-4 gap-y-1">
        {values.map((v) => (
          <label key={v} className="flex items-center gap-1.5 text-sm">
            <input
              type="checkbox"
              checked={checked.includes(v)}
              onChange={(e) =>
                onChange(
                  e.target.checked ? [...(checked as T[]), v] : (checked as T[]).filter((c) => c !== v),
                )
              }
            />
            {label(v)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The rule's name and the action it covers. */
export function NameAndAction({
  draft,
  id,
  set,
  actions,
}: PartProps & { actions: readonly ApprovalAction[] }) {
  return (
    <>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-name`}>Name</Label>
        <Input
          id={`${id}-name`}
          value={draft.name}
          maxLength={APPROVAL_LIMITS.name}
          onChange={(e) => set({ name: e.target.value })}
        />
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-action`}>Covers</Label>
        <Select
          id={`${id}-action`}
          value={draft.action}
          onChange={(e) => set({ action: e.target.value as ApprovalAction })}
        >
          {actions.map((a) => (
            <option key={a} value={a}>
              {actionLabel(a)}
            </option>
          ))}
        </Select>
      </div>
    </>
  );
}

/** The conditions the draft's action can have: the amount band, transfer types, sources. */
export function Conditions({ draft, id, set }: PartProps) {
  return (
    <>
      {AMOUNT_ACTIONS.includes(draft.action) && (
        <fieldset className="grid gap-3 sm:grid-cols-2">
          <legend className="mb-1 text-sm font-medium">
            Amount band (₹, both ends included; leave empty for any)
          </legend>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${id}-min`}>From ₹</Label>
            <Input
              id={`${id}-min`}
              inputMode="decimal"
              value={draft.amountMin}
              placeholder="100000"
              onChange={(e) => set({ amountMin: e.target.value })}
            />
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${id}-max`}>Up to ₹</Label>
            <Input
              id={`${id}-max`}
              inputMode="decimal"
              value={draft.amountMax}
              placeholder="No limit"
              onChange={(e) => set({ amountMax: e.target.value })}
            />
          </div>
        </fieldset>
      )}
      {TRANSFER_TYPE_ACTIONS.includes(draft.action) && (
        <Checks
          legend="Transfer types (none: every type)"
          values={TRANSFER_TYPES}
          checked={draft.transferTypes}
          label={(t) => t}
          onChange={(transferTypes) => set({ transferTypes })}
        />
      )}
      {SOURCE_ACTIONS.includes(draft.action) && (
        <Checks
          legend="Sources (none: every source)"
          values={APPROVAL_SOURCES}
          checked={draft.sources}
          label={sourceLabel}
          onChange={(sources) => set({ sources })}
        />
      )}
    </>
  );
}

/** The steps, in order: how many people, with which roles; a step added or removed. */
export function Steps({
  draft,
  id,
  set,
  setStep,
}: PartProps & { setStep: (i: number, patch: Partial<Draft['steps'][number]>) => void }) {
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-1 text-sm font-medium">Steps, in order</legend>
      {draft.steps.map((step, i) => (
        <div key={i} className="flex flex-col gap-2 rounded-md border p-3">
          <div className="flex flex-wrap items-center gap-2">
            <span className="text-sm font-medium">Step {i + 1}:</span>
            <Label htmlFor={`${id}-step-${i}`} className="sr-only">
              People needed in step {i + 1}
            </Label>
            <Input
              id={`${id}-step-${i}`}
              type="number"
              min={1}
              max={APPROVAL_LIMITS.approvals}
              className="w-20"
              value={step.approvals}
              onChange={(e) => setStep(i, { approvals: Number(e.target.value) })}
            />
            <span className="text-sm">
              {step.approvals === 1 ? 'person' : 'people'} with one of these roles
            </span>
            {draft.steps.length > 1 && (
              <Button
                type="button"
                variant="ghost"
                size="sm"
                className="ml-auto"
                onClick={() => set({ steps: draft.steps.filter((_, j) => j !== i) })}
              >
                Remove step {i + 1}
              </Button>
            )}
          </div>
          <Checks
            legend={`Roles that may approve step ${i + 1}`}
            values={[...new Set([...CLIENT_ROLE_KEYS, ...step.roles])]}
            checked={step.roles}
            label={roleLabel}
            onChange={(roles) => setStep(i, { roles })}
          />
        </div>
      ))}
      {draft.steps.length < APPROVAL_LIMITS.steps && (
        <Button
          type="button"
          variant="outline"
          className="self-start"
          onClick={() => set({ steps: [...draft.steps, { approvals: 1, roles: [] }] })}
        >
          Add a step
        </Button>
      )}
    </fieldset>
  );
}

/** Whether the rule is active, and (for payouts and bulks) what it would have held. */
export function ActiveAndPreview({
  draft,
  set,
  preview,
}: Omit<PartProps, 'id'> & { preview: ApprovalRuleInput | null }) {
  return (
    <>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={draft.active} onChange={(e) => set({ active: e.target.checked })} />
        Active (a paused rule holds nothing)
      </label>
      {(draft.action === 'payout' || draft.action === 'bulk') && (
        <section aria-label={`What this rule would have held over the last ${APPROVAL_PREVIEW_DAYS} days`}>
          <Preview input={preview} />
        </section>
      )}
    </>
  );
}
