import { queryOptions } from '@tanstack/react-query';
import { Validation, listResponse } from '@meridian/contract';
import { createListEndpoints } from '@/components/data-table';
import { api, isApiError } from '@/lib/api';
import { shouldRetry } from '@/lib/api/query-client';
import { PROVIDER } from '@/lib/env';

/**
 * Bank-account validations (docs/flow-api.md): search GET /{provider}/read/search/transaction/validations,
 * count …/read/count/transaction/validations, CSV …/read/export/transaction/validations, and one validation
 * at …/read/fetch/transaction/validations/{urn}.
 */
const ValidationList = listResponse(Validation);

export const validationsEndpoints = createListEndpoints({
  key: 'validations',
  searchPath: `/${PROVIDER}/read/search/transaction/validations`,
  countPath: `/${PROVIDER}/read/count/transaction/validations`,
  exportPath: `/${PROVIDER}/read/export/transaction/validations`,
  parseRows: (answer) => ValidationList.parse(answer).data,
});

export const validationDetailsQueryOptions = (urn: string) =>
  queryOptions({
    queryKey: ['validations', 'details', urn] as const,
    queryFn: async ({ signal }) =>
      Validation.parse(
        await api.get('/meridian/read/fetch/transaction/validations/{urn}', {
          host: 'read',
          params: { path: { urn } },
          signal,
        }),
      ),
    retry: (failureCount, error) =>
      !(isApiError(error) && error.status === 404) && shouldRetry(failureCount, error),
  });
