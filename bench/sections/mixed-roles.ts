/**
 * Part of the `mixed` section (bench/sections/mixed.ts): who the mix's connections are and what
 * each may call, and the records its writes edit.
 */
import { bookingResource } from '../../src/contract/areas/booking';
import { eventResource } from '../../src/contract/areas/event';
import { signInAs, type Api } from '../lib/server';

export type Role = 'admin' | 'manager' | 'provider';
/** Which connection signs in as whom: six admins, two managers, two providers. */
export const ROLE_OF: Role[] = [
  'admin',
  'admin',
  'manager',
  'provider',
  'admin',
  'admin',
  'manager',
  'admin',
  'provider',
  'admin',
];
/** What a role may see: a few records of each kind, for details and writes. */
export interface Seen {
  token: string;
  bookings: number[];
  events: number[];
  lists: string[];
  details: string[];
  dashboards: string[];
}

export const pick = <T>(xs: readonly T[]): T => xs[Math.floor(Math.random() * xs.length)]!;

/** List calls of a role: varied pages, sorts, filters and searches (what it may call). */
const listsOf = (role: Role): string[] => {
  const out: string[] = [];
  const pages = [1, 1, 1, 2, 3, 10, 50];
  for (const sort of bookingResource.sort)
    for (const order of ['asc', 'desc'])
      out.push(`/api/booking?sort=${sort}&order=${order}&pageSize=25&page=${pick(pages)}`);
  for (const f of [
    'status=confirmed',
    'status=pending&sort=total&order=desc',
    'paymentStatus=paid',
    'q=Khoury',
    'q=BK-2',
  ])
    out.push(`/api/booking?${f}&pageSize=25&page=${pick([1, 1, 2, 5])}`);
  for (const sort of eventResource.sort)
    out.push(`/api/event?sort=${sort}&order=desc&pageSize=25&page=${pick([1, 1, 2])}`);
  out.push('/api/event?status=approved&pageSize=25', '/api/event?q=Bench%20event%201&pageSize=25');
  // Managers list bookings and events only (src/contract/roles.ts); admins everything.
  if (role === 'admin')
    out.push(
      '/api/serviceprovider?pageSize=25',
      '/api/serviceprovider?sort=businessName&order=asc&pageSize=25',
      '/api/users/get-all?pageSize=25',
      '/api/users/get-all?sort=name&order=asc&pageSize=25&q=a',
    );
  return out;
};

const dashboardsOf = (role: Role) =>
  role === 'provider' ? ['/api/serviceproviderDashboard'] : ['/api/admin-dashboard-stats', '/api/dashboard/'];

export const seenBy = async (api: Api, role: Role): Promise<Seen> => {
  const token = await signInAs(api.port, role);
  const bookings = (await api.get('/api/booking?pageSize=100&page=3', token)).data.items as { id: number }[];
  const events = (await api.get('/api/event?pageSize=50', token)).data.items as { id: number }[];
  if (!bookings.length || !events.length)
    throw new Error(`${role} sees no bookings or events: is the dataset seeded?`);
  return {
    token,
    bookings: bookings.map((b) => b.id),
    events: events.map((e) => e.id),
    lists: listsOf(role),
    details: [
      ...bookings.slice(0, 50).map((b) => `/api/booking/details/${b.id}`),
      ...bookings.slice(50, 60).map((b) => `/api/booking/${b.id}`),
      ...events.slice(0, 20).map((e) => `/api/event/${e.id}`),
    ],
    dashboards: dashboardsOf(role),
  };
};

/** The fields of an update body, from a record (the contract's update schema names them). */
export const bodyOf = (shape: Record<string, unknown>, record: Record<string, unknown>) =>
  Object.fromEntries(Object.keys(shape).map((k) => [k, record[k]]));

export interface Writer {
  /** Pending bookings to confirm (each once). */
  pending: number[];
  /** Records the writes edit, by id, with their current version. */
  bookings: Map<number, Record<string, unknown>>;
  events: Map<number, Record<string, unknown>>;
}

export const writerOf = async (api: Api, admin: string): Promise<Writer> => {
  const pending = (await api.get('/api/booking?status=pending&pageSize=100&page=2', admin)).data.items as {
    id: number;
  }[];
  const more = (await api.get('/api/booking?status=pending&pageSize=100&page=3', admin)).data.items as {
    id: number;
  }[];
  const bookings = new Map<number, Record<string, unknown>>();
  for (const b of (await api.get('/api/booking?status=confirmed&pageSize=25&page=4', admin)).data.items as {
    id: number;
  }[])
    bookings.set(b.id, (await api.get(`/api/booking/${b.id}`, admin)).data);
  const events = new Map<number, Record<string, unknown>>();
  for (const e of (await api.get('/api/event?status=approved&pageSize=10&page=2', admin)).data.items as {
    id: number;
  }[])
    events.set(e.id, (await api.get(`/api/event/${e.id}`, admin)).data);
  return { pending: [...pending, ...more].map((b) => b.id), bookings, events };
};
