import { createFileRoute } from '@tanstack/react-router';
import { searchSchema } from '@/lib/format/search-params';
import { CreditsPage } from '@/features/credits';

/** The selected company's client id; anything unusable is dropped. */
const clientIdParam = (value: unknown) => {
  const id = typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';
  return id !== '' && id.length <= 64 ? id : undefined;
};

/** Meridian operations only (ops.credits): the page checks the server-reported permissions and shows an ops-only state to others. */
export const Route = createFileRoute('/_authenticated/accounts/credits')({
  validateSearch: searchSchema({ client_id: clientIdParam }),
  component: function CreditsRoute() {
    const navigate = Route.useNavigate();
    return (
      <CreditsPage
        clientId={Route.useSearch().client_id}
        onSelect={(client_id) => void navigate({ search: { client_id } })}
      />
    );
  },
});
