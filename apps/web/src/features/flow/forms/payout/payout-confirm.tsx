import type { ReactNode } from 'react';
import TriangleAlert from 'lucide-react/icons/triangle-alert';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { useAccountBalances } from '../../api/balance';
import {
  useBeneficiaryOptions,
  usePaymentMethods,
  useProviderAccounts,
  type BeneficiaryOption,
  type PaymentMethodOption,
  type ProviderAccountOption,
} from '../../api/dropdowns';
import { formatMoney, toPaise } from '@/lib/format/money';
import { amountToPaise } from '../money';
import type { PayoutFormOutput } from './payout-schema';

/** The payout's facts as label and value, with the names the dropdowns know for its account and beneficiary. */
function payoutRows(
  payout: PayoutFormOutput,
  amount: string,
  account: ProviderAccountOption | undefined,
  beneficiary: BeneficiaryOption | undefined,
  method: PaymentMethodOption | undefined,
): [string, ReactNode][] {
  return [
    [
      'From',
      <>
        {account ? `${account.account_name} · ` : ''}
        <span className="font-mono">{payout.sender_account_number}</span>
        {account ? ` (${account.provider})` : ''}
      </>,
    ],
    [
      'To',
      <>
        {beneficiary ? `${beneficiary.beneficiary_name} · ` : ''}
        <span className="font-mono">{payout.beneficiary_code}</span>
      </>,
    ],
    ...(beneficiary?.beneficiary_account_number
      ? ([
          [
            'Beneficiary account',
            <span className="font-mono">
              {beneficiary.beneficiary_account_number}
              {beneficiary.ifsc_code ? ` · ${beneficiary.ifsc_code}` : ''}
            </span>,
          ],
        ] as [string, ReactNode][])
      : []),
    ['Amount', <span className="text-base font-semibold tabular-nums">{amount}</span>],
    ['Transfer type', method?.label ?? payout.transfer_type],
    ['Purpose', payout.purpose_message],
    ['Customer reference number', <span className="font-mono">{payout.customer_reference_number}</span>],
  ];
}

/** Step 2: everything the payout will do, before any money moves. */
export function PayoutConfirmStep({
  payout,
  pending,
  retry,
  onBack,
  onConfirm,
  children,
}: {
  payout: PayoutFormOutput;
  pending: boolean;
  /** The last attempt's outcome is unknown: confirming again retries the same submission. */
  retry: boolean;
  onBack: () => void;
  onConfirm: () => void;
  /** The failure of the last attempt, if any. */
  children?: ReactNode;
}) {
  const accounts = useProviderAccounts();
  const balances = useAccountBalances();
  const beneficiaries = useBeneficiaryOptions();
  const methods = usePaymentMethods();
  const account = accounts.data?.find((a) => a.account_number === payout.sender_account_number);
  const beneficiary = beneficiaries.data?.find((b) => b.beneficiary_code === payout.beneficiary_code);
  const method = methods.data?.find((m) => m.transfer_type === payout.transfer_type);
  const balance = balances.data?.find((a) => a.account_number === payout.sender_account_number)?.balance;
  const amount = formatMoney(payout.amount);
  const overBalance =
    balance !== undefined && (amountToPaise(payout.amount) ?? 0n) > (toPaise(balance) ?? 0n);
  const rows = payoutRows(payout, amount, account, beneficiary, method);

  return (
    <Card aria-labelledby="payout-confirm-title" role="region">
      <CardHeader>
        <CardTitle id="payout-confirm-title">Confirm the payout</CardTitle>
        <CardDescription>Check the details. Money moves as soon as you confirm.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="min-w-0 break-words">{value}</dd>
            </div>
          ))}
        </dl>
        {overBalance && (
          <Alert variant="warning">
            <TriangleAlert aria-hidden />
            <AlertDescription>
              This is more than the available balance of the account ({formatMoney(balance)}).
            </AlertDescription>
          </Alert>
        )}
        {children}
      </CardContent>
      <CardFooter className="flex-wrap gap-2">
        <Button variant="outline" onClick={onBack} disabled={pending}>
          Back
        </Button>
        <Button onClick={onConfirm} disabled={pending} aria-busy={pending || undefined}>
          {pending ? 'Sending…' : retry ? 'Try again' : `Confirm payout of ${amount}`}
        </Button>
      </CardFooter>
    </Card>
  );
}
