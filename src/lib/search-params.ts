/**
 * Search params are plain `key=value` strings (`?page=2&status=0&q=riyadh`), the wire form of the
 * contract's list queries: each route's validateSearch checks and types them.
 */
export const parseSearch = (searchStr: string): Record<string, unknown> => {
  const out: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(searchStr)) out[key] = value;
  return out;
};

export const stringifySearch = (search: Record<string, unknown>): string => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
};

/** A list's view as kept in the URL (every key optional: absent = the default). */
export interface ListSearch {
  page?: number;
  pageSize?: number;
  sort?: string;
  order?: 'asc' | 'desc';
  q?: string;
  /** Filters, in their wire form ("true", "7", "0", "2026-11-22"). */
  [filter: string]: string | number | undefined;
}

const wholeNumber = (value: unknown): number | undefined => {
  const text = typeof value === 'number' ? String(value) : value;
  return typeof text === 'string' && /^\d{1,9}$/.test(text.trim()) ? Number(text) : undefined;
};

/**
 * `validateSearch` of the list routes: the URL's values in their wire form, typed as a list view.
 * It does not know the area: the list page checks each value against its resource's list query
 * (`cleanListSearch` in resources/search.ts) and drops what fails, so that the route table, part of
 * the first load, needs neither zod nor the contract (docs/decisions/0010-signed-in-first-load.md).
 */
export function listSearch(raw: Record<string, unknown>): ListSearch {
  const search: ListSearch = {};
  for (const [key, value] of Object.entries(raw)) {
    if (key === 'page' || key === 'pageSize') search[key] = wholeNumber(value);
    else if (key === 'order') search.order = value === 'asc' || value === 'desc' ? value : undefined;
    else if (typeof value === 'string') search[key] = value;
    else if (typeof value === 'number' || typeof value === 'boolean') search[key] = String(value);
  }
  return search;
}
