/**
 * The key pairs that sign tickets (src/contract/tickets.ts), kept in the database so that every
 * server process signs alike (docs/decisions/0052-signed-tickets.md). The newest pair not retired
 * signs; every pair not retired verifies, so tickets signed before a rotation stay good until their
 * key is retired. The first pair is made at the first need, once, whichever process asks first.
 *
 * A process keeps the keys it read for `KEYS_TTL_MS` of the server's clock: a rotation or a
 * retirement reaches every process within that time.
 */
import { and, asc, isNull, sql } from 'drizzle-orm';
import {
  fromBase64Url,
  signTicket,
  TICKET_ALGORITHM,
  toBase64Url,
  type TicketClaims,
  type TicketKey,
  type TicketKeyPair,
} from '../../src/contract/tickets';
import { SEAT_HOLDING } from '../../src/contract/areas/booking';
import type { Db } from '../db/client';
import { ticketKeys } from '../db/schema';

export const KEYS_TTL_MS = 60_000;

export interface TicketKeyRing {
  /** The pair that signs: the newest not retired. */
  signing: { id: number; key: TicketKey };
  /** Every pair not retired, by id: what verifies. */
  verifying: ReadonlyMap<number, TicketKey>;
  /** The public keys devices are given (raw, base64url), by id. */
  published: { id: number; key: string }[];
}

/** A new pair: the raw public key and the PKCS #8 private key, base64url. */
const newPair = async () => {
  const pair = (await crypto.subtle.generateKey(TICKET_ALGORITHM, true, ['sign', 'verify'])) as TicketKeyPair;
  const [raw, pkcs8] = await Promise.all([
    crypto.subtle.exportKey('raw', pair.publicKey),
    crypto.subtle.exportKey('pkcs8', pair.privateKey),
  ]);
  return { publicKey: toBase64Url(new Uint8Array(raw)), privateKey: toBase64Url(new Uint8Array(pkcs8)) };
};

/** Makes the first pair unless one exists; parallel first asks (any process) make one between them. */
const ensureFirstPair = async (db: Db, now: Date) => {
  const pair = await newPair();
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('ticket_keys'))`);
    const [any] = await tx
      .select({ id: ticketKeys.id })
      .from(ticketKeys)
      .where(isNull(ticketKeys.retiredAt))
      .limit(1);
    if (!any) await tx.insert(ticketKeys).values({ ...pair, createdAt: now });
  });
};

const readRing = async (db: Db, now: Date): Promise<TicketKeyRing> => {
  const active = () =>
    db.select().from(ticketKeys).where(isNull(ticketKeys.retiredAt)).orderBy(asc(ticketKeys.id));
  let rows = await active();
  if (!rows.length) {
    await ensureFirstPair(db, now);
    rows = await active();
  }
  const verifying = new Map<number, TicketKey>();
  for (const row of rows)
    verifying.set(
      row.id,
      await crypto.subtle.importKey('raw', fromBase64Url(row.publicKey), TICKET_ALGORITHM, true, ['verify']),
    );
  const newest = rows.at(-1)!;
  const key = await crypto.subtle.importKey(
    'pkcs8',
    fromBase64Url(newest.privateKey),
    TICKET_ALGORITHM,
    false,
    ['sign'],
  );
  return {
    signing: { id: newest.id, key },
    verifying,
    published: rows.map((row) => ({ id: row.id, key: row.publicKey })),
  };
};

const kept = new WeakMap<object, { at: number; ring: Promise<TicketKeyRing> }>();

/**
 * The key ring, read at most once per `KEYS_TTL_MS` of the server's clock per database: per `db`,
 * or per `keeper` where `db` is a write's transaction (a new object every request), such as the
 * app's configuration.
 */
export const ticketKeyRing = (db: Db, now: Date, keeper: object = db): Promise<TicketKeyRing> => {
  const entry = kept.get(keeper);
  if (entry && now.getTime() - entry.at < KEYS_TTL_MS && now.getTime() >= entry.at) return entry.ring;
  const ring = readRing(db, now);
  kept.set(keeper, { at: now.getTime(), ring });
  ring.catch(() => kept.delete(keeper));
  return ring;
};

/** The ticket of a booking while it holds seats (`SEAT_HOLDING`), signed with the current pair; else null. */
export const ticketOf = async (
  db: Db,
  now: Date,
  booking: { id: number; eventId: number; status: string },
): Promise<string | null> => {
  if (!(SEAT_HOLDING as readonly string[]).includes(booking.status)) return null;
  const { signing } = await ticketKeyRing(db, now);
  const claims: TicketClaims = { keyId: signing.id, bookingId: booking.id, eventId: booking.eventId };
  return signTicket(claims, signing.key);
};

/**
 * A new signing pair; with `retire`, the pairs before it stop verifying too (their tickets are
 * refused: print or send the tickets again). Every process follows within `KEYS_TTL_MS`.
 */
export const rotateTicketKeys = async (db: Db, now: Date, { retire = false } = {}) => {
  const pair = await newPair();
  const id = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('ticket_keys'))`);
    const [row] = await tx
      .insert(ticketKeys)
      .values({ ...pair, createdAt: now })
      .returning({ id: ticketKeys.id });
    if (retire)
      await tx
        .update(ticketKeys)
        .set({ retiredAt: now })
        .where(and(isNull(ticketKeys.retiredAt), sql`${ticketKeys.id} <> ${row!.id}`));
    return row!.id;
  });
  kept.delete(db);
  return id;
};
