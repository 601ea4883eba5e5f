/**
 * Seeding. `syncRoles` writes the role → permission table of docs/product.md §6 (src/contract/roles.ts); it is
 * reference data, run on every start in every mode, adding what is missing and never removing.
 * `seedDemo` (demo mode only) adds the demo accounts (see demo-data.ts for the demo records).
 * Both are idempotent.
 */
import { eq, inArray } from 'drizzle-orm';
import { ROLE_PERMISSIONS, ROLES } from '../../src/contract/roles';
import { hashPassword } from '../auth/passwords';
import { newTotpSecret, otpauthUri } from '../auth/totp';
import type { Db } from '../db/client';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './demo-accounts';
import { rolePermissions, roles, serviceProviders, totpFactors, users } from '../db/schema';

export const syncRoles = async (db: Db) => {
  await db
    .insert(roles)
    .values(ROLES.map((name) => ({ name })))
    .onConflictDoNothing();
  await db
    .insert(rolePermissions)
    .values(
      ROLES.flatMap((role) =>
        ROLE_PERMISSIONS[role].map((permission, position) => ({ role, permission, position })),
      ),
    )
    .onConflictDoNothing();
};

export const seedDemo = async (db: Db, now: Date = new Date()): Promise<{ created: string[] }> => {
  await syncRoles(db);
  const emails = DEMO_ACCOUNTS.map((a) => a.email);
  const existing = new Set(
    (await db.select({ email: users.email }).from(users).where(inArray(users.email, emails))).map(
      (r) => r.email,
    ),
  );
  const missing = DEMO_ACCOUNTS.filter((a) => !existing.has(a.email));
  if (!missing.length) return { created: [] };
  const rows = await Promise.all(
    missing.map(async (a) => ({
      email: a.email,
      passwordHash: await hashPassword(DEMO_PASSWORD),
      name: a.name,
      phone: a.phone,
      role: a.role,
      status: a.status,
      language: 'en',
      createdAt: now,
      updatedAt: now,
    })),
  );
  await db.insert(users).values(rows).onConflictDoNothing();
  // Provider accounts have a business profile (registration creates one too).
  const providers = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(
      inArray(
        users.email,
        missing.filter((a) => a.role === 'serviceprovider').map((a) => a.email),
      ),
    );
  if (providers.length)
    await db
      .insert(serviceProviders)
      .values(
        providers.map((p) => ({
          userId: p.id,
          businessName: p.name,
          description: { en: '', ar: '' },
          createdAt: now,
          updatedAt: now,
        })),
      )
      .onConflictDoNothing();
  // Accounts of a provider (the demo door account) belong to it.
  for (const a of missing.filter((m) => m.of)) {
    const [owner] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, DEMO_ACCOUNTS.find((o) => o.key === a.of)!.email));
    if (owner) await db.update(users).set({ providerId: owner.id }).where(eq(users.email, a.email));
  }
  // The two-factor demo account's factor: a random secret, confirmed (printed at start: demoTotp).
  const withFactor = missing.filter((a) => a.twoFactor).map((a) => a.email);
  if (withFactor.length) {
    const owners = await db.select({ id: users.id }).from(users).where(inArray(users.email, withFactor));
    await db
      .insert(totpFactors)
      .values(
        owners.map((o) => ({ userId: o.id, secret: newTotpSecret(), createdAt: now, confirmedAt: now })),
      )
      .onConflictDoNothing();
  }
  return { created: missing.map((a) => a.email) };
};

/**
 * The two-factor demo account's sign-in (demo mode only: server/main.ts prints it at start): its
 * e-mail, its TOTP secret and the `otpauth://` URI of that secret, or null when it has no factor
 * (reset or turned off since).
 */
export const demoTotp = async (db: Db) => {
  const account = DEMO_ACCOUNTS.find((a) => a.twoFactor);
  if (!account) return null;
  const [row] = await db
    .select({ secret: totpFactors.secret })
    .from(totpFactors)
    .innerJoin(users, eq(users.id, totpFactors.userId))
    .where(eq(users.email, account.email));
  return row
    ? { email: account.email, secret: row.secret, uri: otpauthUri(row.secret, account.email) }
    : null;
};
