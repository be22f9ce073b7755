import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import { apiFetch } from './client';
import type * as ApiClient from './client';
import type * as Env from '@/lib/env';
import type { ApiPath } from './paths';
import { api, resolvePath } from './typed';

// A deployment whose provider slug is not the document's: paths are written as the document has them.
vi.mock('@/lib/env', async (importOriginal) => ({
  ...(await importOriginal<typeof Env>()),
  PROVIDER: 'acme',
}));
vi.mock('./client', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClient>()),
  apiFetch: vi.fn(),
}));

/**
 * Type-level checks: each `@ts-expect-error` line must fail to compile (`npx tsc -p apps/web`; tsc reports an
 * unused directive when the line compiles). They sit in a function that never runs, so no request is made.
 */
export function typeChecks(urn: string, signal: AbortSignal) {
  // A path the document does not have.
  // @ts-expect-error: '/meridian/read/fetch/transaction/payoutz/{urn}' is not a path of the document
  void api.get('/meridian/read/fetch/transaction/payoutz/{urn}', { params: { path: { urn } } });
  // A path without that method (the payouts search is GET only).
  // @ts-expect-error: no POST on the payouts search
  void api.post('/meridian/read/search/transaction/payouts', {});
  // A query parameter the operation does not declare.
  // @ts-expect-error: 'page' is not a query parameter of the payouts search
  void api.get('/meridian/read/search/transaction/payouts', { params: { query: { page: 2 } } });
  // A query parameter of the wrong type.
  // @ts-expect-error: limit is a number
  void api.get('/meridian/read/search/transaction/payouts', { params: { query: { limit: '10' } } });
  // A missing path parameter.
  // @ts-expect-error: {urn} needs its value
  void api.get('/meridian/read/fetch/transaction/payouts/{urn}', { signal });
  // A body field the operation does not take.
  // @ts-expect-error: 'note' is not a field of the presentation body
  void api.post('/v2/mandates/{urn}/presentations', { params: { path: { urn } }, body: { note: 'x' } });
  // A required body that is missing.
  // @ts-expect-error: a beneficiary needs its body
  void api.post('/v2/banking/beneficiary', {});
  // resolvePath: a missing parameter, a wrong path.
  // @ts-expect-error: {urn} needs its value
  resolvePath('/v2/mandates/{urn}');
  // @ts-expect-error: not a path of the document
  const wrong: ApiPath = '/meridian/read/search/transaction/payoutz';
  return wrong;
}

describe('the typed API layer', () => {
  it('types the answer from the document', () => {
    expectTypeOf(api.get<'/v2/user/mfa'>).returns.resolves.toHaveProperty('mfa_preference');
    expectTypeOf(
      api.get<'/meridian/read/export/transaction/payouts', 'blob'>,
    ).returns.resolves.toEqualTypeOf<Blob>();
  });

  it("resolves a document path: the configured provider's slug, each parameter encoded", () => {
    expect(resolvePath('/meridian/read/search/transaction/payouts')).toBe(
      '/acme/read/search/transaction/payouts',
    );
    expect(
      resolvePath('/meridian/read/fetch/fabric/{slug}/{urn}', { slug: 'face-match', urn: 'A/B C' }),
    ).toBe('/acme/read/fetch/fabric/face-match/A%2FB%20C');
    expect(resolvePath('/v2/mandates/{urn}/cancel', { urn: 'MDT01' })).toBe('/v2/mandates/MDT01/cancel');
    expect(() => (resolvePath as (path: string) => string)('/v2/mandates/{urn}')).toThrow(
      'Missing path parameter "urn" for /v2/mandates/{urn}',
    );
  });

  it('hands apiFetch the runtime path, the method, the query and the body (JSON, or a FormData as it is)', async () => {
    vi.mocked(apiFetch).mockResolvedValue({ data: [] });
    const controller = new AbortController();
    await api.get('/meridian/read/search/transaction/payouts', {
      host: 'read',
      params: { query: { limit: 10, search_key: 'meridian_urn' } },
      signal: controller.signal,
    });
    expect(apiFetch).toHaveBeenLastCalledWith('/acme/read/search/transaction/payouts', {
      host: 'read',
      method: 'GET',
      query: { limit: 10, search_key: 'meridian_urn' },
      signal: controller.signal,
    });

    const body = { amount: '10.00', customer_reference_number: 'REF1' };
    await api.post('/v2/mandates/{urn}/presentations', {
      params: { path: { urn: 'MDT 1' } },
      body,
      headers: { 'Idempotency-Key': 'k1' },
    });
    expect(apiFetch).toHaveBeenLastCalledWith('/v2/mandates/MDT%201/presentations', {
      method: 'POST',
      json: body,
      headers: { 'Idempotency-Key': 'k1' },
    });

    const form = new FormData();
    await api.post('/meridian/bulk/validate', { host: 'bulk', body: form });
    expect(apiFetch).toHaveBeenLastCalledWith('/acme/bulk/validate', {
      host: 'bulk',
      method: 'POST',
      body: form,
    });

    await api.delete('/meridian/reports/schedules/{schedule_urn}', {
      params: { path: { schedule_urn: 'SCH1' } },
    });
    expect(apiFetch).toHaveBeenLastCalledWith('/acme/reports/schedules/SCH1', { method: 'DELETE' });
  });
});
