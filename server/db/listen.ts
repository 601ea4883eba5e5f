/**
 * Listening on a channel of a PostgreSQL database with a dedicated connection: the live hub's
 * wake-ups on `ebo_live` (docs/decisions/0019-live-updates-and-many-processes.md). PGlite delivers
 * its notifications in process instead (server/db/client.ts).
 */
import pg from 'pg';

/**
 * Listens on `channel` of a PostgreSQL database with a connection of its own, retried every
 * `retryMs` while it is down. `onNotify` runs on every notification and once each time listening
 * starts (to catch up on what the gap may have missed). Returns `close()`.
 */
export const listenTo = (
  connectionString: string,
  channel: string,
  onNotify: () => void,
  retryMs = 1_000,
): (() => Promise<void>) => {
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;
  const lost = (current: pg.Client) => {
    if (client !== current) return;
    client = null;
    current.end().catch(() => {});
    if (!closed) retry = setTimeout(() => void listen(), retryMs);
  };
  const listen = async () => {
    retry = null;
    const c = new pg.Client({ connectionString, connectionTimeoutMillis: 10_000 });
    client = c;
    c.on('notification', () => onNotify());
    c.on('error', () => lost(c));
    c.on('end', () => lost(c));
    try {
      await c.connect();
      await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      if (client === c && !closed) onNotify();
    } catch {
      lost(c);
    }
  };
  void listen();
  return async () => {
    closed = true;
    if (retry) clearTimeout(retry);
    const c = client;
    client = null;
    await c?.end().catch(() => {});
  };
};
