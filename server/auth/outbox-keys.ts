/**
 * Each user's outbox key (docs/decisions/0036-each-users-outbox-sealed-on-the-device.md): the app
 * seals the changes it keeps on a device for that user with it, so that another user of the device
 * can neither read nor open them. Only the user's own sessions are given it (the login answer and
 * GET /api/profile/outbox-key). Made once, at the first ask, and never changed: a kept outbox must
 * open at the user's next sign-in, whenever that is.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { outboxKeys } from '../db/schema';

export interface OutboxKey {
  /** Names the sealed copy on the device (16 random bytes, base64url): not the user's e-mail. */
  id: string;
  /** An AES-256-GCM key: 32 random bytes, base64url. */
  key: string;
}

/** The user's key, made on the first ask; parallel first asks all answer the one key that was kept. */
export async function outboxKeyOf(db: Db, userId: number, now: Date): Promise<OutboxKey> {
  await db
    .insert(outboxKeys)
    .values({
      userId,
      keyId: randomBytes(16).toString('base64url'),
      key: randomBytes(32).toString('base64url'),
      createdAt: now,
    })
    .onConflictDoNothing();
  const [row] = await db
    .select({ id: outboxKeys.keyId, key: outboxKeys.key })
    .from(outboxKeys)
    .where(eq(outboxKeys.userId, userId));
  if (!row) throw new Error(`The outbox key of user ${userId} was not kept`);
  return row;
}
