import { queryOptions } from '@tanstack/react-query';
import { Validation, listResponse } from '@meridian/contract';
import { VALIDATIONS_LIST } from '@meridian/contract/flow-lists';
import { createListEndpoints } from '@/components/data-table';
import { api, isApiError } from '@/lib/api';
import { shouldRetry } from '@/lib/api/query-client';

/**
 * Bank-account validations (docs/using/flow-api.md): search, count and CSV at the paths of their definition
 * (VALIDATIONS_LIST), and one validation at …/read/fetch/transaction/validations/{urn}.
 */
const ValidationList = listResponse(Validation);

export const validationsEndpoints = createListEndpoints(
  VALIDATIONS_LIST,
  (answer) => ValidationList.parse(answer).data,
);

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
