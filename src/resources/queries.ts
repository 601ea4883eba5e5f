/**
 * Client queries built from a resource descriptor (docs/architecture.md §2): list and detail query options with
 * stable keys (persisted to IndexedDB by the app's persister), and create / update / remove calls
 * whose variables carry their Idempotency-Key, so that a paused (offline) mutation replays with the
 * same key. Every write invalidates the resource's keys and those of the areas that show its data.
 */
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { AnyEndpoint, Localized, Resource } from '@/contract';
import { routes } from '@/contract/routes.gen';
import { ApiError, call } from '@/lib/api';
import { resourceKeys, type BaseRecord } from './list-query';

export { listQueryOptions, type BaseRecord, type ListAnswer } from './list-query';

export interface PickerOption {
  id: number;
  name: Localized;
  [field: string]: unknown;
}

/** Dropdown data of the masters (/api/master/country, /api/master/city?countryId=). */
const dropdownKeys = {
  all: ['dropdown'] as const,
  countries: ['dropdown', 'country'] as const,
};

/**
 * Areas whose records show another area's data (a city shows its country's name, a provider its
 * category and city): a write to the key on the left refreshes the ones on the right.
 */
const DEPENDENTS: Record<string, readonly string[]> = {
  country: ['city', 'location', 'serviceprovider'],
  city: ['location', 'serviceprovider'],
  category: ['serviceprovider'],
  serviceprovider: ['supervisor', 'user'],
  supervisor: ['serviceprovider', 'user'],
  user: ['serviceprovider', 'supervisor'],
};

const hasIdParam = (endpoint: AnyEndpoint) => /:id\b/.test(endpoint.path);

/** How an endpoint that addresses one record takes its id: `:id`, a query or the body. */
function byId(resource: Pick<Resource, 'fixed'>, endpoint: AnyEndpoint, id: number) {
  if (hasIdParam(endpoint)) return { params: { id } };
  const fields = { ...resource.fixed, id };
  return endpoint.method === 'GET' || endpoint.method === 'DELETE' ? { query: fields } : { body: fields };
}

export function detailQueryOptions<T extends BaseRecord = BaseRecord>(resource: Resource, id: number) {
  return queryOptions({
    queryKey: resourceKeys.detail(resource, id),
    queryFn: async ({ signal }) => {
      const answer = (await call(resource.endpoints.get, {
        ...byId(resource, resource.endpoints.get, id),
        signal,
      })) as {
        data: T;
      };
      return answer.data;
    },
  });
}

/** Active records as `{ id, name }` for pickers (resources with an `options` endpoint). */
export function pickerQueryOptions(resource: Resource, filters: Record<string, string | number> = {}) {
  return queryOptions({
    queryKey: resourceKeys.options(resource, filters),
    queryFn: async ({ signal }) => {
      if (!resource.endpoints.options) throw new Error(`${resource.key} has no options endpoint`);
      const answer = (await call(resource.endpoints.options, {
        query: { ...resource.fixed, ...filters },
        signal,
      })) as { data: PickerOption[] };
      return answer.data;
    },
    staleTime: 5 * 60_000,
  });
}

export const countryDropdownOptions = () =>
  queryOptions({
    queryKey: dropdownKeys.countries,
    queryFn: async ({ signal }) => (await call(routes.masterCountry, { signal })).data,
    staleTime: 5 * 60_000,
  });

/* --------------------------------------------------------------- mutations */

export interface CreateVars {
  values: Record<string, unknown>;
  idempotencyKey: string;
}
export interface UpdateVars extends CreateVars {
  id: number;
  version: number;
}
export interface RemoveVars {
  id: number;
  idempotencyKey: string;
}

interface Saved<T> {
  message: string;
  data: T;
}

/** A save as data (endpoint and request), for the offline outbox. */
export function saveRequest(
  resource: Resource,
  values: Record<string, unknown>,
  record: { id: number; version: number } | null,
) {
  if (!record)
    return { endpoint: resource.endpoints.create, request: { body: { ...values, ...resource.fixed } } };
  const endpoint = resource.endpoints.update;
  const request = hasIdParam(endpoint)
    ? { params: { id: record.id }, body: { ...values, ...resource.fixed, version: record.version } }
    : { body: { ...values, ...resource.fixed, id: record.id, version: record.version } };
  return { endpoint, request };
}

/** The write calls of a resource as plain functions (the offline outbox can replay them). */
const resourceWrites = {
  create: async <T extends BaseRecord>(resource: Resource, { values, idempotencyKey }: CreateVars) => {
    const { endpoint, request } = saveRequest(resource, values, null);
    return (await call(endpoint, { ...request, idempotencyKey })) as Saved<T>;
  },
  update: async <T extends BaseRecord>(
    resource: Resource,
    { values, id, version, idempotencyKey }: UpdateVars,
  ) => {
    const { endpoint, request } = saveRequest(resource, values, { id, version });
    return (await call(endpoint, { ...request, idempotencyKey })) as Saved<T>;
  },
  remove: async (resource: Resource, { id, idempotencyKey }: RemoveVars) => {
    if (!resource.endpoints.remove) throw new Error(`${resource.key} records cannot be deleted`);
    return (await call(resource.endpoints.remove, {
      ...byId(resource, resource.endpoints.remove, id),
      idempotencyKey,
    })) as { message: string; undo?: string };
  },
};

/** Refreshes the resource's lists and pickers, and those of the areas that show its data. */
export async function invalidateResource(queryClient: QueryClient, resource: Pick<Resource, 'key'>) {
  const keys = [resource.key, ...(DEPENDENTS[resource.key] ?? [])];
  await Promise.all([
    ...keys.map((key) => queryClient.invalidateQueries({ queryKey: [key] })),
    queryClient.invalidateQueries({ queryKey: dropdownKeys.all }),
  ]);
}

const mutationKeys = {
  create: (resource: Pick<Resource, 'key'>) => [resource.key, 'create'] as const,
  update: (resource: Pick<Resource, 'key'>) => [resource.key, 'update'] as const,
  remove: (resource: Pick<Resource, 'key'>) => [resource.key, 'remove'] as const,
};

export function useCreateRecord<T extends BaseRecord = BaseRecord>(resource: Resource) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: mutationKeys.create(resource),
    mutationFn: (vars: CreateVars) => resourceWrites.create<T>(resource, vars),
    onSuccess: async (answer) => {
      queryClient.setQueryData(resourceKeys.detail(resource, answer.data.id), answer.data);
      await invalidateResource(queryClient, resource);
    },
  });
}

export function useUpdateRecord<T extends BaseRecord = BaseRecord>(resource: Resource) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: mutationKeys.update(resource),
    mutationFn: (vars: UpdateVars) => resourceWrites.update<T>(resource, vars),
    onSuccess: async (answer) => {
      queryClient.setQueryData(resourceKeys.detail(resource, answer.data.id), answer.data);
      await invalidateResource(queryClient, resource);
    },
  });
}

export function useRemoveRecord(resource: Resource) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: mutationKeys.remove(resource),
    mutationFn: (vars: RemoveVars) => resourceWrites.remove(resource, vars),
    onSuccess: async (_answer, vars) => {
      queryClient.removeQueries({ queryKey: resourceKeys.detail(resource, vars.id) });
      await invalidateResource(queryClient, resource);
    },
  });
}

/**
 * Whether a record's query should show its error instead of its data: when nothing is cached, or the
 * record is gone (404). Otherwise cached data stays on screen while offline or the server is down.
 */
export const failedToLoad = (q: { isError: boolean; data: unknown; error: unknown }) =>
  q.isError && (q.data === undefined || (q.error instanceof ApiError && q.error.status === 404));
