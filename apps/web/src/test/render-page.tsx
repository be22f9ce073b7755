/**
 * Test helpers of the screens (imported by *.test.tsx only): a page rendered in a memory router with a
 * fresh query client, and a fake `apiFetch` answering `"METHOD /path"` routes.
 */
import type { ReactNode } from 'react';
import type { Mock } from 'vitest';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { ApiError, type ApiRequestInit } from '@/lib/api';
import { userDetailsFor } from './user-details';

export interface ApiCall {
  method: string;
  path: string;
  body: unknown;
  headers: Headers;
}

type Handler = (call: ApiCall) => unknown;

/**
 * Makes the mocked `apiFetch` answer from `routes`; a handler returns the answer or throws (e.g. an
 * ApiError). Unknown routes fail with a 404; GET /v2/user/details answers an owner unless `routes` has it. Every
 * call is recorded in `calls`.
 */
export function fakeApi(apiFetch: unknown, routes: Record<string, Handler>) {
  // The signed-in member is an owner unless the test says otherwise (screens show actions by permission).
  routes['GET /v2/user/details'] ??= () => userDetailsFor('owner');
  const calls: ApiCall[] = [];
  (apiFetch as Mock).mockImplementation(async (path: string, init: ApiRequestInit = {}) => {
    const call: ApiCall = {
      method: (init.method ?? 'GET').toUpperCase(),
      path,
      body: init.json,
      headers: new Headers(init.headers),
    };
    calls.push(call);
    const handler = routes[`${call.method} ${path}`];
    if (!handler) throw new ApiError(404, `Not found: ${call.method} ${path}`, { status: 404 });
    return handler(call);
  });
  return {
    routes,
    calls,
    callsTo: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path),
  };
}

/** The server's JSON error, as apiFetch throws it. */
export function serverError(
  status: number,
  message: string,
  error: string,
  fields?: Record<string, string>,
): ApiError {
  return new ApiError(status, message, {
    status,
    message,
    error,
    request_id: 'REQ_TEST',
    ...(fields ? { fields } : {}),
  });
}

/** Renders `ui` as the page of a memory router at `path` (every URL shows it), with a fresh query cache. */
export function renderPage(ui: ReactNode, { path = '/' }: { path?: string } = {}) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
  const rootRoute = createRootRoute({ component: () => <>{ui}</>, notFoundComponent: () => null });
  const router = createRouter({
    routeTree: rootRoute,
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}

/** What a list screen takes from its route: the URL's search state and how to change it. */
export interface RoutedPageProps<S> {
  search: S;
  onSearchChange: (next: S) => void;
}

/**
 * A screen on its own route at `path`, its search state in the URL as the app's file routes keep it
 * (`validateSearch`), opened at `url`, with a fresh query cache. `search()` reads the URL's state.
 */
export function renderRoutedPage<S>({
  path,
  url = path,
  validateSearch,
  page: Page,
}: {
  path: string;
  url?: string;
  /** The route's search schema (any input: the router hands it the URL's raw search). */
  validateSearch: (input: never) => S;
  page: (props: RoutedPageProps<S>) => ReactNode;
}) {
  const rootRoute = createRootRoute();
  const route = createRoute({
    getParentRoute: () => rootRoute,
    path,
    validateSearch: validateSearch as (input: Record<string, unknown>) => S,
    component: function RoutedPage() {
      const navigate = route.useNavigate();
      return (
        <Page
          search={route.useSearch() as S}
          onSearchChange={(search) => void navigate({ search: search as never })}
        />
      );
    },
  });
  const router = createRouter({
    routeTree: rootRoute.addChildren([route]),
    history: createMemoryHistory({ initialEntries: [url] }),
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router as never} />
    </QueryClientProvider>,
  );
  return {
    ...view,
    router,
    queryClient,
    search: () => router.state.location.search as Record<string, unknown>,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Answers shaped by the contract

export const ACCOUNT = {
  provider: 'sandbox',
  provider_code: 'SBX',
  account_number: '100000000001',
  account_name: 'Acme Operations',
  ifsc: 'MERI0000001',
};

export const BENEFICIARY_OPTION = {
  beneficiary_code: 'BEN001',
  beneficiary_name: 'Ravi Kumar',
  beneficiary_account_number: '123456789012',
  ifsc_code: 'HDFC0001234',
  transfer_type: 'IMPS' as const,
  sender_account_number: ACCOUNT.account_number,
  cooling_off_until: null,
  cooling_off_limit: null,
  name_match_score: null,
};

export const PAYMENT_METHODS = [
  {
    transfer_type: 'IMPS',
    label: 'IMPS (instant, up to ₹5,00,000)',
    min_amount: '1.00',
    max_amount: '500000.00',
  },
  { transfer_type: 'NEFT', label: 'NEFT (half-hourly batches)', min_amount: '1.00', max_amount: null },
  { transfer_type: 'RTGS', label: 'RTGS (from ₹2,00,000)', min_amount: '200000.00', max_amount: null },
];

export function payout(overrides: Record<string, unknown> = {}) {
  return {
    urn: 'PAY01JTEST0000000000000001',
    customer_reference_number: 'REF1',
    bank_reference_number: null,
    beneficiary_code: 'BEN001',
    beneficiary_name: 'Ravi Kumar',
    beneficiary_account_number: '123456789012',
    ifsc_code: 'HDFC0001234',
    beneficiary_upi_id: null,
    amount: '150000.00',
    transfer_type: 'NEFT',
    purpose_message: 'Invoice 1042',
    sender_account_number: ACCOUNT.account_number,
    status: 'PENDING',
    status_message: null,
    kind: 'PAYOUT',
    livemode: true,
    created_at: '2025-09-03T10:15:30.000Z',
    updated_at: '2025-09-03T10:15:30.000Z',
    ...overrides,
  };
}

export function validation(overrides: Record<string, unknown> = {}) {
  return {
    urn: 'VAL01JTEST0000000000000001',
    customer_reference_number: null,
    bank_reference_number: 'BRN778899',
    beneficiary_account_number: '123456789012',
    ifsc_code: 'HDFC0001234',
    bank_name: 'HDFC Bank',
    name_given: 'Ravi K',
    registered_name: 'RAVI KUMAR',
    name_match_score: 87,
    name_match: 'MATCH',
    status: 'SUCCESS',
    status_message: null,
    fee: '2.00',
    livemode: true,
    created_at: '2025-09-03T10:15:30.000Z',
    ...overrides,
  };
}

export function beneficiary(overrides: Record<string, unknown> = {}) {
  return {
    beneficiary_code: 'BEN001',
    beneficiary_name: 'Ravi Kumar',
    beneficiary_email: 'ravi@example.test',
    beneficiary_mobile: '9800000001',
    provider: ACCOUNT.provider,
    provider_code: ACCOUNT.provider_code,
    transfer_type: 'IMPS',
    sender_account_number: ACCOUNT.account_number,
    beneficiary_account_number: '123456789012',
    ifsc_code: 'HDFC0001234',
    bank_name: 'HDFC Bank',
    beneficiary_upi_id: null,
    status: 'ACTIVE',
    created_at: '2025-09-01T10:00:00.000Z',
    updated_at: '2025-09-01T10:00:00.000Z',
    cooling_off_until: null,
    cooling_off_limit: null,
    name_match_score: null,
    livemode: true,
    ...overrides,
  };
}
