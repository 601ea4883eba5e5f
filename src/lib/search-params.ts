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
