/**
 * The events calendar (docs/decisions/0070-the-events-calendar.md): GET /api/event/calendar for the six
 * weeks of a month's grid around today, on PGlite with 10,000 events (400 days of them around today:
 * about 1,050 in the window), one connection, one request after another, as an admin (every event)
 * and with the list's status filter. Budgets (`bench/budgets.json` `calendar`): the p50 (ms), at most.
 */
import { addDays } from '../../src/contract/periods';
import { readBudgets } from '../lib/budgets';
import { seededPglite } from '../lib/data';
import { apiOf, signInAs, startServer } from '../lib/server';
import { budgetRow, type BenchContext, type Row, type SectionResult } from '../lib/types';
import { p50OneByOne } from './one-by-one';

const EVENTS = 10_000;

export async function runCalendar(ctx: BenchContext): Promise<SectionResult> {
  const started = Date.now();
  const budget = readBudgets().calendar?.pgliteP50;
  const rows: Row[] = [];
  const runs = Math.min(ctx.runs, 3);
  const dir = await seededPglite(10_000, EVENTS, ctx.log, 'pglite-calendar-10k');
  const server = await startServer({ distDir: ctx.distDir, dataDir: dir });
  const notes: string[] = [];
  try {
    const api = apiOf(server.port);
    const token = await signInAs(server.port, 'admin');
    const today = new Date().toISOString().slice(0, 10);
    const window = `from=${addDays(today, -14)}&to=${addDays(today, 27)}`;
    const shown = (await api.get(`/api/event/calendar?${window}`, token)).data as { items: unknown[] };
    notes.push(`${shown.items.length} events in the window of ${EVENTS.toLocaleString('en')}.`);
    for (const [label, query] of [
      ['a month (6 weeks), every event', window],
      ['a month, approved only', `${window}&status=approved`],
    ] as const) {
      const p50s: number[] = [];
      for (let run = 0; run < runs; run++)
        p50s.push(await p50OneByOne(api, token, `/api/event/calendar?${query}`));
      rows.push(
        budgetRow('calendar', `PGlite ${EVENTS / 1000}k events: ${label}, one connection, p50`, 'ms', p50s, {
          max: budget,
        }),
      );
    }
  } finally {
    await server.stop();
  }
  return {
    section: 'calendar',
    measuredAt: new Date().toISOString(),
    seconds: (Date.now() - started) / 1000,
    rows,
    notes,
  };
}
