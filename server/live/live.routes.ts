/**
 * Health, readiness and the live stream (docs/decisions/0019-live-updates-and-many-processes.md;
 * README, "Running several instances").
 */
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { liveApi } from '../../src/contract/live';
import { authenticate } from '../auth/sessions';
import { HttpError, tooManyRequests } from '../core/errors';
import { route, routeFile } from '../http/route';
import type { App } from '../http/types';
import { smsg } from '../core/messages';
import { MIGRATIONS_JOURNAL } from '../core/paths';
import type { Live } from './streams';

declare module '../http/types' {
  interface Deps {
    /** Live updates (server/live/): the hub and the open streams; absent: /api/live answers 503. */
    live?: Live;
  }
}

/** How many migrations this code comes with (drizzle's journal). */
const MIGRATIONS = (
  JSON.parse(readFileSync(MIGRATIONS_JOURNAL, 'utf8')) as {
    entries: unknown[];
  }
).entries.length;

/** What a user with too many streams open is told to wait (Retry-After). */
const LIVE_RETRY_MS = 30_000;

const notReady = (message: string) => new HttpError(503, message, undefined, { 'Retry-After': '5' });

export const registerLiveRoutes = (app: App) => {
  route(app, liveApi.health, async () => ({
    message: smsg('healthy'),
    data: { pid: process.pid, uptimeSeconds: Math.round(process.uptime()) },
  }));

  route(app, liveApi.ready, async ({ deps }) => {
    if (deps.live?.stopping) throw notReady(smsg('stopping'));
    let applied: number;
    try {
      const rows = await deps.db.execute<{ n: string }>(
        sql`select count(*)::text as n from drizzle.__drizzle_migrations`,
      );
      applied = Number(
        (rows as unknown as { rows?: { n: string }[] }).rows?.[0]?.n ??
          (rows as unknown as { n: string }[])[0]?.n,
      );
    } catch {
      throw notReady(smsg('notReadyDatabase'));
    }
    if (!(applied >= MIGRATIONS)) throw notReady(smsg('notReadyDatabase'));
    return {
      message: smsg('ready'),
      data: { database: deps.databaseKind ?? 'pglite', migrations: applied },
    };
  });

  routeFile(app, liveApi.live, async ({ c, deps, auth }) => {
    const live = deps.live;
    if (!live || live.stopping) throw notReady(smsg('stopping'));
    if (!(c.req.header('accept') ?? '').includes('text/event-stream'))
      throw new HttpError(406, smsg('liveNeedsAccept'));
    const header = c.req.header('last-event-id')?.trim() ?? '';
    const lastEventId = /^[0-9]{1,15}$/.test(header) ? Number(header) : null;
    const authorization = c.req.header('authorization');
    const opened = live.open(auth!, lastEventId, () =>
      authenticate(deps.db, deps.config, authorization).catch((err: unknown) => {
        if (err instanceof HttpError) return null;
        throw err;
      }),
    );
    // The RateLimit fields of every 429 (docs/security.md): this limit counts streams open at once.
    if (!opened)
      throw tooManyRequests(smsg('liveTooMany', { n: live.maxPerUser }), LIVE_RETRY_MS, {
        max: live.maxPerUser,
        windowMs: LIVE_RETRY_MS,
      });
    c.req.raw.signal.addEventListener('abort', opened.close);
    return new Response(opened.stream, {
      headers: {
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-store',
        // nginx and similar proxies: pass each event on at once.
        'X-Accel-Buffering': 'no',
      },
    });
  });
};
