/**
 * Import (docs/decisions/0073-import-from-files.md): a CSV or .xlsx file mapped by its headers in
 * English or Arabic, its references found by name, validated in a dry run that writes nothing, then
 * committed as a bulk job whose rows run the area's create (or update, by a chosen key) and undone
 * as a whole; every kind of broken file answers 422 naming the line and writes nothing.
 */
import { and, count, eq, gt, inArray, like, ne, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { deflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importFieldsOf } from '../../src/contract/import';
import { resources } from '../../src/contract/areas';
import {
  auditLog,
  bookingCounts,
  bookingHistory,
  bookings,
  bulkJobs,
  categories,
  cities,
  countries,
  events,
  importMappings,
  users,
} from '../../server/db/schema';
import { settleBulkJobs, stopBulkJobs } from '../../server/resources/bulk-jobs';
import { BULK_RUNNING_PER_USER } from '../../src/contract/bulk';
import { createTestServer, DEMO, type TestServer } from '../setup/server';
import { apiOf, pngForm, signInAs } from '../support/kit';
import { resumeBulk } from '../../server/areas';

let t: TestServer;
let admin: string;
let provider: string;
const call = apiOf(() => t, { lang: 'en' });

type Report = {
  headers: string[];
  mapping: Record<string, string>;
  key: string | null;
  total: number;
  valid: number;
  refused: number;
  updates: number;
  preview: {
    line: number;
    values: Record<string, string>;
    update: boolean;
    errors: Record<string, string>;
  }[];
  refusals: { line: number; errors: Record<string, string> }[];
};
type Job = {
  id: number;
  state: string;
  total: number;
  done: number;
  refused: number;
  rows: { id: number; state: string; message: string | null }[];
};

const form = (file: Blob | string, name: string, fields: Record<string, string> = {}) => {
  const f = new FormData();
  f.append('file', typeof file === 'string' ? new Blob([file], { type: 'text/csv' }) : file, name);
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  return f;
};

const upload = (
  resource: string,
  file: Blob | string,
  fields: Record<string, string> = {},
  token = admin,
  lang = 'en',
  name = 'data.csv',
) => call('POST', `/api/${resource}/import`, token, form(file, name, fields), { lang });

const dry = async (
  resource: string,
  file: Blob | string,
  fields: Record<string, string> = {},
  token = admin,
  lang = 'en',
  name = 'data.csv',
) => {
  const res = await upload(resource, file, fields, token, lang, name);
  expect(res.status, res.text).toBe(200);
  return res.body.data.report as Report;
};

const finished = async (id: number, token = admin): Promise<Job> => {
  for (let i = 0; i < 1200; i++) {
    const job = (await call('GET', `/api/bulk/${id}`, token)).body.data as Job;
    if (job.state === 'finished') return job;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`import job ${id} did not finish`);
};

const commit = async (
  resource: string,
  file: Blob | string,
  fields: Record<string, string> = {},
  token = admin,
) => {
  const res = await upload(resource, file, { ...fields, dryRun: 'false' }, token);
  expect(res.status, res.text).toBe(200);
  return {
    report: res.body.data.report as Report,
    job: await finished(res.body.data.job.id as number, token),
  };
};

/** The first approved event still to come: one that takes bookings. */
const comingEvent = async () =>
  (
    await t.db.db
      .select()
      .from(events)
      .where(and(eq(events.status, 'approved'), gt(events.startsAt, t.clock.now())))
      .orderBy(events.startsAt)
      .limit(1)
  )[0];

const written = async () => (await t.db.db.select({ n: count() }).from(bulkJobs))[0]!.n;

beforeAll(async () => {
  t = await createTestServer({ demoData: true, config: { importMaxRows: 500, importMaxBytes: 256 * 1024 } });
  admin = await signInAs(t, 'admin');
  provider = await signInAs(t, 'provider');
});
afterAll(async () => {
  await stopBulkJobs();
  await t?.close();
});

describe('import', () => {
  it('derives the fields of every area that can create from its create schema', () => {
    for (const r of resources) {
      const fields = importFieldsOf(r);
      if (!r.endpoints.create) expect(fields).toBeNull();
      else expect(fields!.length).toBeGreaterThan(0);
    }
    expect(importFieldsOf(resources.find((r) => r.key === 'city')!)!.map((f) => f.key)).toEqual([
      'name.en',
      'name.ar',
      'countryId',
      'active',
    ]);
  });

  it('maps Arabic headers with semicolons and a BOM, finds countries by name, previews errors, writes nothing in a dry run, then imports and undoes', async () => {
    const [sa] = await t.db.db.select().from(countries).limit(1);
    const csv =
      '\uFEFFالاسم (بالإنجليزية);الاسم (بالعربية);الدولة;نشط\r\n' +
      `Import City A;مدينة أ;${sa!.name.ar};نعم\r\n` +
      `Import City B;مدينة ب;${sa!.name.en};no\r\n` +
      'Import City C;مدينة ج;Atlantis;maybe\r\n' +
      ';مدينة د;#999999;yes\r\n';
    const before = await written();
    const report = await dry('city', csv, {}, admin, 'ar');
    expect(report.mapping).toEqual({
      'name.en': 'الاسم (بالإنجليزية)',
      'name.ar': 'الاسم (بالعربية)',
      countryId: 'الدولة',
      active: 'نشط',
    });
    expect([report.total, report.valid, report.refused]).toEqual([4, 2, 2]);
    expect(report.preview[2]!.errors.countryId).toContain('Atlantis');
    expect(report.preview[2]!.errors.active).toBeTruthy();
    expect(report.preview[3]!.errors['name.en']).toBeTruthy();
    expect(report.refusals.map((r) => r.line)).toEqual([4, 5]);
    expect(await written()).toBe(before);
    expect(
      await t.db.db
        .select()
        .from(cities)
        .where(eq(cities.name, { en: 'Import City A', ar: 'مدينة أ' })),
    ).toEqual([]);

    const { job } = await commit('city', csv);
    expect([job.total, job.done, job.refused]).toEqual([2, 2, 0]);
    const made = await t.db.db.select().from(cities).where(eq(cities.countryId, sa!.id));
    expect(made.filter((c) => c.name.en.startsWith('Import City')).map((c) => [c.name.en, c.active])).toEqual(
      expect.arrayContaining([
        ['Import City A', true],
        ['Import City B', false],
      ]),
    );
    // The mapping is kept for the next import of the area.
    const [kept] = await t.db.db.select().from(importMappings);
    expect(kept!.mapping.countryId).toBe('الدولة');

    const undo = await call('POST', '/api/undo', admin, { token: `bulk-${job.id}` });
    expect(undo.status, undo.text).toBe(200);
    expect(undo.body.data.undone).toBe(2);
    const left = await t.db.db.select().from(cities);
    expect(left.some((c) => c.name.en.startsWith('Import City'))).toBe(false);
  });

  it('updates by a chosen key (a country by its ISO code) and creates the rows whose key matches none', async () => {
    const [c] = await t.db.db.select().from(countries).limit(1);
    const csv = `ISO code,Dial code,Name (English),Name (Arabic)\n${c!.isoCode},${c!.dialCode},Renamed Land,أرض جديدة\nZQ,+999,Zed Land,أرض زد\n`;
    const report = await dry('country', csv, {
      key: 'isoCode',
      mapping: JSON.stringify({
        isoCode: 'ISO code',
        dialCode: 'Dial code',
        'name.en': 'Name (English)',
        'name.ar': 'Name (Arabic)',
      }),
    });
    expect([report.valid, report.updates]).toEqual([2, 1]);
    expect(report.preview.map((p) => p.update)).toEqual([true, false]);
    const { job } = await commit('country', csv, { key: 'isoCode' });
    expect([job.done, job.refused]).toEqual([2, 0]);
    const [after] = await t.db.db.select().from(countries).where(eq(countries.id, c!.id));
    expect(after!.name.en).toBe('Renamed Land');
    const undo = await call('POST', '/api/undo', admin, { token: `bulk-${job.id}` });
    expect(undo.body.data.undone, undo.text).toBe(2);
    const [back] = await t.db.db.select().from(countries).where(eq(countries.id, c!.id));
    expect(back!.name.en).toBe(c!.name.en);
    expect((await t.db.db.select().from(countries).where(eq(countries.isoCode, 'ZQ'))).length).toBe(0);
  });

  it('imports bookings with the event found by its title and date, each through the create rules', async () => {
    const ev = await comingEvent();
    const day = ev!.startsAt.toISOString().slice(0, 10);
    const csv =
      'Event\tCustomer name\tCustomer e-mail\tCustomer phone\tTickets\n' +
      `${ev!.title.en} ${day}\tRana\trana@import.example.com\t+966500000001\t1\n` +
      `#${ev!.id}\tOmar\tomar@import.example.com\t+966500000002\t١\n`;
    const { report, job } = await commit('booking', csv);
    expect(report.refusals).toEqual([]);
    expect([job.done, job.refused], JSON.stringify(job.rows)).toEqual([2, 0]);
    const made = await t.db.db
      .select()
      .from(bookings)
      .where(eq(bookings.customerEmail, 'omar@import.example.com'));
    expect(made[0]!.eventId).toBe(ev!.id);
  });

  it('creates a chunk of bookings at once by the create rules, and goes row by row when a constraint undoes a chunk', async () => {
    const ev = await comingEvent();
    const [closed] = await t.db.db.select().from(events).where(ne(events.status, 'approved')).limit(1);
    const counted = async () =>
      Number(
        (
          await t.db.db
            .select({ n: sql<number>`coalesce(sum(${bookingCounts.n}), 0)` })
            .from(bookingCounts)
            .where(eq(bookingCounts.providerId, ev!.providerId))
        )[0]!.n,
      );
    const before = await counted();
    const csv =
      'Event,Customer name,Customer e-mail,Customer phone,Tickets\n' +
      Array.from(
        { length: 120 },
        (_, i) => `#${ev!.id},Chunk ${i},chunk${i}@import.example.com,+96650${String(1_000_000 + i)},2\n`,
      ).join('') +
      `#${closed!.id},Closed,closed@import.example.com,+966509999999,1\n`;
    const { job } = await commit('booking', csv);
    expect([job.done, job.refused], JSON.stringify(job.rows)).toEqual([120, 1]);
    expect(job.rows.find((r) => r.state === 'refused')!.message).toMatch(/bookings/i);
    const made = await t.db.db
      .select()
      .from(bookings)
      .where(like(bookings.customerEmail, 'chunk%@import.example.com'));
    expect(made.length).toBe(120);
    expect(new Set(made.map((b) => b.code)).size).toBe(120);
    expect(
      made.every(
        (b) => b.status === 'pending' && b.total === ev!.price * 2 && b.providerId === ev!.providerId,
      ),
    ).toBe(true);
    const ids = made.map((b) => b.id);
    const history = await t.db.db.select().from(bookingHistory).where(inArray(bookingHistory.bookingId, ids));
    expect(history.length).toBe(120);
    const trail = await t.db.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.requestId, `bulk-${job.id}`), eq(auditLog.tableName, 'bookings')));
    expect(trail.length).toBe(120);
    expect(trail.every((e) => e.action === 'create' && e.actorId !== null)).toBe(true);
    expect(await counted()).toBe(before + 120);
    const undo = await call('POST', '/api/undo', admin, { token: `bulk-${job.id}` });
    expect(undo.body.data.undone, undo.text).toBe(120);
    expect(await counted()).toBe(before);

    // Two new countries with one ISO code: the chunk's one insert fails on the constraint, and its
    // rows go one by one: the first is created, the second refused as its form would be.
    const countriesCsv =
      'ISO code,Dial code,Name (English),Name (Arabic)\nQX,+991,Q Land,أرض ق\nQX,+992,Q Land Again,أرض ق ثانية\nQY,+993,Y Land,أرض ي\n';
    const { job: cj } = await commit('country', countriesCsv);
    expect([cj.done, cj.refused], JSON.stringify(cj.rows)).toEqual([2, 1]);
    expect(cj.rows.find((r) => r.state === 'refused')!.message).toMatch(/ISO/i);
    const qx = await t.db.db.select().from(countries).where(eq(countries.isoCode, 'QX'));
    expect(qx.map((c) => c.name.en)).toEqual(['Q Land']);
  });

  it('invites imported provider accounts, and a provider cannot import what it may not create', async () => {
    const csv =
      'Name (English),Name (Arabic),E-mail,Phone,Business name (English),Business name (Arabic)\n' +
      'Imported Owner,مالك,owner1@import.example.com,+966511111111,Imported Co,شركة\n';
    const { job } = await commit('serviceprovider', csv);
    expect(job.done, JSON.stringify(job.rows)).toBe(1);
    const [acct] = await t.db.db.select().from(users).where(eq(users.email, 'owner1@import.example.com'));
    expect(acct!.passwordHash).toBeNull();
    await t.smtp.waitFor((m) => m.to.includes('owner1@import.example.com'));
    expect((await upload('serviceprovider', csv, {}, provider)).status).toBe(403);
  });

  it('imports locations, supervisors, users and events by their declaration alone, references by name', async () => {
    const [city] = await t.db.db
      .select({ city: cities, country: countries })
      .from(cities)
      .innerJoin(countries, eq(countries.id, cities.countryId))
      .limit(1);
    const place = `${city!.country.name.en},${city!.city.name.ar}`;
    const loc = await commit(
      'location',
      `Name (English),Name (Arabic),Country,City,Latitude,Longitude\nImported Hall,قاعة,${place},24.7,46.6\n`,
    );
    expect(loc.job.done, JSON.stringify(loc.job.rows)).toBe(1);
    const [provider] = await t.db.db.select().from(users).where(eq(users.email, DEMO.provider.email));
    const sup = await commit(
      'supervisor',
      `Name (English),Name (Arabic),E-mail,Phone,Service provider\nSup One,مشرف,sup1@import.example.com,,${provider!.email}\n`,
    );
    expect(sup.job.done, JSON.stringify(sup.job.rows)).toBe(1);
    const usr = await commit(
      'user',
      'Name (English),Name (Arabic),E-mail,Phone,Role\nStaff One,موظف,staff1@import.example.com,,manager\n',
    );
    expect(usr.job.done, JSON.stringify(usr.job.rows)).toBe(1);
    for (const email of ['sup1@import.example.com', 'staff1@import.example.com']) {
      const [acct] = await t.db.db.select().from(users).where(eq(users.email, email));
      expect(acct!.passwordHash).toBeNull();
    }
    const [category] = await t.db.db.select().from(categories).limit(1);
    const starts = new Date(t.clock.now().getTime() + 30 * 86_400_000);
    const ends = new Date(starts.getTime() + 3 * 3_600_000);
    const ev = await commit(
      'event',
      'Title (English),Title (Arabic),Description (English),Description (Arabic),Category,Service provider,Country,City,Venue,Starts,Ends,Price,Capacity\n' +
        `Imported Night,ليلة,An evening,أمسية,${category!.name.en},${provider!.email},${place},Imported Hall,${starts.toISOString()},${ends.toISOString()},5000,80\n`,
    );
    expect(ev.report.refusals).toEqual([]);
    expect(ev.job.done, JSON.stringify(ev.job.rows)).toBe(1);
    const [made] = await t.db.db
      .select()
      .from(events)
      .where(eq(events.title, { en: 'Imported Night', ar: 'ليلة' }));
    expect(made!.providerId).toBe(provider!.id);
  });

  it('imports advertisements (an uploaded image), pages and notifications by their declaration alone', async () => {
    const image = await call('POST', '/api/advertisement/image', admin, pngForm('ad.png'));
    expect(image.status, image.text).toBe(201);
    const [ev] = await t.db.db.select().from(events).where(eq(events.status, 'approved')).limit(1);
    const adCsv =
      'Title (English),Title (Arabic),Image,Target,Event,Placement,Starts on,Ends on\n' +
      `Imported Ad,إعلان,${image.body.data.path},event,#${ev!.id},home_banner,2030-01-01,2030-02-01\n`;
    expect((await dry('advertisement', adCsv)).refusals).toEqual([]);
    const ad = await commit(
      'advertisement',
      'Title (English),Title (Arabic),Image,Target,Event,Placement,Starts on,Ends on\n' +
        `Imported Ad,إعلان,${image.body.data.path},event,#${ev!.id},home_banner,2030-01-01,2030-02-01\n`,
    );
    expect(ad.report.refusals).toEqual([]);
    expect(ad.job.done, JSON.stringify(ad.job.rows)).toBe(1);
    const page = await commit(
      'page',
      'slug,Title (English),Title (Arabic)\nimported-page,Imported Page,صفحة\n',
    );
    expect(page.job.done, JSON.stringify(page.job.rows)).toBe(1);
    const note = await commit(
      'notification',
      'Title (English),Title (Arabic),body.en,body.ar,audienceType\nHello,مرحبا,Imported body,نص,all\n',
    );
    expect(note.job.done, JSON.stringify(note.job.rows)).toBe(1);
  });

  it('goes on after a stop as at the next start, each row once', async () => {
    await settleBulkJobs();
    const csv =
      'Name (English),Name (Arabic)\n' +
      Array.from({ length: 40 }, (_, i) => `Resumed ${i},مستأنف ${i}\n`).join('');
    const res = await upload('category', csv, { dryRun: 'false' });
    expect(res.status, res.text).toBe(200);
    await stopBulkJobs(); // as on SIGTERM
    const [stopped] = await t.db.db
      .select()
      .from(bulkJobs)
      .where(eq(bulkJobs.id, res.body.data.job.id as number));
    expect(stopped!.state).toBe('running');
    await resumeBulk(t.deps); // the next start
    const job = await finished(res.body.data.job.id as number);
    expect([job.total, job.done, job.refused]).toEqual([40, 40, 0]);
    const made = await t.db.db.select().from(categories);
    expect(made.filter((c) => c.name.en.startsWith('Resumed ')).length).toBe(40);
  });

  it('runs at most BULK_RUNNING_PER_USER imports of a user at once, however many start together', async () => {
    await settleBulkJobs();
    const csv =
      'Name (English),Name (Arabic)\n' +
      Array.from({ length: 30 }, (_, i) => `Race ${i},سباق ${i}\n`).join('');
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => upload('category', csv, { dryRun: 'false' })),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 200).length).toBe(BULK_RUNNING_PER_USER);
    expect(statuses.filter((s) => s === 429).length).toBe(6 - BULK_RUNNING_PER_USER);
    await settleBulkJobs();
  });

  it('refuses broken files with 422 naming the line, and too many rows, writing nothing', async () => {
    const before = await written();
    const quotes = await upload('category', 'Name (English),Name (Arabic)\nA,ب\n"B,ج\n', { dryRun: 'false' });
    expect(quotes.status).toBe(422);
    expect(quotes.body.message).toMatch(/Line 3/);
    const bytes = new Uint8Array([
      ...new TextEncoder().encode('Name (English),Name (Arabic)\nA,ب\n'),
      0xff,
      0xfe,
      0x41,
      0x0a,
    ]);
    const encoding = await upload('category', new Blob([bytes]), { dryRun: 'false' });
    expect(encoding.status).toBe(422);
    expect(encoding.body.message).toMatch(/Line 3/);
    const notZip = await upload('category', new Blob([new Uint8Array(200)]), {}, admin, 'en', 'x.xlsx');
    expect(notZip.status).toBe(422);
    const many = 'Name (English),Name (Arabic)\n' + 'A,ب\n'.repeat(t.config.importMaxRows + 1);
    const tooMany = await upload('category', many, { dryRun: 'false' });
    expect(tooMany.status).toBe(422);
    const big = await upload('category', 'Name (English)\n' + 'x'.repeat(300 * 1024), {});
    expect(big.status).toBe(413);
    expect(await written()).toBe(before);
    expect((await upload('category', 'x', { mapping: '{"nope":"x"}' })).status).toBe(422);
  });

  it('reads an .xlsx with its formula cells as text, and refuses a zip bomb before inflating it', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Sheet');
    ws.addRow(['Name (English)', 'Name (Arabic)', 'Order']);
    ws.addRow(['Sheet Category', 'فئة', 3]);
    ws.addRow([{ formula: 'HYPERLINK("x")' }, 'فئة ٢', 4]);
    const buf = await wb.xlsx.writeBuffer();
    const report = await dry('category', new Blob([buf]), {}, admin, 'en', 'sheet.xlsx');
    expect(report.total).toBe(2);
    expect(report.preview[1]!.values['name.en']).toBe('=HYPERLINK("x")');

    // One entry that claims 1 GB inflated from a few kilobytes.
    const data = deflateRawSync(Buffer.alloc(1024 * 1024));
    const name = Buffer.from('xl/worksheets/sheet1.xml');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(1024 * 1024 * 1024, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(1024 * 1024 * 1024, 24);
    central.writeUInt16LE(name.length, 28);
    const cdOffset = local.length + name.length + data.length;
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(1, 8);
    end.writeUInt16LE(1, 10);
    end.writeUInt32LE(central.length + name.length, 12);
    end.writeUInt32LE(cdOffset, 16);
    const bomb = Buffer.concat([local, name, data, central, name, end]);
    const res = await upload('category', new Blob([bomb]), {}, admin, 'en', 'bomb.xlsx');
    expect(res.status).toBe(422);
    expect(res.body.message).toMatch(/unpacks/);
  });
});
