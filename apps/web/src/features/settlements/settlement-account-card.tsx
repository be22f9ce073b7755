import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { SetSettlementAccount, type SettlementAccount } from '@meridian/contract/accounts';
import { Code, DateTimeText, DetailList, StatusBadge } from '@/components/data-table';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/lib/toast';
import { FormErrorAlert } from '@/components/form/form-alert';
import { FormField } from '@/components/form/form-field';
import {
  mapServerError,
  serverErrorMessage,
  setServerFieldErrors,
  type ServerErrorView,
} from '@/components/form/server-errors';
import { settlementAccountQueryOptions, useSetSettlementAccount, type SetSettlementAccountBody } from './api';
import { ACCOUNT_STATUS_VARIANTS } from './statuses';
import { Can } from '@/components/permissions/can';

const FIELDS = ['account_number', 'ifsc', 'account_holder_name'] as const;
const EMPTY: SetSettlementAccountBody = { account_number: '', ifsc: '', account_holder_name: '' };

function AccountDetails({ account }: { account: SettlementAccount }) {
  return (
    <DetailList
      items={[
        ['Account number', <Code key="acc">{account.account_number}</Code>],
        ['IFSC', <Code key="ifsc">{account.ifsc}</Code>],
        ['Account holder', account.account_holder_name],
        ['Bank', account.bank_name],
        [
          'Name at the bank',
          account.registered_name &&
            `${account.registered_name}${account.name_match_score === null ? '' : ` (match ${account.name_match_score}%)`}`,
        ],
        ['Status', <StatusBadge key="status" status={account.status} variants={ACCOUNT_STATUS_VARIANTS} />],
        ['Status message', account.status_message],
        ['Added', <DateTimeText key="added" value={account.created_at} />],
      ]}
    />
  );
}

/** The new account form's state and its submit; `onDone` hears the account as the penny drop left it. */
function useChangeAccountForm(onDone: (account: SettlementAccount) => void) {
  const mutation = useSetSettlementAccount();
  const [failure, setFailure] = useState<Pick<ServerErrorView<string>, 'message' | 'unmatched'> | null>(null);
  const form = useForm<SetSettlementAccountBody, unknown, SetSettlementAccountBody>({
    resolver: zodResolver(SetSettlementAccount),
    defaultValues: EMPTY,
  });
  const onSubmit = form.handleSubmit(async (body) => {
    setFailure(null);
    try {
      const account = await mutation.mutateAsync(body);
      if (account.status === 'VERIFIED') {
        toast.success('Settlement account verified', { description: 'Settlements now go to this account.' });
        form.reset(EMPTY);
      } else {
        toast.error('The account was rejected', { description: account.status_message ?? undefined });
      }
      onDone(account);
    } catch (error) {
      const view = mapServerError(error, FIELDS);
      setFailure(view);
      setServerFieldErrors(form.setError, view.fields);
      toast.error('The account was not changed', { description: serverErrorMessage(error) });
    }
  });
  return { form, failure, onSubmit, pending: mutation.isPending };
}

/** The form that submits a new settlement account (checked by penny drop; a validation fee is charged). */
export function ChangeAccountForm({ onDone }: { onDone: (account: SettlementAccount) => void }) {
  const { form, failure, onSubmit, pending } = useChangeAccountForm(onDone);
  const errors = form.formState.errors;
  return (
    <form onSubmit={onSubmit} noValidate aria-label="New settlement account" className="flex flex-col gap-4">
      <FormErrorAlert
        title="The account was not changed"
        message={failure?.message ?? null}
        details={failure?.unmatched}
      />
      <div className="grid gap-4 md:grid-cols-3">
        <FormField
          id="settlement-account-number"
          label="Account number"
          hint="9 to 18 digits"
          error={errors.account_number?.message}
        >
          {(p) => (
            <Input
              {...p}
              {...form.register('account_number')}
              inputMode="numeric"
              autoComplete="off"
              className="font-mono"
            />
          )}
        </FormField>
        <FormField id="settlement-ifsc" label="IFSC" hint="e.g. HDFC0001234" error={errors.ifsc?.message}>
          {(p) => (
            <Input
              {...p}
              {...form.register('ifsc')}
              autoComplete="off"
              maxLength={11}
              className="font-mono uppercase"
            />
          )}
        </FormField>
        <FormField
          id="settlement-holder"
          label="Account holder's name"
          error={errors.account_holder_name?.message}
        >
          {(p) => <Input {...p} {...form.register('account_holder_name')} autoComplete="off" />}
        </FormField>
      </div>
      <p className="text-sm text-muted-foreground">
        The account is checked by a penny drop before it is used: a small amount is credited to it, and the
        validation fee is charged to your account.
      </p>
      <div>
        <Button type="submit" disabled={pending}>
          {pending ? 'Verifying…' : 'Verify and use this account'}
        </Button>
      </div>
    </form>
  );
}

/** The active settlement account, the last rejected attempt, and the form to change it. */
export function SettlementAccountCard() {
  const query = useQuery(settlementAccountQueryOptions());
  const [changing, setChanging] = useState(false);
  const [rejected, setRejected] = useState<SettlementAccount | null>(null);
  const account = query.data;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Settlement account</CardTitle>
        <CardDescription>Where the money collected in your virtual accounts is settled.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {query.isPending ? (
          <Skeleton className="h-24 w-full" />
        ) : query.isError ? (
          <div role="alert" className="flex flex-col items-start gap-2">
            <p>The settlement account could not be loaded: {query.error.message}</p>
            <Button variant="outline" onClick={() => void query.refetch()}>
              Try again
            </Button>
          </div>
        ) : account ? (
          <AccountDetails account={account} />
        ) : (
          <p className="text-muted-foreground">
            No verified settlement account yet: add one to receive settlements.
          </p>
        )}
        {rejected && (
          <div role="status" className="rounded-lg border border-destructive/40 p-3 text-sm">
            <p className="font-medium">
              <StatusBadge status={rejected.status} variants={ACCOUNT_STATUS_VARIANTS} /> Account{' '}
              <Code>{rejected.account_number}</Code> was not accepted
            </p>
            {rejected.status_message && <p className="mt-1">{rejected.status_message}</p>}
          </div>
        )}
        <Can permission="settlements.manage">
          {changing || (!query.isPending && !account && !query.isError) ? (
            <div className="flex flex-col gap-3 border-t pt-4">
              <h3 className="font-medium">{account ? 'Change account' : 'Add an account'}</h3>
              <ChangeAccountForm
                onDone={(next) => {
                  setRejected(next.status === 'REJECTED' ? next : null);
                  if (next.status === 'VERIFIED') setChanging(false);
                }}
              />
              {account && (
                <div>
                  <Button variant="ghost" onClick={() => setChanging(false)}>
                    Cancel
                  </Button>
                </div>
              )}
            </div>
          ) : (
            account && (
              <div>
                <Button variant="outline" onClick={() => setChanging(true)}>
                  Change account
                </Button>
              </div>
            )
          )}
        </Can>
      </CardContent>
    </Card>
  );
}
