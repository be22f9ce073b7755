import { useState, type ReactNode } from 'react';
import type { VirtualAccount } from '@meridian/contract/accounts';
import { Code, DateTimeText, DetailList, MoneyText, StatusBadge } from '@/components/data-table';
import { CopyButton } from '@/components/data-table/copy-button';
import { serverErrorMessage } from '@/components/form/server-errors';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';
import { useChangeVirtualAccount } from '../api/virtual-accounts';
import { AccountTransactionsPanel } from '../all-accounts/account-transactions-panel';
import {
  resolveTransactionsState,
  withPageIndex,
  withPageSize,
  withReference,
  type TransactionsSearch,
} from '../all-accounts/account-transactions-state';
import { ACCOUNT_STATUS_VARIANTS } from '../accounts-page';
import { CAN_SIMULATE, SimulateCreditDialog } from './simulate-credit-dialog';
import { VaCredits } from './va-credits';
import { Can } from '@/components/permissions/can';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-3 border-t pt-4">
      <h3 className="font-medium">{title}</h3>
      {children}
    </section>
  );
}

/** Close (after a confirmation: later credits are returned to the remitter) or reopen a virtual account. */
function StatusActions({ va }: { va: VirtualAccount }) {
  const change = useChangeVirtualAccount();
  const [confirming, setConfirming] = useState(false);
  const run = async (action: 'close' | 'reopen') => {
    try {
      const saved = await change.mutateAsync({ accountNumber: va.account_number, action });
      toast.success(`Virtual account ${saved.account_number} ${action === 'close' ? 'closed' : 'reopened'}`);
      setConfirming(false);
    } catch (error) {
      toast.error(`The virtual account was not ${action === 'close' ? 'closed' : 'reopened'}`, {
        description: serverErrorMessage(error),
      });
    }
  };
  if (va.status !== 'ACTIVE') {
    return (
      <Button variant="outline" disabled={change.isPending} onClick={() => void run('reopen')}>
        {change.isPending ? 'Reopening…' : 'Reopen account'}
      </Button>
    );
  }
  if (!confirming) {
    return (
      <Button variant="outline" onClick={() => setConfirming(true)}>
        Close account
      </Button>
    );
  }
  return (
    <Alert variant="destructive" role="alertdialog" aria-label="Confirm closing the account">
      <AlertTitle>Close {va.account_number}?</AlertTitle>
      <AlertDescription>
        <p>Money sent to a closed account is returned to the remitter. You can reopen it later.</p>
        <div className="mt-2 flex flex-wrap gap-2">
          <Button variant="destructive" disabled={change.isPending} onClick={() => void run('close')}>
            {change.isPending ? 'Closing…' : 'Yes, close it'}
          </Button>
          <Button variant="outline" onClick={() => setConfirming(false)}>
            Keep it open
          </Button>
        </div>
      </AlertDescription>
    </Alert>
  );
}

/** The account's facts: numbers to copy, status, money, limits and dates. */
function VaDetailList({ va }: { va: VirtualAccount }) {
  return (
    <DetailList
      items={[
        [
          'Account number',
          <span key="acc" className="flex items-center gap-1">
            <Code wrap>{va.account_number}</Code>
            <CopyButton value={va.account_number} label="Copy account number" />
          </span>,
        ],
        ['IFSC', <Code key="ifsc">{va.ifsc}</Code>],
        [
          'UPI id',
          <span key="upi" className="flex items-center gap-1">
            <Code wrap>{va.upi_id}</Code>
            <CopyButton value={va.upi_id} label="Copy UPI id" />
          </span>,
        ],
        ['Name', va.name],
        ['Customer ID', <Code key="cid">{va.customer_id}</Code>],
        ['Status', <StatusBadge key="s" status={va.status} variants={ACCOUNT_STATUS_VARIANTS} />],
        ['Balance', <MoneyText key="b" value={va.balance} />],
        ['Collected', <MoneyText key="c" value={va.total_collected} />],
        ['Credits', String(va.credits_count)],
        ['Expected amount', va.expected_amount ? <MoneyText key="e" value={va.expected_amount} /> : 'Any'],
        ['Expires', va.expires_at ? <DateTimeText key="x" value={va.expires_at} /> : 'Never'],
        [
          'Allowed payers',
          va.allowed_payers.length === 0 ? (
            'Anyone'
          ) : (
            <ul key="p" className="flex flex-col gap-1">
              {va.allowed_payers.map((p) => (
                <li key={`${p.account_number}-${p.ifsc ?? ''}`}>
                  <Code>{p.account_number}</Code> · {p.ifsc ?? 'any branch'}
                </li>
              ))}
            </ul>
          ),
        ],
        ['Created', <DateTimeText key="cr" value={va.created_at} />],
        ['Updated', <DateTimeText key="up" value={va.updated_at} />],
      ]}
    />
  );
}

/** The details dialog's body: the account, its actions, its transactions (the `/va` list) and its credits. */
export function VirtualAccountDetails({ va }: { va: VirtualAccount }) {
  const [paging, setPaging] = useState<TransactionsSearch>({});
  const [simulating, setSimulating] = useState(false);
  const state = resolveTransactionsState(paging);
  return (
    <div className="flex flex-col gap-4">
      <VaDetailList va={va} />
      <Can permission="virtual_accounts.manage">
        <div className="flex flex-wrap items-start gap-2">
          <StatusActions va={va} />
          {CAN_SIMULATE && (
            <Button variant="outline" onClick={() => setSimulating(true)}>
              Simulate a credit
            </Button>
          )}
        </div>
      </Can>
      {CAN_SIMULATE && (
        <SimulateCreditDialog
          open={simulating}
          onOpenChange={setSimulating}
          accountNumber={va.account_number}
        />
      )}
      <div className="border-t pt-4">
        <AccountTransactionsPanel
          account={{ number: va.account_number, name: va.name, kind: 'VIRTUAL' }}
          state={state}
          headingLevel="h3"
          onPageIndex={(i) => setPaging((s) => withPageIndex(s, i))}
          onPageSize={(size) => setPaging((s) => withPageSize(s, size))}
          onReference={(text) => setPaging((s) => withReference(s, text))}
        />
      </div>
      <Section title="Credits">
        <VaCredits va={va} />
      </Section>
    </div>
  );
}
