import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Plus from 'lucide-react/icons/plus';
import { APPROVAL_ACTIONS, type ApprovalAction, type ApprovalRule } from '@meridian/contract/approvals';
import { MoneyText } from '@/components/data-table';
import { FormErrorAlert } from '@/components/form/form-alert';
import { serverErrorMessage } from '@/components/form/server-errors';
import { PageFrame } from '@/components/layout/page-frame';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Table, TableBody, TableCell, TableHeaderRow, TableRow, TableStateRow } from '@/components/ui/table';
import { useCan } from '@/lib/api/user-details';
import { toast } from '@/lib/toast';
import { waitingTitle } from '@/lib/api/pending-approval';
import { rulesQueryOptions, useSaveRule } from './api';
import { actionLabel, sourceLabel, stepText } from './labels';
import { RuleForm } from './rule-form';

/** "₹1,00,000.00 or more", "up to ₹25,000.00", "₹1,000.00 – ₹5,000.00", "any amount". */
function AmountBand({ rule }: { rule: ApprovalRule }) {
  const { amount_min: min, amount_max: max } = rule.conditions;
  if (min && max) {
    return (
      <>
        <MoneyText value={min} /> – <MoneyText value={max} />
      </>
    );
  }
  if (min) {
    return (
      <>
        <MoneyText value={min} /> or more
      </>
    );
  }
  if (max) {
    return (
      <>
        up to <MoneyText value={max} />
      </>
    );
  }
  return <span className="text-muted-foreground">Any amount</span>;
}

function RemoveRule({ rule }: { rule: ApprovalRule }) {
  const [open, setOpen] = useState(false);
  const save = useSaveRule();
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) save.reset();
      }}
    >
      <Button variant="outline" size="sm" aria-label={`Delete ${rule.name}`} onClick={() => setOpen(true)}>
        Delete
      </Button>
      {open && (
        <DialogContent role="alertdialog">
          <DialogHeader className="pr-8">
            <DialogTitle>Delete the rule “{rule.name}”?</DialogTitle>
            <DialogDescription>
              What it covers no longer waits for approval. Requests already waiting stay as they are.
            </DialogDescription>
          </DialogHeader>
          <FormErrorAlert
            title="The rule was not deleted"
            message={save.isError ? serverErrorMessage(save.error) : null}
          />
          <div className="flex justify-end gap-2">
            <DialogClose asChild>
              <Button variant="outline">Keep it</Button>
            </DialogClose>
            <Button
              variant="destructive"
              disabled={save.isPending}
              onClick={() =>
                save.mutate(
                  { urn: rule.urn, remove: true },
                  {
                    onSuccess: (saved) => {
                      // Held (202): the rule stays (and keeps holding) until its deletion is approved.
                      if (saved.pending)
                        toast.success(waitingTitle(`deleting “${rule.name}”`, saved.pending), {
                          description: saved.pending.message,
                        });
                      else toast.success('Rule deleted');
                      setOpen(false);
                    },
                  },
                )
              }
            >
              {save.isPending ? 'Deleting…' : 'Delete rule'}
            </Button>
          </div>
        </DialogContent>
      )}
    </Dialog>
  );
}

const HEADERS = ['Rule', 'Covers', 'Amount', 'Conditions', 'Steps', 'Status', 'Actions'];

/**
 * /approvals/rules (approvals.configure): the company's approval rules, each with what it covers, its amount
 * band, transfer types and sources, and its steps; create, edit and delete, with a preview of what a rule would
 * have held over the last 90 days before it is saved.
 */
export function RulesPage() {
  const rules = useQuery(rulesQueryOptions());
  const canLoadCredits = useCan('ops.credits');
  const actions = APPROVAL_ACTIONS.filter((a) => a !== 'credit_load' || canLoadCredits);
  // null: closed; 'new': a new rule; a rule: editing it.
  const [editing, setEditing] = useState<ApprovalRule | 'new' | null>(null);
  const colSpan = HEADERS.length;
  return (
    <PageFrame
      title="Approval rules"
      description="What waits for a second person before it is made, and who approves it: up to three steps, in order."
      breadcrumb={[{ label: 'Approvals', to: '/approvals' }, { label: 'Approval rules' }]}
      actions={
        <Button onClick={() => setEditing('new')}>
          <Plus aria-hidden />
          New rule
        </Button>
      }
    >
      <Table scrollLabel="Approval rules" frame={false}>
        <TableHeaderRow headers={HEADERS} hidden={['Actions']} />
        <TableBody>
          {rules.isPending ? (
            <TableStateRow colSpan={colSpan} loading />
          ) : rules.isError ? (
            <TableStateRow colSpan={colSpan}>
              <span role="alert">The rules could not be loaded: {serverErrorMessage(rules.error)}</span>{' '}
              <Button variant="outline" size="sm" onClick={() => void rules.refetch()}>
                Try again
              </Button>
            </TableStateRow>
          ) : rules.data.length === 0 ? (
            <TableStateRow colSpan={colSpan}>No rules yet: nothing waits for approval.</TableStateRow>
          ) : (
            rules.data.map((rule) => <RuleRow key={rule.urn} rule={rule} onEdit={setEditing} />)
          )}
        </TableBody>
      </Table>
      <RuleDialog editing={editing} actions={actions} onClose={() => setEditing(null)} />
    </PageFrame>
  );
}

/** One rule: its name, action, amount band, other conditions, steps, status, and Edit and Delete. */
function RuleRow({ rule, onEdit }: { rule: ApprovalRule; onEdit: (rule: ApprovalRule) => void }) {
  return (
    <TableRow>
      <TableCell className="font-medium">{rule.name}</TableCell>
      <TableCell>{actionLabel(rule.action)}</TableCell>
      <TableCell>
        <AmountBand rule={rule} />
      </TableCell>
      <TableCell className="text-sm">
        {[rule.conditions.transfer_types?.join(', '), rule.conditions.sources?.map(sourceLabel).join(', ')]
          .filter(Boolean)
          .join(' · ') || <span className="text-muted-foreground">Always</span>}
      </TableCell>
      <TableCell className="text-sm">
        <ol className="list-decimal pl-4">
          {rule.steps.map((s, i) => (
            <li key={i}>{stepText(s)}</li>
          ))}
        </ol>
      </TableCell>
      <TableCell>
        <Badge variant={rule.active ? 'green' : 'grey'}>{rule.active ? 'Active' : 'Paused'}</Badge>
      </TableCell>
      <TableCell>
        <div className="flex gap-2">
          <Button variant="outline" size="sm" aria-label={`Edit ${rule.name}`} onClick={() => onEdit(rule)}>
            Edit
          </Button>
          <RemoveRule rule={rule} />
        </div>
      </TableCell>
    </TableRow>
  );
}

/** The rule being created or edited, in a dialog (closed while `editing` is null). */
function RuleDialog({
  editing,
  actions,
  onClose,
}: {
  editing: ApprovalRule | 'new' | null;
  actions: readonly ApprovalAction[];
  onClose: () => void;
}) {
  return (
    <Dialog open={editing !== null} onOpenChange={(next) => !next && onClose()}>
      {editing !== null && (
        <DialogContent className="max-h-[90svh] overflow-y-auto sm:max-w-2xl">
          <DialogHeader className="pr-8">
            <DialogTitle>{editing === 'new' ? 'New approval rule' : `Edit “${editing.name}”`}</DialogTitle>
            <DialogDescription>
              Every condition given must hold; a request then waits for each step in turn.
            </DialogDescription>
          </DialogHeader>
          <RuleForm
            key={editing === 'new' ? 'new' : editing.urn}
            rule={editing === 'new' ? undefined : editing}
            actions={actions}
            onDone={onClose}
          />
        </DialogContent>
      )}
    </Dialog>
  );
}
