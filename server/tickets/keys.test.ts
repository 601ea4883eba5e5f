/**
 * The ticket key pairs (docs/decisions/0052-signed-tickets.md): one first pair whichever processes
 * ask at once, tickets every process verifies alike, rotation and retirement reaching every process
 * within the keys' time to live. A distinct `Db` object stands for another server process (each
 * keeps its own keys) on the same database.
 */
import { isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importTicketKey, verifyTicket } from '../../src/contract/tickets';
import { createTestDb, type TestDb } from '../../tests/setup/db';
import type { Db } from '../db/client';
import { ticketKeys } from '../db/schema';
import { KEYS_TTL_MS, rotateTicketKeys, ticketKeyRing, ticketOf } from './keys';

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t?.close());

/** Another process on the same database. */
const processOn = (db: Db): Db => new Proxy(db, {});
const at = (ms: number) => new Date(Date.UTC(2026, 10, 28, 18) + ms);
const booking = { id: 4_321, eventId: 77, status: 'confirmed' };

describe('ticket keys', () => {
  it('makes one first pair however many processes ask at once, and every process verifies its tickets', async () => {
    const processes = Array.from({ length: 12 }, () => processOn(t.db));
    const rings = await Promise.all(processes.map((db) => ticketKeyRing(db, at(0))));
    expect(await t.db.select().from(ticketKeys)).toHaveLength(1);
    expect(new Set(rings.map((ring) => ring.signing.id)).size).toBe(1);

    const ticket = (await ticketOf(processes[0]!, at(0), booking))!;
    for (const ring of rings)
      expect(await verifyTicket(ticket, ring.verifying)).toEqual({
        keyId: rings[0]!.signing.id,
        bookingId: 4_321,
        eventId: 77,
      });
    // A device holds the published public key alone.
    const [published] = rings[0]!.published;
    const device = new Map([[published!.id, await importTicketKey(published!.key)]]);
    expect(await verifyTicket(ticket, device)).not.toBeNull();
    expect(await verifyTicket(ticket.replace('.4321.', '.4322.'), device)).toBeNull();
  });

  it('rotates: new tickets take the new pair, older ones verify until their pair is retired', async () => {
    const here = processOn(t.db);
    const there = processOn(t.db);
    const before = (await ticketOf(here, at(1_000), booking))!;
    await ticketKeyRing(there, at(1_000));

    const second = await rotateTicketKeys(here, at(2_000));
    const after = (await ticketOf(here, at(2_000), booking))!;
    expect(after).not.toBe(before);
    expect(after.split('.')[1]).toBe(String(second));
    const ring = await ticketKeyRing(here, at(2_000));
    expect(await verifyTicket(before, ring.verifying)).not.toBeNull();
    expect(await verifyTicket(after, ring.verifying)).not.toBeNull();

    // Another process follows within the keys' time to live.
    expect((await ticketKeyRing(there, at(2_000))).signing.id).not.toBe(second);
    expect((await ticketKeyRing(there, at(1_000 + KEYS_TTL_MS))).signing.id).toBe(second);

    const third = await rotateTicketKeys(here, at(3_000), { retire: true });
    const retired = await ticketKeyRing(here, at(3_000));
    expect([...retired.verifying.keys()]).toEqual([third]);
    expect(await verifyTicket(before, retired.verifying)).toBeNull();
    expect(await verifyTicket(after, retired.verifying)).toBeNull();
    expect(await verifyTicket((await ticketOf(here, at(3_000), booking))!, retired.verifying)).not.toBeNull();
    expect(await t.db.select().from(ticketKeys).where(isNull(ticketKeys.retiredAt))).toHaveLength(1);
  });
});
