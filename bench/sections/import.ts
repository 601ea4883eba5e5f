/**
 * Import (docs/decisions/0073-import-from-files.md, 0078-imports-commit-in-chunks.md): on PGlite with
 * the demo data (seeded by a first start, then the server started again on it, as a deployment runs),
 * an admin's dry run of a CSV of 100,000 bookings (BENCH_IMPORT_ROWS) of one coming event: every row
 * read, mapped, its event found and validated by the booking create schema; then the commit of the
 * same number of rows (BENCH_IMPORT_COMMIT) followed to its end, each row by the booking create's
 * rules, while the app polls the job's progress as the list does.
 * Figures: the dry run's seconds (target ≤ 10 s), the commit's seconds from its request to the job's
 * end (target ≤ 60 s for 100,000) and the server's peak resident memory (target ≤ 400 MB).
 */
import { readFileSync } from 'node:fs';
import { freshDataDir } from '../lib/data';
import { signInAs, startServer } from '../lib/server';
import { stat } from '../lib/stats';
import { budgetRow, row, type BenchContext, type SectionResult } from '../lib/types';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);
const COMMIT_ROWS = Number(process.env.BENCH_IMPORT_COMMIT ?? ROWS);

/** The server's peak resident memory since it started (MB). */
const peakMb = (pid: number) => {
  const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : Number.NaN;
};

const csvOf = (eventId: number, rows: number, tag: string) => {
  const lines = ['Event,Customer name,Customer e-mail,Customer phone,Tickets'];
  for (let i = 0; i < rows; i++)
    lines.push(`#${eventId},Guest ${i},${tag}${i}@bench.example.com,+9665${String(10_000_000 + i)},1`);
  return lines.join('\n') + '\n';
};

export async function runImport(ctx: BenchContext): Promise<SectionResult> {
  const t0 = Date.now();
  const section = 'import';
  const dataDir = await freshDataDir('import');
  ctx.log('import: seeding the demo data (a first start)…');
  await (await startServer({ distDir: ctx.distDir, dataDir, inPlace: true })).stop();
  const server = await startServer({ distDir: ctx.distDir, dataDir });
  try {
    const base = `http://127.0.0.1:${server.port}`;
    const admin = await signInAs(server.port, 'admin');
    const headers = { authorization: `Bearer ${admin}`, accept: 'application/json' };
    const list = (await (
      await fetch(`${base}/api/event?page=1&pageSize=100&status=approved&sort=startsAt&order=desc`, {
        headers,
      })
    ).json()) as { data: { items: { id: number }[] } };
    // The latest approved event: a coming one, which takes bookings.
    const event = list.data.items[0]!;
    const send = async (text: string, dryRun: boolean) => {
      const form = new FormData();
      form.append('file', new Blob([text], { type: 'text/csv' }), 'bookings.csv');
      form.append('dryRun', String(dryRun));
      const started = performance.now();
      const res = await fetch(`${base}/api/booking/import`, { method: 'POST', headers, body: form });
      const body = (await res.json()) as { data?: { report: { valid: number }; job: { id: number } | null } };
      if (!res.ok) throw new Error(`import answered ${res.status}: ${JSON.stringify(body).slice(0, 500)}`);
      return { seconds: (performance.now() - started) / 1000, data: body.data! };
    };
    const before = peakMb(server.pid);
    ctx.log(`import: dry run of ${ROWS.toLocaleString('en')} bookings…`);
    const dry = await send(csvOf(event.id, ROWS, 'dry'), true);
    ctx.log(`import: commit of ${COMMIT_ROWS.toLocaleString('en')} bookings…`);
    const committed = await send(csvOf(event.id, COMMIT_ROWS, 'commit'), false);
    const started = performance.now();
    let job: { state: string; done: number; refused: number } = { state: 'running', done: 0, refused: 0 };
    while (job.state !== 'finished') {
      await new Promise((r) => setTimeout(r, 250));
      job = (
        (await (await fetch(`${base}/api/bulk/${committed.data.job!.id}`, { headers })).json()) as {
          data: typeof job;
        }
      ).data;
    }
    const seconds = (performance.now() - started) / 1000 + committed.seconds;
    const rate = (job.done + job.refused) / seconds;
    const n = COMMIT_ROWS.toLocaleString('en');
    return {
      section,
      measuredAt: new Date().toISOString(),
      seconds: (Date.now() - t0) / 1000,
      rows: [
        budgetRow(section, `dry run of ${ROWS.toLocaleString('en')} bookings`, 's', [dry.seconds], {
          max: (10 * ROWS) / 100_000,
        }),
        row(
          section,
          `commit of ${n} bookings: its request (file read, rows kept)`,
          's',
          stat([committed.seconds]),
        ),
        budgetRow(section, `commit of ${n} bookings, from its request to the job's end`, 's', [seconds], {
          max: (60 * COMMIT_ROWS) / 100_000,
        }),
        row(section, `commit of ${n} bookings, rows processed`, 'rows/s', stat([rate])),
        row(section, 'server resident memory once started (on its seeded data)', 'MB', stat([before])),
        budgetRow(section, 'server peak resident memory', 'MB', [peakMb(server.pid)], { max: 400 }),
      ],
      notes: [
        `PGlite, demo data; event #${event.id}; the dry run found ${dry.data.report.valid.toLocaleString('en')} valid rows; the commit's job did ${job.done} and refused ${job.refused}.`,
      ],
    };
  } finally {
    await server.stop();
  }
}
