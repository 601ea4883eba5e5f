/**
 * The header's search box (docs/product.md §2): as you type (from SEARCH_MIN characters) it finds
 * bookings by code or customer, events, service providers and users through /api/search, which
 * answers only what the user may see. Offline it searches the records already cached on this
 * device and says so. An ARIA combobox: Ctrl/⌘+K focuses it, arrow keys move, Enter opens,
 * Escape closes. On phones a button opens it over the header.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Search } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { SearchResults } from '@/contract';
import { SEARCH_MIN, type Language } from '@/contract/plain';
import { routes } from '@/contract/routes.gen';
import { useConnection } from '@/app/connection';
import { linkTarget } from '@/components/AppLink';
import { cx } from '@/components/ui';
import { call, errorMessage } from '@/lib/api';
import { localizedText as text } from '@/lib/format';

const DEBOUNCE_MS = 250;
const PER_KIND = 5;

type Kind = 'bookings' | 'events' | 'providers' | 'users';

export interface Hit {
  kind: Kind;
  id: number;
  title: string;
  detail: string;
  to: string;
}

const KIND_TITLE: Record<Kind, MessageDescriptor> = {
  bookings: msg`Bookings`,
  events: msg`Events`,
  providers: msg`Service providers`,
  users: msg`Users`,
};

/** The server's answer as a flat list of hits, grouped by kind in a fixed order. */
export function hitsOf(results: SearchResults, language: Language): Hit[] {
  return [
    ...(results.bookings ?? []).map((b) => ({
      kind: 'bookings' as const,
      id: b.id,
      title: b.code,
      detail: `${b.customerName} · ${text(b.eventTitle, language)}`,
      to: `/booking-details?id=${b.id}`,
    })),
    ...(results.events ?? []).map((e) => ({
      kind: 'events' as const,
      id: e.id,
      title: text(e.title, language),
      detail: '',
      to: `/event/details/${e.id}`,
    })),
    ...(results.providers ?? []).map((p) => ({
      kind: 'providers' as const,
      id: p.id,
      title: text(p.businessName, language),
      detail: p.email,
      to: `/serviceprovider-details/${p.id}`,
    })),
    ...(results.users ?? []).map((u) => ({
      kind: 'users' as const,
      id: u.id,
      title: text(u.name, language),
      detail: u.email,
      to: `/user-details?id=${u.id}`,
    })),
  ];
}

type Rec = Record<string, unknown> & { id: number };
const KEY_KIND: Record<string, Kind> = {
  booking: 'bookings',
  event: 'events',
  serviceprovider: 'providers',
  user: 'users',
};

/** Records of `kind` in the (persisted) query cache: list pages, details and booking details. */
function cachedRecords(client: QueryClient): Map<Kind, Map<number, Rec>> {
  const out = new Map<Kind, Map<number, Rec>>();
  for (const query of client.getQueryCache().getAll()) {
    const kind = KEY_KIND[String(query.queryKey[0])];
    const data = query.state.data as Record<string, unknown> | undefined;
    if (!kind || !data || typeof data !== 'object') continue;
    const found: unknown[] = Array.isArray(data.items)
      ? data.items
      : 'booking' in data
        ? [data.booking]
        : 'profile' in data
          ? [data.profile]
          : [data];
    const bucket = out.get(kind) ?? new Map<number, Rec>();
    for (const r of found)
      if (r && typeof r === 'object' && typeof (r as Rec).id === 'number')
        bucket.set((r as Rec).id, r as Rec);
    out.set(kind, bucket);
  }
  return out;
}

/** The cached records that match `q` (offline), as the server would answer them. */
export function searchCache(client: QueryClient, q: string, language: Language): Hit[] {
  const needle = q.trim().toLocaleLowerCase();
  const has = (...values: unknown[]) =>
    values.some((v) =>
      (typeof v === 'string' ? v : v && typeof v === 'object' ? Object.values(v).join(' ') : '')
        .toLocaleLowerCase()
        .includes(needle),
    );
  const records = cachedRecords(client);
  const pick = (kind: Kind, match: (r: Rec) => boolean) =>
    [...(records.get(kind)?.values() ?? [])].filter(match).slice(0, PER_KIND);
  const results: SearchResults = {
    bookings: pick('bookings', (r) => has(r.code, r.customerName, r.customerEmail)) as never,
    events: pick('events', (r) => has(r.title)) as never,
    providers: pick('providers', (r) => has(r.businessName, r.name, r.email)) as never,
    users: pick('users', (r) => has(r.name, r.email)) as never,
  };
  return hitsOf(results, language);
}

function useDebounced(value: string, ms: number) {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

export function HeaderSearch() {
  const { i18n } = useLingui();
  const language = i18n.locale as Language;
  const client = useQueryClient();
  const navigate = useNavigate();
  const connection = useConnection();
  const offline = connection !== 'online';
  const [value, setValue] = useState('');
  const [open, setOpen] = useState(false);
  /** Phones: the box is behind a button and opens over the header. */
  const [expanded, setExpanded] = useState(false);
  const [active, setActive] = useState(0);
  const input = useRef<HTMLInputElement>(null);
  const listId = useId();
  const q = useDebounced(value.trim(), DEBOUNCE_MS);
  const ready = q.length >= SEARCH_MIN;

  const remote = useQuery({
    queryKey: ['search', q] as const,
    queryFn: async ({ signal }) =>
      (await call(routes.search, { query: { q, limit: PER_KIND }, signal })).data,
    enabled: ready && !offline,
    staleTime: 30_000,
    meta: { persist: false },
  });
  const hits = useMemo(
    () =>
      !ready
        ? []
        : offline
          ? searchCache(client, q, language)
          : remote.data
            ? hitsOf(remote.data, language)
            : [],
    [ready, offline, client, q, language, remote.data],
  );

  // Ctrl/⌘+K anywhere focuses the search box.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        setExpanded(true);
        requestAnimationFrame(() => input.current?.focus());
        input.current?.select();
        setOpen(true);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const go = (hit: Hit | undefined) => {
    if (!hit) return;
    setOpen(false);
    setExpanded(false);
    setValue('');
    input.current?.blur();
    void navigate(linkTarget(hit.to));
  };

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (hits.length)
        setActive((i) =>
          event.key === 'ArrowDown' ? (i + 1) % hits.length : (i - 1 + hits.length) % hits.length,
        );
    } else if (event.key === 'Enter') {
      event.preventDefault();
      go(hits[Math.min(active, hits.length - 1)]);
    } else if (event.key === 'Escape') {
      setOpen(false);
      setExpanded(false);
    }
  };

  const showPanel = open && ready;
  const status = !ready
    ? ''
    : offline
      ? i18n._(msg`Offline: searching the data saved on this device.`)
      : remote.isError
        ? errorMessage(remote.error)
        : remote.isFetching && !remote.data
          ? i18n._(msg`Searching…`)
          : hits.length === 0
            ? i18n._(msg`Nothing found.`)
            : i18n._(msg`${hits.length} results`);
  const optionId = (i: number) => `${listId}-option-${i}`;

  return (
    <>
      <button
        type="button"
        aria-label={i18n._(msg`Search`)}
        aria-controls="header-search"
        aria-expanded={expanded}
        data-testid="header-search-open"
        onClick={() => {
          setExpanded(true);
          requestAnimationFrame(() => input.current?.focus());
        }}
        className={cx(
          'ms-auto inline-flex size-10 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 md:hidden dark:text-slate-200 dark:hover:bg-slate-800',
          expanded && 'invisible',
        )}
      >
        <Search aria-hidden="true" className="size-5" />
      </button>
      <form
        role="search"
        aria-label={i18n._(msg`Search`)}
        className={cx(
          'md:relative md:ms-4 md:block md:max-w-sm md:flex-1',
          expanded ? 'block max-md:absolute max-md:inset-x-2 max-md:top-3 max-md:z-50' : 'hidden',
        )}
        onSubmit={(event) => event.preventDefault()}
      >
        <label htmlFor="header-search" className="sr-only">
          {i18n._(msg`Search bookings, events, providers and users`)}
        </label>
        <div className="relative">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute inset-y-0 start-3 my-auto size-4 text-slate-500 dark:text-slate-400"
          />
          <input
            ref={input}
            id="header-search"
            type="search"
            role="combobox"
            autoComplete="off"
            aria-autocomplete="list"
            aria-expanded={showPanel}
            aria-controls={listId}
            aria-activedescendant={
              showPanel && hits.length ? optionId(Math.min(active, hits.length - 1)) : undefined
            }
            aria-keyshortcuts="Control+K Meta+K"
            placeholder={i18n._(msg`Search…`)}
            value={value}
            onChange={(event) => {
              setValue(event.target.value);
              setActive(0);
              setOpen(true);
            }}
            onFocus={() => setOpen(true)}
            onBlur={() =>
              setTimeout(() => {
                setOpen(false);
                setExpanded(false);
              }, 150)
            }
            onKeyDown={onKeyDown}
            data-testid="header-search"
            className="block min-h-10 w-full rounded-md border border-slate-300 bg-slate-50 py-2 ps-9 pe-3 text-sm placeholder:text-slate-500 dark:border-slate-700 dark:bg-slate-800 dark:placeholder:text-slate-400"
          />
        </div>
        <p role="status" aria-live="polite" className="sr-only">
          {showPanel ? status : ''}
        </p>
        {showPanel && (
          <div
            className="absolute inset-x-0 top-full z-40 mt-1 max-h-[70vh] overflow-y-auto rounded-md border border-slate-200 bg-white p-1 shadow-lg dark:border-slate-700 dark:bg-slate-900"
            data-testid="search-results"
          >
            {(offline || hits.length === 0) && (
              <p className="px-3 py-2 text-sm text-slate-700 dark:text-slate-300" data-testid="search-status">
                {status}
              </p>
            )}
            <ul id={listId} role="listbox" aria-label={i18n._(msg`Search results`)}>
              {hits.map((hit, i) => {
                const first = i === 0 || hits[i - 1]!.kind !== hit.kind;
                return (
                  <li
                    key={`${hit.kind}-${hit.id}`}
                    id={optionId(i)}
                    role="option"
                    aria-selected={i === active}
                    data-testid="search-option"
                    onMouseDown={(event) => event.preventDefault()}
                    onClick={() => go(hit)}
                    onMouseEnter={() => setActive(i)}
                    className={`cursor-pointer rounded px-3 py-2 text-sm ${
                      i === active ? 'bg-indigo-50 dark:bg-indigo-950' : ''
                    } ${first ? 'mt-1' : ''}`}
                  >
                    {first && (
                      <span className="mb-1 block text-xs font-semibold text-slate-600 uppercase dark:text-slate-400">
                        {i18n._(KIND_TITLE[hit.kind])}
                      </span>
                    )}
                    <span className="block font-medium">
                      <bdi>{hit.title}</bdi>
                    </span>
                    {hit.detail && (
                      <span className="block text-xs text-slate-600 dark:text-slate-400">
                        <bdi>{hit.detail}</bdi>
                      </span>
                    )}
                  </li>
                );
              })}
            </ul>
          </div>
        )}
      </form>
    </>
  );
}
