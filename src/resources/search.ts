/**
 * A list's view (page, page size, sort, order, search, filters) lives in the URL: a shared link
 * reopens the same view. The URL keeps the wire form of the contract's list query (strings, numbers);
 * each value is checked with the resource's own `listQuery` field schema, and a value that fails is
 * dropped (the default applies) instead of breaking the page. The routes keep the wire values
 * (`listSearch` of lib/search-params.ts, no zod in the first load); the list page checks them here.
 */
import type { z } from 'zod';
import { DEFAULT_PAGE_SIZE, type Resource } from '@/contract';
import type { ListSearch } from '@/lib/search-params';
import { viewerTimeZone } from '@/lib/zoned';

export type { ListSearch };

/** The normalised query sent to the list endpoint (and part of its cache key). */
export type ListQueryValues = Record<string, string | number>;

const asWire = (value: unknown): string | undefined => {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
};

/**
 * A list whose `from` / `to` are days of moments (the bookings list: when a booking was made) has
 * the filter `tz`, the clock they count on: the viewer's, sent with them, never kept in the URL or a
 * saved view (a view opened on another device counts days on that device's clock). The events list's
 * days are its venues' (docs/decisions/0031-venue-days-and-viewer-moments.md) and have no `tz`.
 */
const CLOCK = 'tz';
const DAYS = ['from', 'to'];

/** The names of a resource's filters (the keys of its `filters` schema). */
const filterKeys = (resource: Pick<Resource, 'filters'>): string[] => Object.keys(resource.filters.shape);

/**
 * The list view of a URL's search: keeps the valid list-query values of `raw` (wire form), drops
 * invalid ones, unknown keys and values equal to their default.
 */
export function listSearchValidator(resource: Pick<Resource, 'listQuery' | 'discriminator' | 'defaultSort'>) {
  const shape = resource.listQuery.shape as Record<string, z.ZodType>;
  const skip = resource.discriminator?.field;
  return (raw: Record<string, unknown>): ListSearch => {
    const search: ListSearch = {};
    for (const [key, schema] of Object.entries(shape)) {
      if (key === skip || key === CLOCK) continue;
      const wire = asWire(raw[key])?.trim();
      if (wire === undefined || wire === '') continue;
      const parsed = schema.safeParse(wire);
      if (!parsed.success || parsed.data === undefined) continue;
      if (key === 'page' || key === 'pageSize') {
        const n = Number(parsed.data);
        if (key === 'page' && n === 1) continue;
        if (key === 'pageSize' && n === DEFAULT_PAGE_SIZE) continue;
        search[key] = n;
      } else if (key === 'order') {
        search.order = wire === 'desc' ? 'desc' : 'asc';
      } else {
        search[key] = wire;
      }
    }
    // The default sort is not written in the URL.
    if (
      search.sort === resource.defaultSort.column &&
      (search.order ?? resource.defaultSort.order) === resource.defaultSort.order
    ) {
      search.sort = undefined;
      search.order = undefined;
    }
    return search;
  };
}

/** The list endpoint's query of a view: defaults filled, the discriminator added. */
export function toListQuery(
  resource: Pick<Resource, 'fixed' | 'defaultSort' | 'filters'>,
  search: ListSearch,
): ListQueryValues {
  const query: ListQueryValues = {
    ...resource.fixed,
    page: search.page ?? 1,
    pageSize: search.pageSize ?? DEFAULT_PAGE_SIZE,
    sort: search.sort ?? resource.defaultSort.column,
    order: search.order ?? resource.defaultSort.order,
  };
  if (search.q) query.q = search.q;
  for (const key of filterKeys(resource)) {
    const value = search[key];
    if (value !== undefined && value !== '' && key !== CLOCK) query[key] = value;
  }
  if (CLOCK in resource.filters.shape && DAYS.some((key) => query[key] !== undefined))
    query[CLOCK] = viewerTimeZone();
  return query;
}

/** The export endpoint's query: the list's sort, search and filters, without paging. */
export function toExportQuery(
  resource: Pick<Resource, 'fixed' | 'defaultSort' | 'filters'>,
  search: ListSearch,
) {
  const { page: _page, pageSize: _size, ...rest } = toListQuery(resource, search);
  if (resource.fixed) for (const key of Object.keys(resource.fixed)) delete rest[key];
  return rest;
}

/** Filters and search set in a view (to say "no results for these filters" instead of "empty"). */
export const hasNarrowing = (resource: Pick<Resource, 'filters'>, search: ListSearch): boolean =>
  Boolean(search.q) || filterKeys(resource).some((key) => search[key] !== undefined);
