/** Test helpers of the accounts screens (imported by *.test.tsx only). */
import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';

/** Renders `ui` with a fresh query cache (no retries). */
export function renderWithClient(ui: ReactNode) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
  const view = render(<QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>);
  return { ...view, queryClient };
}

export function virtualAccount(overrides: Record<string, unknown> = {}) {
  return {
    urn: 'VA01JTEST0001',
    account_number: '222200001234',
    ifsc: 'MERI0000VAC',
    upi_id: 'acme.c1@meridian',
    name: 'Ravi Kumar',
    customer_id: 'C-1',
    allowed_payers: [],
    expected_amount: null,
    expires_at: null,
    status: 'ACTIVE',
    balance: '0.00',
    total_collected: '0.00',
    credits_count: 0,
    livemode: true,
    created_at: '2026-03-10T06:00:00.000Z',
    updated_at: '2026-03-10T06:00:00.000Z',
    ...overrides,
  };
}

export function credit(overrides: Record<string, unknown> = {}) {
  return {
    urn: 'VAC01JTEST0001',
    virtual_account_number: '222200001234',
    customer_id: 'C-1',
    amount: '1250.00',
    mode: 'IMPS',
    bank_reference_number: 'UTR000000000001',
    remitter_name: 'Asha Rao',
    remitter_account_number: '123456789012',
    remitter_ifsc: 'HDFC0001234',
    remitter_upi_id: null,
    status: 'CREDITED',
    return_reason: null,
    transaction_id: 'TXN01',
    livemode: true,
    created_at: '2026-03-10T06:05:00.000Z',
    ...overrides,
  };
}
