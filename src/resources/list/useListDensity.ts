/**
 * The lists' row density, the user's own preference kept on the server so that it follows them to
 * another device (docs/decisions/0082-dense-width-aware-tables.md). The query is persisted with the
 * rest of the cache: offline, the last known density holds. A change shows at once and is saved;
 * a save that fails puts the former density back and says why.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListDensity, Preferences } from '@/contract';
import { routes } from '@/contract/routes.gen';
import { call } from '@/lib/api';
import { notify } from '@/app/notify';
import { listDensityOf } from '@/contract/densities';

const preferencesKey = ['profile-preferences'] as const;

export function useListDensity() {
  const queryClient = useQueryClient();
  const preferences = useQuery({
    queryKey: preferencesKey,
    queryFn: async ({ signal }) => (await call(routes.profilePreferences, { signal })).data,
    staleTime: 60_000,
  });
  const save = useMutation({
    mutationFn: (listDensity: ListDensity) =>
      call(routes.profilePreferencesUpdate, { body: { listDensity } }),
    onMutate: async (listDensity) => {
      await queryClient.cancelQueries({ queryKey: preferencesKey });
      const before = queryClient.getQueryData<Preferences>(preferencesKey);
      queryClient.setQueryData<Preferences>(preferencesKey, { ...before, listDensity });
      return { before };
    },
    onSuccess: (answer) => queryClient.setQueryData(preferencesKey, answer.data),
    onError: (error, _density, context) => {
      queryClient.setQueryData(preferencesKey, context?.before);
      notify.error(error);
    },
  });
  const density = listDensityOf(preferences.data?.listDensity);
  return [density, (next: ListDensity) => save.mutate(next)] as const;
}
