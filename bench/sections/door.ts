/**
 * The door (docs/decisions/0055-the-door.md), on the embedded database with the demo data: an event
 * today with 5,500 confirmed bookings of one guest each, their tickets read as a device reads them.
 * - `POST /api/booking/admit` with ten devices admitting at once (autocannon, ten connections, each
 *   a device with its own id; every request a different ticket, with its own Idempotency-Key), over
 *   5,000 tickets: requests per second, p99, and the verdicts (all must be `admitted`);
 * - 500 admissions a device made offline, sent as its outbox sends them (one after another, in
 *   order, each with its Idempotency-Key and the device's earlier time): the seconds they take.
 * autocannon runs in this process, on the same 2 cores as the server: the figures include that.
 */
import autocannon from 'autocannon';
import { freshDataDir } from '../lib/data';
import { psql, startPostgres } from '../lib/postgres';
import { startServer, signInAs, type BenchServer } from '../lib/server';
import { readBudgets } from '../lib/budgets';
import { spentPer, threadTimes } from '../lib/threads';
import { budgetRow, type BenchContext, type Row, type SectionResult } from '../lib/types';

const DEVICES = 10;
const ADMITTED = 5_000;
const QUEUED = 500;
const SETUP_PARALLEL = 8;

interface Answer {
  status: number;
  data: Record<string, unknown> & { items?: Record<string, unknown>[] };
}
export type Call = (method: string, path: string, body?: unknown) => Promise<Answer>;

export const callerOf =
  (port: number, token: string): Call =>
  async (method, path, body) => {
    const res = await fetch(`http://127.0.0.1:${port}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await res.json()) as { data?: Answer['data'] };
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
    return { status: res.status, data: json.data ?? {} };
  };

/** `work(i)` for i in [0, count), `parallel` at a time. */
const inParallel = async (count: number, parallel: number, work: (i: number) => Promise<void>) => {
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < count) await work(next++);
    }),
  );
};

/** An approved free event of a demo provider, today on the venue's clock, with `n` confirmed one-guest bookings and their tickets. */
export const eventWithGuests = async (call: Call, n: number) => {
  const base = (await call('GET', '/api/event?status=approved&pageSize=10')).data.items![0]!;
  const now = Date.now();
  const created = await call('POST', '/api/event', {
    title: { en: 'Bench door', ar: 'بوابة القياس' },
    description: base.description,
    categoryId: base.categoryId,
    providerId: base.providerId,
    countryId: base.countryId,
    cityId: base.cityId,
    locationId: base.locationId,
    startsAt: new Date(now + 5 * 60_000).toISOString(),
    endsAt: new Date(now + 4 * 3_600_000).toISOString(),
    price: 0,
    capacity: n,
  });
  const eventId = created.data.id as number;
  await call('POST', '/api/event/update-status', { id: eventId, status: 'pending' });
  await call('POST', '/api/event/approve', { id: eventId, status: 'approved', reason: null });
  const tickets: string[] = new Array<string>(n);
  await inParallel(n, SETUP_PARALLEL, async (i) => {
    const booking = await call('POST', '/api/booking', {
      eventId,
      customerName: `Door Guest ${i}`,
      customerEmail: `door-guest-${i}@bench.example.com`,
      customerPhone: '+966500000000',
      tickets: 1,
    });
    const id = booking.data.id as number;
    await call('POST', '/api/booking/update-status', { id, status: 'confirmed' });
    tickets[i] = (await call('GET', `/api/booking/${id}`)).data.ticket as string;
  });
  return { eventId, tickets };
};

/** Ten devices admitting the first ADMITTED tickets at once. */
const admitAtOnce = async (server: BenchServer, token: string, eventId: number, tickets: string[]) => {
  const { port, pid } = server;
  let next = 0;
  let devices = 0;
  const verdicts: Record<string, number> = {};
  const threadsBefore = threadTimes(pid);
  const ownBefore = process.cpuUsage();
  const started = performance.now();
  let lastAnswer = started;
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: DEVICES,
    amount: ADMITTED,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    initialContext: {},
    requests: [
      {
        method: 'POST',
        path: '/api/booking/admit',
        setupRequest: (req, context: { device?: number }) => {
          context.device ??= ++devices;
          const i = next++;
          return {
            ...req,
            headers: { ...req.headers, 'idempotency-key': `bench-door-${eventId}-${i}` },
            body: JSON.stringify({
              ticket: tickets[i],
              eventId,
              count: 1,
              deviceId: `bench-device-${context.device}`,
              deviceName: `Gate ${context.device}`,
              at: new Date().toISOString(),
            }),
          };
        },
        onResponse: (_status, body) => {
          lastAnswer = performance.now();
          const verdict = (JSON.parse(body) as { data?: { verdict?: string } }).data?.verdict ?? 'error';
          verdicts[verdict] = (verdicts[verdict] ?? 0) + 1;
        },
      },
    ],
  });
  const own = process.cpuUsage(ownBefore);
  return {
    // What each admission cost in CPU: the server's threads, and this process (autocannon).
    cpu: {
      ...spentPer(pid, threadsBefore, threadTimes(pid), result.requests.total),
      bench: Number(((own.user + own.system) / 1000 / result.requests.total).toFixed(2)),
    },
    // The admissions answered ÷ the seconds from the start to the last answer. autocannon's
    // figures are per second of its own clock: a run of a fixed number of requests ends at its next
    // one-second tick after the last answer, and `requests.average` counts the last, partial
    // second as a whole one (5,000 answered in 10.2 s came out as 455 a second).
    rps: result.requests.total / ((lastAnswer - started) / 1000),
    seconds: Number(((lastAnswer - started) / 1000).toFixed(2)),
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    verdicts,
  };
};

/** Milliseconds since midnight on the clock of `timeZone`. */
const sinceMidnightIn = (timeZone: string, at: number) => {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hourCycle: 'h23',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    })
      .formatToParts(at)
      .map((part) => [part.type, Number(part.value)]),
  );
  return ((parts.hour! * 60 + parts.minute!) * 60 + parts.second!) * 1000;
};

/**
 * One device's outbox: QUEUED admissions made offline since half an hour ago, one a second, sent in
 * order; since the venue's midnight when its day began less than half an hour ago (a moment of
 * another day is refused), closer together.
 */
const replayQueue = async (call: Call, eventId: number, tickets: string[]) => {
  const { timeZone } = (await call('GET', `/api/event/${eventId}/door`)).data.event as { timeZone: string };
  const started = performance.now();
  const now = Date.now();
  const since = now - Math.min(30 * 60_000, sinceMidnightIn(timeZone, now));
  const step = Math.min(1_000, (now - since) / tickets.length);
  let admitted = 0;
  for (const [i, ticket] of tickets.entries()) {
    const res = await call('POST', '/api/booking/admit', {
      ticket,
      eventId,
      count: 1,
      deviceId: 'bench-offline-device',
      deviceName: 'Gate offline',
      at: new Date(since + Math.floor(i * step)).toISOString(),
    });
    if (res.data.verdict === 'admitted') admitted++;
  }
  return { seconds: (performance.now() - started) / 1000, admitted };
};

/** One database's figures: an event of ADMITTED + QUEUED guests, admitted at once, then the queue. */
const measureOn = async (
  ctx: BenchContext,
  label: 'PGlite' | 'PostgreSQL',
  server: BenchServer,
  budget: ReturnType<typeof readBudgets>['door'] | undefined,
) => {
  const token = await signInAs(server.port, 'admin');
  const call = callerOf(server.port, token);
  ctx.log(`door (${label}): an event with ${ADMITTED + QUEUED} guests and their tickets`);
  const { eventId, tickets } = await eventWithGuests(call, ADMITTED + QUEUED);
  ctx.log(`door (${label}): ${DEVICES} devices admitting ${ADMITTED} tickets at once`);
  const shot = await admitAtOnce(server, token, eventId, tickets.slice(0, ADMITTED));
  ctx.log(`door (${label}): ${QUEUED} admissions sent from one device's outbox`);
  const queue = await replayQueue(call, eventId, tickets.slice(ADMITTED));
  // The targets are the embedded database's (the door of a single installation); PostgreSQL's
  // figures are shown beside them.
  const limits = label === 'PGlite' ? budget : undefined;
  const rows = [
    budgetRow('door', `admit, ${DEVICES} devices at once (${label})`, 'req/s', [shot.rps], {
      min: limits?.admitRps,
    }),
    budgetRow('door', `admit p99, ${DEVICES} devices at once (${label})`, 'ms', [shot.p99], {
      max: limits?.admitP99,
    }),
    budgetRow('door', `${QUEUED} offline admissions synced (${label})`, 's', [queue.seconds], {
      max: limits?.syncSeconds,
    }),
  ];
  const notes = [
    `${label}: verdicts of the ${ADMITTED} admissions at once: ${JSON.stringify(shot.verdicts)} in ${shot.seconds} s (req/s: answered ÷ seconds); errors and non-2xx: ${shot.errors}.`,
    `${label}: CPU per admission at once: the server's main thread ${shot.cpu.main} ms, its busiest other thread (${shot.cpu.busiest?.name ?? 'none'}${label === 'PGlite' ? ", the database's" : ''}) ${shot.cpu.busiest?.ms ?? 0} ms, its other threads ${shot.cpu.rest.map(({ name, ms }) => `${name} ${ms} ms`).join(', ') || 'none'}; this process (autocannon) ${shot.cpu.bench} ms.`,
    `${label}: the ${QUEUED} queued admissions: ${queue.admitted} admitted (sent one after another, as the outbox sends them; an HTTP client, not the app).`,
  ];
  if (shot.errors || shot.verdicts.admitted !== ADMITTED || queue.admitted !== QUEUED)
    throw new Error(`door: not every ticket was admitted once: ${notes.join(' ')}`);
  return { rows, notes };
};

export async function runDoor(ctx: BenchContext): Promise<SectionResult> {
  const started = Date.now();
  const budget = readBudgets().door;
  const rows: Row[] = [];
  const notes: string[] = [];
  const pglite = await startServer({ distDir: ctx.distDir, dataDir: await freshDataDir('door') });
  try {
    const measured = await measureOn(ctx, 'PGlite', pglite, budget);
    rows.push(...measured.rows);
    notes.push(...measured.notes);
  } finally {
    await pglite.stop();
  }
  if (ctx.postgresBookings > 0) {
    // A database of its own, seeded with the demo data by the server's start.
    const pg = startPostgres('postgres');
    psql('postgres', 'drop database if exists bench_door with (force)');
    psql('postgres', 'create database bench_door');
    const server = await startServer({
      distDir: ctx.distDir,
      dataDir: await freshDataDir('door-postgres'),
      databaseUrl: pg.url.replace(/\/postgres$/, '/bench_door'),
    });
    try {
      const measured = await measureOn(ctx, 'PostgreSQL', server, budget);
      rows.push(...measured.rows);
      notes.push(...measured.notes);
    } finally {
      await server.stop();
      pg.stop();
    }
  } else notes.push('PostgreSQL skipped (--postgres-bookings 0).');
  return {
    section: 'door',
    measuredAt: new Date().toISOString(),
    seconds: (Date.now() - started) / 1000,
    rows,
    notes,
  };
}
