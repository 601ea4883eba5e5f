/**
 * What the header search (HeaderSearch.tsx, docs/product.md §2) lists: the server's answer from
 * /api/search, or offline the records already cached on this device, as one flat list of hits
 * grouped by kind.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { SearchResults } from '@/contract';
import type { Language } from '@/contract/plain';
import { localizedText as text } from '@/lib/format';
import { RECORD_SCREENS } from '@/lib/record-screens';

export const PER_KIND = 5;

export type Kind = 'bookings' | 'events' | 'providers' | 'users';

export interface Hit {
  kind: Kind;
  id: number;
  title: string;
  detail: string;
  to: string;
}

/** The server's answer as a flat list of hits, grouped by kind in a fixed order. */
export function hitsOf(results: SearchResults, language: Language): Hit[] {
  return [
    ...(results.bookings ?? []).map((b) => ({
      kind: 'bookings' as const,
      id: b.id,
      title: b.code,
      detail: `${b.customerName} · ${text(b.eventTitle, language)}`,
      to: RECORD_SCREENS.booking(b.id),
    })),
    ...(results.events ?? []).map((e) => ({
      kind: 'events' as const,
      id: e.id,
      title: text(e.title, language),
      detail: '',
      to: RECORD_SCREENS.event(e.id),
    })),
    ...(results.providers ?? []).map((p) => ({
      kind: 'providers' as const,
      id: p.id,
      title: text(p.businessName, language),
      detail: p.email,
      to: RECORD_SCREENS.serviceprovider(p.id),
    })),
    ...(results.users ?? []).map((u) => ({
      kind: 'users' as const,
      id: u.id,
      title: text(u.name, language),
      detail: u.email,
      to: RECORD_SCREENS.user(u.id),
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
