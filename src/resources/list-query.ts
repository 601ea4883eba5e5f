/**
 * A list's query (docs/architecture.md §2): its key and what it reads, apart from the rest of
 * src/resources/queries.ts, so that the dashboard's widgets ask the lists' own queries without
 * loading the resources' writes with the first screen (docs/decisions/0083-a-dashboard-that-leads-to-work.md).
 */
import { queryOptions } from '@tanstack/react-query';
import type { AnyEndpoint, Resource } from '@/contract';
import type { RouteRef } from '@/contract/plain';
import { call } from '@/lib/api';
import type { ListQueryValues } from './search';

/** The answer of a list call. */
export interface ListAnswer<T> {
  items: T[];
  total: number;
  /** More than `total` rows match: the server counts up to COUNT_CAP (docs/decisions/0027-capped-count-and-one-query-per-page.md). */
  totalCapped?: boolean;
  page: number;
  pageSize: number;
}

/** A stored record: every resource record has these. */
export interface BaseRecord {
  id: number;
  version: number;
  createdAt: string;
  updatedAt: string;
  [field: string]: unknown;
}

/** The query keys of a resource's records: a write invalidates them (src/resources/queries.ts). */
export const resourceKeys = {
  all: (resource: Pick<Resource, 'key'>) => [resource.key] as const,
  lists: (resource: Pick<Resource, 'key'>) => [resource.key, 'list'] as const,
  list: (resource: Pick<Resource, 'key'>, query: ListQueryValues) => [resource.key, 'list', query] as const,
  detail: (resource: Pick<Resource, 'key'>, id: number) => [resource.key, 'detail', id] as const,
  options: (resource: Pick<Resource, 'key'>, filters: Record<string, unknown> = {}) =>
    [resource.key, 'options', filters] as const,
};

/** A page of a resource's list, under the key its writes and the live stream refresh. */
export function listQueryOptions<T extends BaseRecord = BaseRecord>(
  // A resource, or its key and list route alone (the dashboard's widgets, without the resources).
  resource: Pick<Resource, 'key'> & { endpoints: { list: AnyEndpoint | RouteRef } },
  query: ListQueryValues,
) {
  return queryOptions({
    queryKey: resourceKeys.list(resource, query),
    queryFn: async ({ signal }) => {
      const answer = (await call(resource.endpoints.list, { query, signal })) as { data: ListAnswer<T> };
      return answer.data;
    },
  });
}
