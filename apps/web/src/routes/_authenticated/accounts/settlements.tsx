import { createFileRoute } from '@tanstack/react-router';
import { listSearchSchema } from '@/components/data-table/list-search';
import { searchSchema, type SearchInputOf } from '@/lib/format/search-params';
import { SettlementsPage } from '@/features/settlements';

/** A status or type option value (e.g. FAILED, T0); anything else is dropped. */
const optionParam = (value: unknown) =>
  typeof value === 'string' && /^[A-Za-z0-9_]{1,32}$/.test(value) ? value : undefined;
const filterShape = { status: optionParam, type: optionParam };
const filterSchema = searchSchema(filterShape);

/** The list filter of the history plus its status and type; a bad value degrades to its default. */
const validateSearch = (
  input: SearchInputOf<typeof filterShape> & Parameters<typeof listSearchSchema>[0],
) => ({
  ...listSearchSchema(input),
  ...filterSchema(input),
});

export const Route = createFileRoute('/_authenticated/accounts/settlements')({
  validateSearch,
  component: function SettlementsRoute() {
    const navigate = Route.useNavigate();
    return (
      <SettlementsPage search={Route.useSearch()} onSearchChange={(search) => void navigate({ search })} />
    );
  },
});
