import { useId, useState } from 'react';
import { APPROVAL_ACTIONS, type ApprovalAction, type ApprovalRule } from '@meridian/contract/approvals';
import { FormErrorAlert } from '@/components/form/form-alert';
import { serverErrorMessage } from '@/components/form/server-errors';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';
import { waitingTitle } from '@/lib/api/pending-approval';
import { useSaveRule } from './api';
import { draftOf, inputOf, problemsOf, type Draft } from './rule-draft';
import { ActiveAndPreview, Conditions, NameAndAction, Steps } from './rule-fields';

/** The rule form's state: the draft, the body it makes and its problems, and the save (shown problems first). */
function useRuleForm(rule: ApprovalRule | undefined, onDone: () => void) {
  const [draft, setDraft] = useState(() => draftOf(rule));
  const [showProblems, setShowProblems] = useState(false);
  const save = useSaveRule();
  const input = inputOf(draft);
  const problems = problemsOf(input);
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const setStep = (i: number, patch: Partial<Draft['steps'][number]>) =>
    setDraft((d) => ({ ...d, steps: d.steps.map((s, j) => (j === i ? { ...s, ...patch } : s)) }));

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (problems.length > 0) return setShowProblems(true);
    save.mutate(rule ? { urn: rule.urn, input } : { input }, {
      onSuccess: (saved) => {
        // Held (202): the rules stay as they are until the change is approved.
        if (saved.pending) {
          toast.success(
            waitingTitle(
              rule ? `the change of “${rule.name}”` : `the new rule “${input.name}”`,
              saved.pending,
            ),
            { description: saved.pending.message },
          );
        } else toast.success(rule ? 'Rule saved' : 'Rule created');
        onDone();
      },
    });
  };
  return { draft, set, setStep, input, problems, showProblems, save, submit };
}

/**
 * Create or edit a rule: what it covers, the amount band in ₹, transfer types and sources (where the action has
 * them), 1–3 steps of "N people with one of these roles", and — as the form changes — what it would have held
 * over the last 90 days, before it is saved.
 */
export function RuleForm({
  rule,
  actions = APPROVAL_ACTIONS.filter((a) => a !== 'credit_load'),
  onDone,
}: {
  rule?: ApprovalRule;
  /** The actions this member may write rules for (credit loads: Meridian operations only). */
  actions?: readonly ApprovalAction[];
  onDone: () => void;
}) {
  const { draft, set, setStep, input, problems, showProblems, save, submit } = useRuleForm(rule, onDone);
  const id = useId();
  const previewable = (draft.action === 'payout' || draft.action === 'bulk') && problems.length === 0;

  return (
    <form
      onSubmit={submit}
      className="flex flex-col gap-4"
      aria-label={rule ? `Edit ${rule.name}` : 'New rule'}
    >
      <NameAndAction draft={draft} id={id} set={set} actions={actions} />
      <Conditions draft={draft} id={id} set={set} />
      <Steps draft={draft} id={id} set={set} setStep={setStep} />
      <ActiveAndPreview draft={draft} set={set} preview={previewable ? input : null} />
      {showProblems && problems.length > 0 && (
        <FormErrorAlert title="The rule is not complete" message="Correct these first:" details={problems} />
      )}
      <FormErrorAlert
        title="The rule was not saved"
        message={save.isError ? serverErrorMessage(save.error) : null}
      />
      <div className="flex justify-end gap-2">
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : rule ? 'Save rule' : 'Create rule'}
        </Button>
      </div>
    </form>
  );
}
