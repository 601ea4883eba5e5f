/**
 * Part of the `mixed` section (docs/decisions/0020-every-list-on-an-index.md): one connection, one
 * request after another, on the default page (10 rows), against a PGlite server:
 * every sort (both orders) and every filter of the bookings and events lists, and each list's search
 * with its total. Budgets (`bench/budgets.json` `mixed.oneConnection`): the p50 of each list's
 * slowest sort or filter, and of each search.
 */
import { bookingResource } from '../../src/contract/areas/booking';
import { eventResource } from '../../src/contract/areas/event';
import { apiOf, type Api, type BenchServer, signInAs } from '../lib/server';
import { percentile } from '../lib/stats';
import { budgetRow, type Row } from '../lib/types';

const WARM_UPS = 3;
const REQUESTS = 25;

/** A day `days` before today, as the lists' `from`/`to` filters take it. */
const dayBefore = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

const sortsOf = (sorts: readonly string[]) =>
  sorts.flatMap((s) => [`sort=${s}&order=asc`, `sort=${s}&order=desc`]);

interface List {
  path: string;
  /** Query strings of every sort and filter. */
  cases: string[];
  /** The query string of a search. */
  search: string;
}

/** The two big lists' cases, with ids of records the dataset holds. */
const listsOf = async (api: Api, token: string): Promise<Record<'bookings' | 'events', List>> => {
  const [booking] = (await api.get('/api/booking', token)).data.items as {
    eventId: number;
    providerId: number;
  }[];
  const [event] = (await api.get('/api/event', token)).data.items as {
    categoryId: number;
    cityId: number;
    providerId: number;
  }[];
  if (!booking || !event) throw new Error('No bookings or events: is the dataset seeded?');
  return {
    bookings: {
      path: '/api/booking',
      cases: [
        ...sortsOf(bookingResource.sort),
        'status=confirmed',
        'status=cancelled&sort=total&order=desc',
        'paymentStatus=refunded',
        `eventId=${booking.eventId}`,
        `providerId=${booking.providerId}`,
        `from=${dayBefore(60)}&to=${dayBefore(30)}`,
      ],
      // A common surname: about one booking in seven, so its total is capped (ADR 0027).
      search: 'q=Khoury',
    },
    events: {
      path: '/api/event',
      cases: [
        ...sortsOf(eventResource.sort),
        'status=approved',
        `categoryId=${event.categoryId}`,
        `cityId=${event.cityId}`,
        'featured=true',
        `providerId=${event.providerId}`,
        `from=${dayBefore(30)}&to=${dayBefore(0)}`,
      ],
      search: 'q=Bench%20event%201',
    },
  };
};

/** The p50 (ms) of a GET of `path` repeated one request after another, after a few to warm up. */
export const p50OneByOne = async (api: Api, token: string, path: string) => {
  for (let i = 0; i < WARM_UPS; i++) await api.get(path, token);
  const times: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const started = performance.now();
    await api.get(path, token);
    times.push(performance.now() - started);
  }
  return percentile(
    times.sort((a, b) => a - b),
    50,
  );
};

/** Rows for each list (its slowest sort or filter, its search) and every case's p50 (ms, the slowest run's). */
export const measureOneByOne = async (
  server: BenchServer,
  budgets: { sortOrFilterP50?: number; searchP50?: number },
  runs: number,
): Promise<{ rows: Row[]; cases: Record<string, number> }> => {
  const api = apiOf(server.port);
  const token = await signInAs(server.port, 'admin');
  const cases: Record<string, number> = {};
  const p50Of = async (path: string) => {
    const p50 = await p50OneByOne(api, token, path);
    cases[path] = Math.max(cases[path] ?? 0, p50);
    return p50;
  };
  const rows: Row[] = [];
  const label = 'PGlite 100k, one connection';
  for (const [name, list] of Object.entries(await listsOf(api, token))) {
    const slowest: number[] = [];
    const search: number[] = [];
    for (let run = 0; run < runs; run++) {
      let worst = 0;
      for (const c of list.cases) worst = Math.max(worst, await p50Of(`${list.path}?${c}`));
      slowest.push(worst);
      search.push(await p50Of(`${list.path}?${list.search}`));
    }
    rows.push(
      budgetRow(
        'mixed',
        `${label}: ${name}, slowest of ${list.cases.length} sorts and filters, p50`,
        'ms',
        slowest,
        budgets.sortOrFilterP50 === undefined ? undefined : { max: budgets.sortOrFilterP50 },
      ),
      budgetRow(
        'mixed',
        `${label}: ${name} search with its total, p50`,
        'ms',
        search,
        budgets.searchP50 === undefined ? undefined : { max: budgets.searchP50 },
      ),
    );
  }
  return { rows, cases };
};
