import type { ReactNode } from 'react';
import type { Validation } from '@meridian/contract';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatMoney } from '@/lib/format/money';
import { NAME_MATCH_LABELS, NAME_MATCH_VARIANTS } from '../lists/statuses';

/** The name match as shown: "Partial match (72%)"; '-' when the account could not be validated. */
export function nameMatchText(v: Pick<Validation, 'name_match' | 'name_match_score'>): string {
  if (v.name_match === null || v.name_match_score === null) return '-';
  return `${NAME_MATCH_LABELS[v.name_match]} (${v.name_match_score}%)`;
}

/**
 * The title of a penny-drop answer: "verified" only when the bank knows the account AND the name matches its
 * holder (MATCH); a partial or failed match says so, the account refused says that.
 */
function titleOf(v: Validation): string {
  if (v.status !== 'SUCCESS') return 'Account could not be verified';
  switch (v.name_match) {
    case 'MATCH':
      return 'Account verified';
    case 'PARTIAL':
      return 'Account found: the name only partly matches';
    default:
      return 'Account found: the name does not match';
  }
}

/**
 * The answer of a penny-drop check: the name match (green only for MATCH, amber for PARTIAL, red for NO_MATCH)
 * with the holder's name the bank has on file, how well the name given matches it, and the fee.
 */
export function ValidationResultCard({
  validation,
  headingLevel = 'h2',
  actions,
}: {
  validation: Validation;
  headingLevel?: 'h2' | 'h3';
  actions?: ReactNode;
}) {
  const found = validation.status === 'SUCCESS';
  const verdict = found ? validation.name_match : null;
  const titleId = `validation-${validation.urn}-title`;
  const rows: [string, ReactNode][] = [
    ['Registered name', validation.registered_name ?? '-'],
    ['Name given', validation.name_given],
    ['Name match', nameMatchText(validation)],
    ['Account number', <span className="font-mono">{validation.beneficiary_account_number}</span>],
    ['IFSC', <span className="font-mono">{validation.ifsc_code}</span>],
    ['Bank', validation.bank_name],
    ['Bank reference', validation.bank_reference_number ?? '-'],
    ['Fee', formatMoney(validation.fee)],
    ['Validation URN', <span className="font-mono break-all">{validation.urn}</span>],
  ];
  const description =
    validation.status_message ??
    (verdict && verdict !== 'MATCH' && validation.registered_name
      ? `The bank has this account under the name ${validation.registered_name}, not ${validation.name_given} (${nameMatchText(validation)}).`
      : null);
  return (
    <Card className="gap-4" aria-labelledby={titleId} role="region">
      <CardHeader>
        <div className="flex flex-wrap items-center gap-2">
          <CardTitle as={headingLevel} id={titleId}>
            {titleOf(validation)}
          </CardTitle>
          {verdict ? (
            <Badge variant={NAME_MATCH_VARIANTS[verdict]}>{NAME_MATCH_LABELS[verdict]}</Badge>
          ) : (
            <Badge variant={found ? 'grey' : 'red'}>{validation.status}</Badge>
          )}
        </div>
        {description && <CardDescription>{description}</CardDescription>}
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
