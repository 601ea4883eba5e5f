/**
 * The mail queue (docs/decisions/0067-the-mail-queue.md, 0072-staff-digests.md): 10,000 guests of
 * one event are told of its cancellation (one server process), then those of another that it
 * moves two hours later (two processes), on PostgreSQL (a database of its own in the bench's
 * cluster, demo data), through a real SMTP server on 127.0.0.1 (smtp-server, as the tests capture
 * mail). Figures: each change's answer time, in which its 10,000 mails are queued (budget:
 * bench/budgets.json `mail.queueSeconds`); the delivery rate from that answer until the SMTP server
 * has the last mail, with one server process and then with two (budget: `mail.deliveryRps` each);
 * and the mails that reached the SMTP server twice (by their Message-ID), which must be 0. One run
 * of each: a run is 10,000 mails.
 */
import { readBudgets } from '../lib/budgets';
import { freshDataDir } from '../lib/data';
import { psql, startPostgres } from '../lib/postgres';
import { signInAs, startServer, type BenchServer } from '../lib/server';
import { budgetRow, type BenchContext, type Row, type SectionResult } from '../lib/types';
import { startSmtpCapture, type SmtpCapture } from '../../tests/setup/smtp';

const GUESTS = Number(process.env.BENCH_MAIL_GUESTS ?? 10_000);
const DB = 'bench_mail';
/** At most this long for one phase's mails to arrive. */
const DELIVERY_TIMEOUT_MS = 600_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The queue's id of each captured mail (its Message-ID, `<mail-{id}@ebo.mail>`). */
const mailIds = (smtp: SmtpCapture) =>
  smtp.messages
    .map((m) => /^Message-ID:\s*<mail-(\d+)@/im.exec(m.raw)?.[1])
    .filter((id): id is string => id !== undefined);

/** `GUESTS` bookings of the next approved event not used yet, straight into the table; its id. */
const eventWithGuests = (prefix: string): number => {
  const id = Number(
    psql(
      DB,
      `select id from events where status = 'approved' and starts_at > now() + interval '1 day'
       and not exists (select 1 from bookings b where b.event_id = events.id and b.code like 'MB%')
       order by id limit 1`,
    ),
  );
  if (!id) throw new Error('No approved event to cancel');
  psql(
    DB,
    `insert into bookings (code, event_id, provider_id, customer_name, customer_email, customer_phone,
                           tickets, unit_price, total, language, created_at, updated_at)
     select '${prefix}' || g, e.id, e.provider_id, 'Guest ' || g, '${prefix.toLowerCase()}' || g || '@guests.example.com',
            '+966500000000', 1, 0, 0, case when g % 2 = 0 then 'ar' else 'en' end, now(), now()
     from events e, generate_series(1, ${GUESTS}) g where e.id = ${id}`,
  );
  return id;
};

interface Phase {
  queueSeconds: number;
  queued: number;
  deliverySeconds: number;
  received: number;
  duplicates: number;
}

type Change = 'cancel' | 'move';

/** Tells GUESTS guests of a change of their event through `via`: a cancellation, or a start two hours later. */
const change = async (via: BenchServer, token: string, eventId: number, what: Change) => {
  const call = (method: string, path: string, body?: unknown) =>
    fetch(`http://127.0.0.1:${via.port}${path}`, {
      method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  if (what === 'cancel')
    return call('POST', '/api/event/update-status', { id: eventId, status: 'cancelled', reason: 'Bench' });
  const e = ((await (await call('GET', `/api/event/${eventId}`)).json()) as { data: Record<string, unknown> })
    .data;
  const later = (iso: unknown) => new Date(Date.parse(iso as string) + 2 * 3_600_000).toISOString();
  const keep = ['title', 'description', 'categoryId', 'providerId', 'countryId', 'cityId', 'locationId'];
  const more = ['price', 'capacity', 'images', 'coverImage', 'supervisorIds', 'version'];
  return call('PUT', `/api/event/${eventId}`, {
    ...Object.fromEntries([...keep, ...more].map((k) => [k, e[k]])),
    startsAt: later(e.startsAt),
    endsAt: later(e.endsAt),
  });
};

/** Tells an event of GUESTS guests of a change through `via`; waits until the SMTP server has every mail. */
const phase = async (
  ctx: BenchContext,
  smtp: SmtpCapture,
  via: BenchServer,
  prefix: string,
  what: Change,
): Promise<Phase> => {
  const eventId = eventWithGuests(prefix);
  const admin = await signInAs(via.port, 'admin');
  const before = mailIds(smtp).length;
  const sent = performance.now();
  const res = await change(via, admin, eventId, what);
  const answered = performance.now();
  if (res.status !== 200) throw new Error(`${what}: ${res.status} ${await res.text()}`);
  const queued = Number(psql(DB, `select count(*) from mails where event_id = ${eventId}`));
  const deadline = Date.now() + DELIVERY_TIMEOUT_MS;
  while (mailIds(smtp).length - before < queued) {
    if (Date.now() > deadline)
      throw new Error(
        `${mailIds(smtp).length - before} of ${queued} mails arrived in ${DELIVERY_TIMEOUT_MS / 1000} s`,
      );
    await sleep(20);
  }
  const delivered = performance.now();
  // Anything late (a second copy) arrives meanwhile.
  await sleep(2000);
  const ids = mailIds(smtp).slice(before);
  ctx.log(
    `mail: ${prefix}: ${queued} queued in ${((answered - sent) / 1000).toFixed(2)} s, delivered in ${((delivered - answered) / 1000).toFixed(1)} s`,
  );
  return {
    queueSeconds: (answered - sent) / 1000,
    queued,
    deliverySeconds: (delivered - answered) / 1000,
    received: ids.length,
    duplicates: ids.length - new Set(ids).size,
  };
};

export async function runMail(ctx: BenchContext): Promise<SectionResult> {
  const t0 = Date.now();
  const section = 'mail';
  const budget = readBudgets().mail;
  const pg = startPostgres('postgres');
  psql('postgres', `drop database if exists ${DB} with (force)`);
  psql('postgres', `create database ${DB}`);
  const url = pg.url.replace(/\/postgres$/, `/${DB}`);
  const smtp = await startSmtpCapture();
  const servers: BenchServer[] = [];
  const start = async (name: string) => {
    const server = await startServer({
      distDir: ctx.distDir,
      dataDir: await freshDataDir(name),
      databaseUrl: url,
      smtpUrl: smtp.url,
    });
    servers.push(server);
    return server;
  };
  try {
    const first = await start('mail-1');
    const one = await phase(ctx, smtp, first, 'MBA', 'cancel');
    await start('mail-2');
    const two = await phase(ctx, smtp, first, 'MBB', 'move');
    const unsent = Number(psql(DB, `select count(*) from mails where state <> 'sent'`));
    const rows: Row[] = [
      budgetRow(
        section,
        `cancelled, ${GUESTS.toLocaleString('en')} guests: bookings cancelled and mails queued (its answer)`,
        's',
        [one.queueSeconds],
        { max: budget?.queueSeconds },
      ),
      budgetRow(
        section,
        `moved two hours, ${GUESTS.toLocaleString('en')} guests: mails queued (its answer)`,
        's',
        [two.queueSeconds],
        { max: budget?.queueSeconds },
      ),
      budgetRow(
        section,
        'delivered to a local SMTP server, one server process',
        'mails/s',
        [one.queued / one.deliverySeconds],
        { min: budget?.deliveryRps },
      ),
      budgetRow(
        section,
        'delivered to a local SMTP server, two server processes',
        'mails/s',
        [two.queued / two.deliverySeconds],
        { min: budget?.deliveryRps },
      ),
      budgetRow(
        section,
        'mails received twice (by Message-ID), both phases',
        'mails',
        [one.duplicates + two.duplicates],
        { max: budget?.duplicates },
      ),
    ];
    return {
      section,
      measuredAt: new Date().toISOString(),
      seconds: (Date.now() - t0) / 1000,
      rows,
      notes: [
        `PostgreSQL, demo data; ${GUESTS} bookings (half English, half Arabic) added to an approved event, which an admin cancels through the API with one process running; then to another, which the admin moves two hours later with two processes running; one run each.`,
        `One process: ${one.queued} queued, ${one.received} received in ${one.deliverySeconds.toFixed(1)} s; two processes: ${two.queued} queued, ${two.received} received in ${two.deliverySeconds.toFixed(1)} s; ${unsent} rows not marked sent at the end.`,
      ],
    };
  } finally {
    for (const s of servers) await s.stop();
    await smtp.close();
    pg.stop();
  }
}
