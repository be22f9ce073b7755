import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { FABRIC_TITLES, type FabricSlug } from '@meridian/contract/screens';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { toast } from '@/lib/toast';
import { serverErrorMessage } from '@/components/form/server-errors';
import {
  companyMeterQueryOptions,
  useUpdateMeter,
  type CompanyMeterAnswer,
  type UpdateCompanyMeterBody,
} from './api';
import { formatCredits } from './adjust-dialog';

const th = 'whitespace-nowrap text-muted-foreground';
const td = 'align-middle';
const MAX_PRICE = 100_000;

type Drafts = Record<string, string>;
const draftsOf = (meter: CompanyMeterAnswer): Drafts =>
  Object.fromEntries(meter.data.map((e) => [e.product, e.is_default ? '' : String(e.price)]));

/**
 * The changed prices as the PUT body: a number sets the company price, null (an emptied input) returns to the
 * default; an invalid input is reported instead.
 */
export function meterChanges(
  meter: CompanyMeterAnswer,
  drafts: Drafts,
): { prices: Record<string, number | null>; invalid: string[] } {
  const prices: Record<string, number | null> = {};
  const invalid: string[] = [];
  for (const entry of meter.data) {
    const text = (drafts[entry.product] ?? '').trim();
    if (text === '') {
      if (!entry.is_default) prices[entry.product] = null;
      continue;
    }
    const price = /^\d{1,6}$/.test(text) ? Number(text) : NaN;
    if (!Number.isInteger(price) || price > MAX_PRICE) {
      invalid.push(entry.product);
      continue;
    }
    if (entry.is_default || price !== entry.price) prices[entry.product] = price;
  }
  return { prices, invalid };
}

/** The meter form's state: the prices as typed, the invalid ones after a save, and the save. */
function useMeterForm(clientId: string, meter: CompanyMeterAnswer) {
  const update = useUpdateMeter(clientId);
  const [drafts, setDrafts] = useState<Drafts>(() => draftsOf(meter));
  const [invalid, setInvalid] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const changes = meterChanges(meter, drafts);
  const dirty = Object.keys(changes.prices).length > 0;

  const save = async () => {
    setError(null);
    setInvalid(changes.invalid);
    if (changes.invalid.length > 0 || !dirty) return;
    try {
      const next = await update.mutateAsync({ prices: changes.prices as UpdateCompanyMeterBody['prices'] });
      setDrafts(draftsOf(next));
      toast.success('API prices saved');
    } catch (e) {
      setError(serverErrorMessage(e));
    }
  };

  return { drafts, setDrafts, invalid, error, dirty, save, saving: update.isPending };
}

/** The prices per product, each editable (empty: the default), with Save and Discard. */
function MeterForm({ clientId, meter }: { clientId: string; meter: CompanyMeterAnswer }) {
  const { drafts, setDrafts, invalid, error, dirty, save, saving } = useMeterForm(clientId, meter);
  const setDraft = (product: string, text: string) => setDrafts((d) => ({ ...d, [product]: text }));

  return (
    <form
      aria-label="API meter"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
      className="flex flex-col gap-3"
    >
      {error && (
        <p role="alert" className="text-sm text-destructive">
          The prices were not saved: {error}
        </p>
      )}
      <Table scrollLabel="API prices">
        <TableCaption>Price of one call per product, in credits</TableCaption>
        <TableHeader className="bg-muted/50">
          <TableRow>
            <TableHead className={th}>Product</TableHead>
            <TableHead align="right" className={th}>
              Default price
            </TableHead>
            <TableHead className={th}>Company price</TableHead>
            <TableHead className={th}>
              <span className="sr-only">Reset</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {meter.data.map((entry) => (
            <MeterRow
              key={entry.product}
              entry={entry}
              draft={drafts[entry.product] ?? ''}
              bad={invalid.includes(entry.product)}
              setDraft={setDraft}
            />
          ))}
        </TableBody>
      </Table>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={saving || !dirty}>
          {saving ? 'Saving…' : 'Save prices'}
        </Button>
        <Button type="button" variant="outline" disabled={!dirty} onClick={() => setDrafts(draftsOf(meter))}>
          Discard changes
        </Button>
      </div>
    </form>
  );
}

/** One product: its title, default price, the company price (with its problem), and Use default. */
function MeterRow({
  entry,
  draft,
  bad,
  setDraft,
}: {
  entry: CompanyMeterAnswer['data'][number];
  draft: string;
  bad: boolean;
  setDraft: (product: string, text: string) => void;
}) {
  const title = FABRIC_TITLES[entry.product as FabricSlug] ?? entry.product;
  const inputId = `meter-${entry.product}`;
  return (
    <TableRow className="border-t">
      <TableHead scope="row" className={`${td} font-medium`}>
        <label htmlFor={inputId}>{title}</label>
      </TableHead>
      <TableCell align="right" className={`${td} tabular-nums`}>
        {formatCredits(entry.default_price)}
      </TableCell>
      <TableCell className={td}>
        <Input
          id={inputId}
          inputMode="numeric"
          autoComplete="off"
          placeholder="Default"
          value={draft}
          aria-invalid={bad || undefined}
          aria-describedby={bad ? `${inputId}-error` : undefined}
          onChange={(e) => setDraft(entry.product, e.target.value)}
          className="w-32"
        />
        {bad && (
          <p id={`${inputId}-error`} className="mt-1 text-xs text-destructive">
            A whole number of credits, 0 to 100,000
          </p>
        )}
      </TableCell>
      <TableCell className={td}>
        <Button
          type="button"
          variant="ghost"
          size="sm"
          disabled={draft === ''}
          aria-label={`Use the default price for ${title}`}
          onClick={() => setDraft(entry.product, '')}
        >
          Use default
        </Button>
      </TableCell>
    </TableRow>
  );
}

/** The company's API meter: the price of a call per product; an empty price is the default. */
export function MeterEditor({ clientId }: { clientId: string }) {
  const query = useQuery(companyMeterQueryOptions(clientId));
  return (
    <section aria-labelledby="api-meter" className="flex flex-col gap-3">
      <h3 id="api-meter" className="font-semibold">
        API meter
      </h3>
      {query.isPending ? (
        <Skeleton className="h-40 w-full" />
      ) : query.isError ? (
        <div role="alert" className="flex flex-col items-start gap-2">
          <p>The API meter could not be loaded: {query.error.message}</p>
          <Button variant="outline" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <MeterForm key={clientId} clientId={clientId} meter={query.data} />
      )}
    </section>
  );
}
