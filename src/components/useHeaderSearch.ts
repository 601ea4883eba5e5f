/**
 * The header search's state (HeaderSearch.tsx, docs/product.md §2): the typed text, debounced into
 * /api/search or, offline, into the records cached on this device; whether the results and, on
 * phones, the box are open; the status read out to screen readers; Ctrl/⌘+K.
 */
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useMemo, useState, type RefObject } from 'react';
import { SEARCH_MIN, type Language } from '@/contract/plain';
import { routes } from '@/contract/routes.gen';
import { useConnection } from '@/app/connection';
import { linkTarget } from '@/components/AppLink';
import { hitsOf, PER_KIND, searchCache, type Hit } from '@/components/header-search';
import { call, errorMessage } from '@/lib/api';

const DEBOUNCE_MS = 250;

function useDebounced(value: string, ms: number) {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/** The hits for `q` (once it is SEARCH_MIN long) and what to say about them. */
function useHits(q: string) {
  const { i18n } = useLingui();
  const language = i18n.locale as Language;
  const client = useQueryClient();
  const offline = useConnection() !== 'online';
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
  return { ready, offline, hits, status };
}

/** `input` is the box, for Ctrl/⌘+K to focus and a pick to leave. */
export function useHeaderSearch(input: RefObject<HTMLInputElement | null>) {
  const navigate = useNavigate();
  const [value, setValue] = useState('');
  const [open, setOpen] = useState(false);
  /** Phones: the box is behind a button and opens over the header. */
  const [expanded, setExpanded] = useState(false);
  const found = useHits(useDebounced(value.trim(), DEBOUNCE_MS));

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
  }, [input]);

  const close = () => {
    setOpen(false);
    setExpanded(false);
  };
  const go = (hit: Hit) => {
    close();
    setValue('');
    input.current?.blur();
    void navigate(linkTarget(hit.to));
  };
  /** The box's text changed: search it. */
  const type = (text: string) => {
    setValue(text);
    setOpen(true);
  };

  return { ...found, value, type, open, setOpen, expanded, setExpanded, close, go };
}

export type HeaderSearchState = ReturnType<typeof useHeaderSearch>;
