/**
 * The saved views of one list (docs/decisions/0022-saved-views.md): the query (persisted with the
 * rest of the cache, so the menu shows the views offline) and the writes. Writes need a connection:
 * a view is the user's own setting, not a record others wait for, so it does not queue in the
 * outbox; the menu says so while offline.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Resource, SavedView, ViewState } from '@/contract';
import { routes } from '@/contract/routes.gen';
import { call } from '@/lib/api';
import { notify } from '@/app/notify';

const viewsKey = (resource: Pick<Resource, 'key'>) => ['views', resource.key] as const;

const viewsQueryOptions = (resource: Pick<Resource, 'key'>) =>
  queryOptions({
    queryKey: viewsKey(resource),
    queryFn: async ({ signal }) =>
      (await call(routes.viewsList, { query: { resource: resource.key }, signal })).data as SavedView[],
    staleTime: 60_000,
  });

export interface ViewChanges {
  name?: string;
  state?: ViewState;
  shared?: boolean;
  isDefault?: boolean;
}

export function useSavedViews(resource: Pick<Resource, 'key'>) {
  const queryClient = useQueryClient();
  const views = useQuery(viewsQueryOptions(resource));
  const done = async (message: string) => {
    notify.success(message);
    await queryClient.invalidateQueries({ queryKey: viewsKey(resource) });
  };
  const create = useMutation({
    mutationFn: (body: Required<Pick<ViewChanges, 'name' | 'state'>> & ViewChanges) =>
      call(routes.viewsCreate, { body: { resource: resource.key, ...body } }),
    onSuccess: (answer) => done(answer.message),
  });
  const update = useMutation({
    mutationFn: ({ view, changes }: { view: SavedView; changes: ViewChanges }) =>
      call(routes.viewsUpdate, { params: { id: view.id }, body: { ...changes, version: view.version } }),
    onSuccess: (answer) => done(answer.message),
    onError: (error) => notify.error(error),
  });
  const remove = useMutation({
    mutationFn: (view: SavedView) => call(routes.viewsRemove, { params: { id: view.id } }),
    onSuccess: (answer) => done(answer.message),
  });
  return { views, create, update, remove };
}
