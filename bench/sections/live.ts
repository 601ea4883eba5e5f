/**
 * Live fan-out (docs/decisions/0019-live-updates-and-many-processes.md): 500 open `GET /api/live`
 * streams on one server process (PGlite, demo data), then writes one after the other: how long each
 * write takes to reach every stream (from sending the write to the event read on each stream: p50,
 * p99 and the slowest of the 500), and the server's memory (RSS) without streams and with them.
 */
import { readFileSync } from 'node:fs';
import { readSse } from '../../src/lib/sse';
import { freshDataDir } from '../lib/data';
import { startServer, signInAs } from '../lib/server';
import { stat } from '../lib/stats';
import { row, type BenchContext, type Row, type SectionResult } from '../lib/types';

const STREAMS = 500;
const WRITES = 10;

const percentile = (values: number[], p: number) => {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
};

const rssMb = (pid: number) => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m);
  return line ? Number(line[1]) / 1024 : Number.NaN;
};

/** One server process that lets one user open `STREAMS` streams (the setting restored after its start). */
const startLiveServer = async (ctx: BenchContext, dataDir: string) => {
  const before = process.env.LIVE_STREAMS_PER_USER;
  process.env.LIVE_STREAMS_PER_USER = String(STREAMS);
  const server = await startServer({ distDir: ctx.distDir, dataDir });
  if (before === undefined) delete process.env.LIVE_STREAMS_PER_USER;
  else process.env.LIVE_STREAMS_PER_USER = before;
  return server;
};

/**
 * Opens `STREAMS` streams as `token` (their abort controllers go to `aborts`) and waits until each is
 * ready. Per stream: when each category id arrived.
 */
const openStreams = async (ctx: BenchContext, base: string, token: string, aborts: AbortController[]) => {
  const arrivals: Map<number, number>[] = [];
  let ready = 0;
  ctx.log(`live: opening ${STREAMS} streams…`);
  await Promise.all(
    Array.from({ length: STREAMS }, async (_, i) => {
      const abort = new AbortController();
      aborts.push(abort);
      const got = new Map<number, number>();
      arrivals[i] = got;
      const res = await fetch(`${base}/api/live`, {
        headers: { Accept: 'text/event-stream', Authorization: `Bearer ${token}` },
        signal: abort.signal,
      });
      if (res.status !== 200) throw new Error(`stream ${i}: ${res.status} ${await res.text()}`);
      const stream = readSse(res.body!);
      void (async () => {
        try {
          for await (const e of stream) {
            if (e.event === 'ready') ready++;
            if (e.event !== 'change') continue;
            const c = JSON.parse(e.data) as { resource: string; id: number };
            if (c.resource === 'category') got.set(c.id, performance.now());
          }
        } catch {
          // aborted at the end
        }
      })();
    }),
  );
  while (ready < STREAMS) await new Promise((r) => setTimeout(r, 20));
  return arrivals;
};

/** Write `w` (a new category): from sending it to its event read on each stream, per stream (ms). */
const timeWrite = async (base: string, token: string, arrivals: Map<number, number>[], w: number) => {
  const sent = performance.now();
  const res = await fetch(`${base}/api/master/addlist`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json',
      Authorization: `Bearer ${token}`,
    },
    body: JSON.stringify({
      type: 'category',
      name: { en: `Live bench ${Date.now()} ${w}`, ar: `قياس مباشر ${w}` },
    }),
  });
  const body = (await res.json()) as { data?: { id: number } };
  if (!res.ok || !body.data) throw new Error(`write ${w}: ${res.status} ${JSON.stringify(body)}`);
  const id = body.data.id;
  const deadline = Date.now() + 10_000;
  while (arrivals.some((a) => !a.has(id))) {
    if (Date.now() > deadline) throw new Error(`write ${w}: not every stream got it within 10 s`);
    await new Promise((r) => setTimeout(r, 2));
  }
  return arrivals.map((a) => a.get(id)! - sent);
};

/** `WRITES` writes one after the other: each one's p50, p99 and slowest over the streams. */
const measureWrites = async (base: string, token: string, arrivals: Map<number, number>[]) => {
  const p50: number[] = [];
  const p99: number[] = [];
  const slowest: number[] = [];
  for (let w = 0; w < WRITES; w++) {
    const lat = await timeWrite(base, token, arrivals, w);
    p50.push(percentile(lat, 50));
    p99.push(percentile(lat, 99));
    slowest.push(Math.max(...lat));
  }
  return { p50, p99, slowest };
};

export async function runLive(ctx: BenchContext): Promise<SectionResult> {
  const section = 'live';
  const t0 = Date.now();
  const dataDir = await freshDataDir('live');
  const server = await startLiveServer(ctx, dataDir);
  const base = `http://127.0.0.1:${server.port}`;
  const aborts: AbortController[] = [];
  try {
    const token = await signInAs(server.port, 'admin');
    const health = (await (await fetch(`${base}/api/health`)).json()) as { data: { pid: number } };
    const pid = health.data.pid;
    const idle = rssMb(pid);
    const arrivals = await openStreams(ctx, base, token, aborts);
    await new Promise((r) => setTimeout(r, 500));
    const open = rssMb(pid);
    const { p50, p99, slowest } = await measureWrites(base, token, arrivals);
    const rows: Row[] = [
      row(section, `write → all ${STREAMS} streams, p50`, 'ms', stat(p50)),
      row(section, `write → all ${STREAMS} streams, p99`, 'ms', stat(p99)),
      row(section, `write → all ${STREAMS} streams, slowest`, 'ms', stat(slowest)),
      row(section, 'server RSS, no stream', 'MB', stat([idle])),
      row(section, `server RSS, ${STREAMS} streams`, 'MB', stat([open])),
    ];
    return {
      section,
      measuredAt: new Date().toISOString(),
      seconds: (Date.now() - t0) / 1000,
      rows,
      notes: [
        `${STREAMS} streams of one admin on one process (PGlite, demo data), ${WRITES} writes (a new category each) one after the other; latency from sending the write to the event read on each stream, which includes the write's own answer time.`,
      ],
    };
  } finally {
    for (const a of aborts) a.abort();
    await server.stop();
  }
}
