import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import ShieldAlert from 'lucide-react/icons/shield-alert';
import type { Company } from '@meridian/contract/accounts';
import { Code } from '@/components/data-table';
import { EmptyState, PageFrame } from '@/components/layout/page-frame';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { isApiError } from '@/lib/api';
import { userDetailsQueryOptions } from '@/lib/api/user-details';
import { companiesQueryOptions, type AdjustmentKind } from './api';
import { AdjustCreditsDialog, formatCredits } from './adjust-dialog';
import { CompaniesList } from './companies-list';
import { CreditOperations } from './credit-operations';
import { MeterEditor } from './meter-editor';

export const OPS_ONLY_MESSAGE = 'Only Meridian operations staff can manage credits';

function OpsOnly() {
  return (
    <EmptyState icon={ShieldAlert} title={OPS_ONLY_MESSAGE}>
      Credits, their history and API prices of client companies are managed by Meridian operations. Ask your
      Meridian contact to load or unload credits.
    </EmptyState>
  );
}

/** The company of a client id from the URL: the list's answer when it is there, else looked up by its id. */
function SelectedCompany({ clientId, known }: { clientId: string; known: Company | undefined }) {
  const lookup = useQuery({
    ...companiesQueryOptions({ search_value: clientId, consumer_type: '', limit: 10, offset: 0 }),
    select: (rows) => rows.find((c) => c.client_id === clientId) ?? null,
    enabled: known === undefined,
  });
  const company = known ?? lookup.data;
  if (company) return <CompanyPanel key={clientId} company={company} />;
  if (lookup.isPending) return <Skeleton className="h-40 w-full" />;
  return (
    <p role="alert" className="text-muted-foreground">
      {lookup.isError
        ? `The company ${clientId} could not be loaded: ${lookup.error.message}`
        : `There is no company with client ID ${clientId}.`}
    </p>
  );
}

/** The selected company: balance, Load / Unload, its credit operations and its API meter. */
function CompanyPanel({ company }: { company: Company }) {
  const [dialog, setDialog] = useState<AdjustmentKind | null>(null);
  // Selecting a company moves focus (and, on a phone, the view) to its panel below the list.
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => title.current?.focus(), []);
  // The list's latest answer for this company (its balance changes after a load or unload).
  const fresh = useQuery({
    ...companiesQueryOptions({ search_value: company.client_id, consumer_type: '', limit: 10, offset: 0 }),
    select: (rows) => rows.find((c) => c.client_id === company.client_id),
  }).data;
  const current = fresh ?? company;
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div className="flex flex-col gap-1.5">
          <CardTitle ref={title} tabIndex={-1} className="outline-none">
            {current.company_name}
          </CardTitle>
          <CardDescription>
            <Code>{current.client_id}</Code> · {current.consumer_type} · {current.users} users
          </CardDescription>
          <p className="text-sm">
            Balance:{' '}
            <span className="text-lg font-semibold tabular-nums">{formatCredits(current.credits)}</span>{' '}
            credits
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => setDialog('load')}>Load credits</Button>
          <Button variant="outline" onClick={() => setDialog('unload')}>
            Unload credits
          </Button>
        </div>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        <CreditOperations clientId={current.client_id} companyName={current.company_name} />
        <MeterEditor clientId={current.client_id} />
      </CardContent>
      {(['load', 'unload'] as const).map((kind) => (
        <AdjustCreditsDialog
          key={kind}
          kind={kind}
          company={current}
          open={dialog === kind}
          onOpenChange={(open) => setDialog(open ? kind : null)}
        />
      ))}
    </Card>
  );
}

/**
 * /accounts/credits: Meridian operations' credit management. The check uses the permissions the server reports
 * (`/v2/user/details`: ops.credits), not the session's roles (a restored session is always 'user'); a 403 from
 * any call shows the same ops-only state, and never signs the user out.
 */
export function CreditsPage({
  clientId,
  onSelect,
}: {
  /** The selected company (in the URL, so that the view can be linked and reloaded). */
  clientId: string | undefined;
  onSelect: (clientId: string | undefined) => void;
}) {
  const details = useQuery(userDetailsQueryOptions());
  // The row the user picked (saves a lookup); a client id from the URL alone is looked up.
  const [picked, setPicked] = useState<Company | null>(null);
  let body;
  if (details.isPending) body = <Skeleton className="h-64 w-full" />;
  else if (details.isError && !(isApiError(details.error) && details.error.status === 403)) {
    body = (
      <div role="alert" className="flex flex-col items-start gap-2">
        <p>Your roles could not be checked: {details.error.message}</p>
        <Button variant="outline" onClick={() => void details.refetch()}>
          Try again
        </Button>
      </div>
    );
  } else if (!details.data?.permissions.includes('ops.credits')) body = <OpsOnly />;
  else {
    body = (
      <ForbiddenBoundary>
        <CompaniesList
          selected={clientId}
          onSelect={(company) => {
            setPicked(company);
            onSelect(company.client_id);
          }}
        />
        {clientId ? (
          <SelectedCompany
            key={clientId}
            clientId={clientId}
            known={picked?.client_id === clientId ? picked : undefined}
          />
        ) : (
          <p className="text-muted-foreground">
            Select a company to see its credits, operations and API prices.
          </p>
        )}
      </ForbiddenBoundary>
    );
  }
  return (
    <PageFrame
      title="Credit management"
      description="Load and unload client credits, see every credit operation, and set API prices per company."
      breadcrumb={[{ label: 'Accounts', to: '/accounts' }, { label: 'Credit management' }]}
    >
      {body}
    </PageFrame>
  );
}

/** The server refused (403) the companies: the same ops-only state instead of an error. */
function ForbiddenBoundary({ children }: { children: ReactNode }) {
  const companies = useQuery(
    companiesQueryOptions({ search_value: '', consumer_type: '', limit: 10, offset: 0 }),
  );
  if (isApiError(companies.error) && companies.error.status === 403) return <OpsOnly />;
  return <>{children}</>;
}
