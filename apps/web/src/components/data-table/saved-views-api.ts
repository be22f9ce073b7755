import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SavedView, SavedViewsResponse, type CreateSavedView } from '@meridian/contract/saved-views';
import { api } from '@/lib/api';
import type { MutationMeta } from '@/lib/api/query-client';

/** Every list's saved views live under this key: a change to one list's views refreshes that list's menu. */
export const savedViewsKey = (list: string) => ['saved-views', list] as const;

/** GET /{provider}/read/fetch/saved_views?list=… → the signed-in user's views of one list. */
export const savedViewsQueryOptions = (list: string) =>
  queryOptions({
    queryKey: savedViewsKey(list),
    queryFn: async ({ signal }) =>
      SavedViewsResponse.parse(
        await api.get('/meridian/read/fetch/saved_views', {
          host: 'read',
          params: { query: { list } },
          signal,
        }),
      ),
  });

/** Loaded when the menu is first wanted (`enabled`), then kept fresh by the mutations below. */
export function useSavedViews(list: string, enabled: boolean) {
  return useQuery({ ...savedViewsQueryOptions(list), enabled });
}

/** POST /v2/saved_views → 201 the view. The dialog shows the server's message (409, 422, 400) itself. */
export function useCreateSavedView() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['saved-views', 'create'],
    mutationFn: async (body: CreateSavedView) => SavedView.parse(await api.post('/v2/saved_views', { body })),
    meta: { errorToast: false } satisfies MutationMeta,
    onSuccess: (view) => queryClient.invalidateQueries({ queryKey: savedViewsKey(view.list) }),
  });
}

/** DELETE /v2/saved_views/{id} → 204. Failures get the app's error toast. */
export function useDeleteSavedView(list: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['saved-views', 'delete'],
    mutationFn: (id: string) => api.delete('/v2/saved_views/{id}', { params: { path: { id } } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: savedViewsKey(list) }),
  });
}
