import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TestDataDeleted } from '@meridian/contract/modes';
import { apiFetch } from '@/lib/api';
import type { MutationMeta } from '@/lib/api/query-client';

/**
 * DELETE /v2/company/test_data (`test_data.delete`: owners and admins; step-up, which the API client asks for
 * through the shell's "Confirm it's you"): every record of the company's test mode goes, its configuration
 * stays, live data is never touched. Answers the records deleted per kind and their total; every cached answer
 * is asked again (test data shown anywhere is gone). The dialog shows the error itself.
 */
export function useDeleteTestData() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['Company', 'test_data', 'delete'],
    mutationFn: async () =>
      TestDataDeleted.parse(await apiFetch('/v2/company/test_data', { method: 'DELETE' })),
    meta: { errorToast: false } satisfies MutationMeta,
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
