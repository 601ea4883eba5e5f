import { z } from 'zod';
import { id, version } from './common';
import { endpoint, ok, okMessage, signedIn } from './http';
import { msg } from './messages';
import { LIST_LAYOUTS, localizedText, PAGE_SIZES, SEARCH_MAX, type Resource } from './resource';
import { resources, type ResourceKey } from './areas';

/**
 * Saved views (docs/decisions/0022-saved-views.md): a list's search, sort, order, page size, filters,
 * visible columns and layout (the events' calendar) kept under a name on the server, per user and list (`resource`). One view per
 * user and list may be the default (the list opens with it); an admin may share a view with everyone
 * who can open that list (read-only for them).
 */

/** Limits (docs/security.md, "Limits and their values"). */
export const VIEW_NAME_MAX = 60;
export const VIEW_STATE_MAX_BYTES = 4096;
export const VIEWS_PER_LIST_MAX = 50;

const RESOURCE_KEYS = resources.map((r) => r.key) as [ResourceKey, ...ResourceKey[]];
const viewResource = z.enum(RESOURCE_KEYS);

const columnId = z.string().regex(/^[A-Za-z][A-Za-z0-9]{0,39}$/, msg('invalidValue'));

/**
 * A view's state, in the wire form of the list's URL (docs/architecture.md §2: the list view lives in
 * the URL). Its values are checked against the list's own query and columns by `viewStateErrors`.
 */
export const viewState = z.strictObject({
  q: z.string().trim().max(SEARCH_MAX).optional(),
  sort: z.string().max(40).optional(),
  order: z.enum(['asc', 'desc']).optional(),
  pageSize: z
    .number()
    .int()
    .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), {
      error: msg('pageSize', { sizes: PAGE_SIZES.join(', ') }),
    })
    .optional(),
  /** Filters in their wire form ("true", "7", "0", "2026-11-22"). */
  filters: z.record(z.string().max(40), z.string().max(200)).optional(),
  /** The visible columns, in order; absent: the list's defaults for the width. */
  columns: z.array(columnId).max(40).optional(),
  /** One of the list's other layouts (`layouts` of its resource); absent: the table. */
  view: z.enum(LIST_LAYOUTS).optional(),
});
export type ViewState = z.infer<typeof viewState>;

const resourceByKey = new Map<string, Resource>(resources.map((r) => [r.key, r as unknown as Resource]));

/**
 * What in `state` this list does not accept, as field errors (`state.sort`, `state.filters.status`,
 * `state.columns`), plus `state` when it is too large. Empty when it is valid for the list.
 */
export const viewStateErrors = (key: ResourceKey, state: ViewState): Record<string, string> => {
  const errors: Record<string, string> = {};
  const resource = resourceByKey.get(key);
  if (!resource) return { resource: msg('invalidValue') };
  if (JSON.stringify(state).length > VIEW_STATE_MAX_BYTES)
    errors.state = msg('viewTooLarge', { n: VIEW_STATE_MAX_BYTES });
  if (state.sort !== undefined && !(resource.sort as readonly string[]).includes(state.sort))
    errors['state.sort'] = msg('invalidValue');
  const filterShape = resource.filters.shape as Record<string, z.ZodType>;
  for (const [name, value] of Object.entries(state.filters ?? {})) {
    const schema = Object.hasOwn(filterShape, name) ? filterShape[name] : undefined;
    if (!schema) errors[`state.filters.${name}`] = msg('unknownField');
    else if (!schema.safeParse(value).success) errors[`state.filters.${name}`] = msg('invalidValue');
  }
  if (state.view !== undefined && !(resource.layouts ?? []).includes(state.view))
    errors['state.view'] = msg('invalidValue');
  const columns = resource.columns;
  const cols = state.columns ?? [];
  if (cols.some((c) => !columns.includes(c)) || new Set(cols).size !== cols.length)
    errors['state.columns'] = msg('invalidValue');
  return errors;
};

const name = z
  .string({ error: msg('required') })
  .trim()
  .min(1, msg('required'))
  .max(VIEW_NAME_MAX, msg('maxChars', { n: VIEW_NAME_MAX }));

const savedView = z.object({
  id: z.number().int(),
  resource: viewResource,
  name: z.string(),
  state: viewState,
  shared: z.boolean(),
  /** The caller's default for this list (only the owner's own views). */
  isDefault: z.boolean(),
  /** The caller owns it (may rename, change, share, delete); false: a view shared with them. */
  mine: z.boolean(),
  ownerName: localizedText,
  version,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SavedView = z.infer<typeof savedView>;

const viewBody = z.strictObject({
  resource: viewResource,
  name,
  state: viewState,
  shared: z.boolean().optional(),
  isDefault: z.boolean().optional(),
});

const TAG = 'Saved views';

export const viewsApi = {
  viewsList: endpoint({
    method: 'GET',
    path: '/api/views',
    summary:
      'The saved views the caller may use: its own and those an admin shared, of the lists it may open (one list with `resource`, else all). A list it may not open answers 403.',
    tag: TAG,
    access: signedIn,
    query: z.strictObject({ resource: viewResource.optional() }),
    response: ok(z.array(savedView)),
  }),
  viewsCreate: endpoint({
    method: 'POST',
    path: '/api/views',
    summary: `Save a view of a list the caller may open. Its name is unique per user and list (409). \`state\` holds only the list's sorts, filters and columns (422 naming the field), at most ${VIEW_STATE_MAX_BYTES} bytes; at most ${VIEWS_PER_LIST_MAX} views per list. Only admins may share (403). \`isDefault\` makes it the caller's default for that list.`,
    tag: TAG,
    access: signedIn,
    body: viewBody,
    response: ok(savedView),
    successStatus: 201,
    idempotent: true,
  }),
  viewsUpdate: endpoint({
    method: 'PUT',
    path: '/api/views/:id',
    summary:
      "Change one of the caller's own views (name, state, shared, isDefault). A stale version answers 409 and changes nothing; another user's view answers 403 when shared with the caller, else 404.",
    tag: TAG,
    access: signedIn,
    params: z.strictObject({ id }),
    body: z.strictObject({
      name: name.optional(),
      state: viewState.optional(),
      shared: z.boolean().optional(),
      isDefault: z.boolean().optional(),
      version,
    }),
    response: ok(savedView),
    idempotent: true,
  }),
  viewsRemove: endpoint({
    method: 'DELETE',
    path: '/api/views/:id',
    summary:
      "Delete one of the caller's own views. Another user's view answers 403 when shared with the caller, else 404.",
    tag: TAG,
    access: signedIn,
    params: z.strictObject({ id }),
    response: okMessage,
    idempotent: true,
  }),
} as const;
