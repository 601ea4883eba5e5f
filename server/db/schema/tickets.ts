import { pgTable, serial, text } from 'drizzle-orm/pg-core';
import { time } from './columns';

/**
 * The key pairs that sign tickets (src/contract/tickets.ts, server/tickets/keys.ts): every process
 * signs with the newest one not retired and verifies with any not retired. No audit trigger (the
 * trail must never hold a key).
 */
export const ticketKeys = pgTable('ticket_keys', {
  id: serial('id').primaryKey(),
  /** The raw Ed25519 public key (32 bytes), base64url: what devices are given. */
  publicKey: text('public_key').notNull(),
  /** The private key, PKCS #8, base64url; a secret column (tests/server/security-support.ts). */
  privateKey: text('private_key').notNull(),
  createdAt: time('created_at').notNull(),
  retiredAt: time('retired_at'),
});
