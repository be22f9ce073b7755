import type { ReactNode } from 'react';
import type { Validation } from '@meridian/contract';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatMoney } from '@/lib/format/money';

/** The answer of a penny-drop check: status, the bank's registered name, how well it matches, fee. */
export function ValidationResultCard({
  validation,
  headingLevel = 'h2',
  actions,
}: {
  validation: Validation;
  headingLevel?: 'h2' | 'h3';
  actions?: ReactNode;
}) {
  const ok = validation.status === 'SUCCESS';
  const titleId = `validation-${validation.urn}-title`;
  const rows: [string, ReactNode][] = [
    ['Registered name', validation.registered_name ?? '-'],
    ['Name given', validation.name_given],
    ['Name match', validation.name_match_score === null ? '-' : `${validation.name_match_score}%`],
    ['Account number', <span className="font-mono">{validation.beneficiary_account_number}</span>],
    ['IFSC', <span className="font-mono">{validation.ifsc_code}</span>],
    ['Bank', validation.bank_name],
    ['Bank reference', validation.bank_reference_number ?? '-'],
    ['Fee', formatMoney(validation.fee)],
    ['Validation URN', <span className="font-mono break-all">{validation.urn}</span>],
  ];
  return (
    <Card className="gap-4" aria-labelledby={titleId} role="region">
      <CardHeader>
        <div className="flex flex-wrap items-center gap-2">
          <CardTitle as={headingLevel} id={titleId}>
            {ok ? 'Account verified' : 'Account could not be verified'}
          </CardTitle>
          <Badge variant={ok ? 'green' : 'red'}>{validation.status}</Badge>
        </div>
        {validation.status_message && <CardDescription>{validation.status_message}</CardDescription>}
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1.5 text-sm">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="min-w-0">{value}</dd>
            </div>
          ))}
        </dl>
        {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
      </CardContent>
    </Card>
  );
}
