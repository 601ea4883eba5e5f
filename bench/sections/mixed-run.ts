/**
 * Part of the `mixed` section (bench/sections/mixed.ts): one autocannon run of the realistic mix,
 * 55 % lists, 25 % details, 15 % dashboards and 5 % writes, with its latencies timed per request.
 */
import autocannon from 'autocannon';
import { bookingResource } from '../../src/contract/areas/booking';
import { eventResource } from '../../src/contract/areas/event';
import type { Api } from '../lib/server';
import { percentile } from '../lib/stats';
import { bodyOf, pick, ROLE_OF, type Role, type Seen, type Writer } from './mixed-roles';

export const CONNECTIONS = 10;

export interface MixResult {
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  /** The writes alone (5 % of the mix): their p50 and p99, what the audit trail adds to. */
  writeP50: number;
  writeP99: number;
  byKind: Record<string, number>;
  /**
   * Writes the rules refused (409: the event is full or closed, the booking moved meanwhile): right
   * answers to what the mix asked, counted apart from the errors.
   */
  refused: number;
  /** Answers over 399 by kind, status and the start of their text. */
  failed: Record<string, number>;
}

/** What a connection keeps between its request and its answer. */
interface Ctx {
  role?: Role;
  started?: number;
  kind?: string;
  edit?: { map: Map<number, Record<string, unknown>>; id: number };
  record?: Record<string, unknown>;
}

/** A request of the mix, and whom it goes as. */
interface Planned {
  method: string;
  path: string;
  body?: string;
  as: Role;
}

/** Writes: as an admin (a third each: confirm a pending booking, edit a booking, edit an event). */
const planWrite = (writer: Writer, ctx: Ctx): Planned => {
  const as: Role = 'admin';
  const w = Math.random();
  const next = writer.pending.pop();
  if (w < 1 / 3 && next !== undefined) {
    ctx.kind = 'write';
    return {
      as,
      method: 'POST',
      path: '/api/booking/update-status',
      body: JSON.stringify({ id: next, status: 'confirmed', note: 'Bench' }),
    };
  }
  const map = w < 2 / 3 ? writer.bookings : writer.events;
  const free = [...map.keys()];
  const id = pick(free);
  const record = map.get(id)!;
  map.delete(id); // one write of a record at a time (its version)
  ctx.edit = { map, id };
  ctx.kind = 'write';
  let path: string;
  let body: string;
  if (map === writer.bookings) {
    path = `/api/booking/${id}`;
    body = JSON.stringify({
      ...bodyOf(bookingResource.updateBody.shape, record),
      notes: `Bench ${Date.now()}`,
    });
  } else {
    path = `/api/event/${id}`;
    // The event as it is, saved again (a new version; its row and notification written).
    body = JSON.stringify(bodyOf(eventResource.updateBody.shape, record));
  }
  ctx.edit = { map, id };
  ctx.record = record;
  return { as, method: 'PUT', path, body };
};

/** The next request of a connection of role `ctx.role`: a list, details, a dashboard or a write. */
const planRequest = (s: Seen, writer: Writer, ctx: Ctx): Planned => {
  const r = Math.random() * 100;
  // Writes go as an admin; the connection keeps its role.
  const as = ctx.role!;
  if (r < 55) {
    ctx.kind = 'list';
    return { as, method: 'GET', path: pick(s.lists) };
  }
  if (r < 80) {
    ctx.kind = 'details';
    return { as, method: 'GET', path: pick(s.details) };
  }
  if (r < 95) {
    ctx.kind = 'dashboard';
    return { as, method: 'GET', path: pick(s.dashboards) };
  }
  return planWrite(writer, ctx);
};

const requestOf = (
  req: autocannon.Request,
  seen: Record<Role, Seen>,
  writer: Writer,
  ctx: Ctx,
): autocannon.Request => {
  delete ctx.edit;
  const { method, path, body, as } = planRequest(seen[ctx.role!], writer, ctx);
  ctx.started = performance.now();
  const headers: Record<string, string> = {
    authorization: `Bearer ${seen[as].token}`,
    'accept-language': Math.random() < 0.3 ? 'ar' : 'en',
  };
  if (body) headers['content-type'] = 'application/json';
  return { ...req, method: method as 'GET', path, headers, ...(body ? { body } : {}) };
};

/** The answers of a run so far. */
interface Tally {
  latencies: number[];
  writes: number[];
  byKind: Record<string, number>;
  failed: Record<string, number>;
  errors: number;
  refused: number;
}

const recordResponse = (tally: Tally, status: number, resBody: string, ctx: Ctx) => {
  const took = performance.now() - (ctx.started ?? performance.now());
  tally.latencies.push(took);
  if (ctx.kind === 'write') tally.writes.push(took);
  tally.byKind[ctx.kind ?? '?'] = (tally.byKind[ctx.kind ?? '?'] ?? 0) + 1;
  if (status === 409 && ctx.kind === 'write') tally.refused++;
  else if (status >= 400) tally.errors++;
  if (status >= 400) {
    const what = `${ctx.kind} ${status}: ${resBody.slice(0, 120)}`;
    tally.failed[what] = (tally.failed[what] ?? 0) + 1;
  }
  if (ctx.edit) {
    // The record as saved (its new version) goes back for the next edit; on a failure, the old one.
    let record = ctx.record!;
    if (status < 400)
      try {
        record = (JSON.parse(resBody) as { data: Record<string, unknown> }).data;
      } catch {
        // keep the old one
      }
    ctx.edit.map.set(ctx.edit.id, record);
    delete ctx.edit;
  }
};

/** One autocannon run of the mix; latencies are timed per request here (autocannon has no p95). */
export const runMix = async (
  api: Api,
  seen: Record<Role, Seen>,
  writer: Writer,
  seconds: number,
): Promise<MixResult> => {
  const tally: Tally = { latencies: [], writes: [], byKind: {}, failed: {}, errors: 0, refused: 0 };
  let connections = 0;
  const result = await autocannon({
    url: `http://127.0.0.1:${api.port}`,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [
      {
        setupRequest: (req, context) => {
          const ctx = context as Ctx;
          ctx.role ??= ROLE_OF[connections++ % ROLE_OF.length]!;
          return requestOf(req, seen, writer, ctx);
        },
        onResponse: (status, resBody, context) => recordResponse(tally, status, resBody, context as Ctx),
      },
    ],
  });
  const { latencies, writes } = tally;
  latencies.sort((a, b) => a - b);
  writes.sort((a, b) => a - b);
  return {
    rps: result.requests.average,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    writeP50: percentile(writes, 50),
    writeP99: percentile(writes, 99),
    errors: tally.errors + result.errors + result.timeouts,
    refused: tally.refused,
    byKind: tally.byKind,
    failed: tally.failed,
  };
};
