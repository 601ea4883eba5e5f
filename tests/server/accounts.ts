/**
 * Accounts made for a test on the server's own database: what the account tests (sessions, two-factor,
 * passkeys, forgotten password) start from, without going through the areas' forms.
 */
import { eq } from 'drizzle-orm';
import { users } from '../../server/db/schema';
import { USER_STATUS, type Role, type UserStatus } from '../../src/contract/roles';
import { DEMO, type TestServer } from '../setup/server';

let made = 0;

export interface NewAccount {
  /** The start of the address (`<prefix><n>-<time>@test.example.com`). */
  prefix?: string;
  role?: Role;
  language?: 'en' | 'ar';
  status?: UserStatus;
  /** Invited: no password yet (docs/decisions/0063-invitations.md). */
  invited?: boolean;
  name?: { en: string; ar: string };
}

/** A new account, an active admin with the demo password unless told (an admin: no provider is involved). */
export async function newAccount(
  t: TestServer,
  {
    prefix = 'account',
    role = 'admin',
    language = 'en',
    status = USER_STATUS.active,
    invited = false,
    name = { en: 'Account Sample', ar: 'عينة حساب' },
  }: NewAccount = {},
) {
  const [admin] = await t.db.db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.email, DEMO.admin.email));
  const now = t.clock.now();
  const [row] = await t.db.db
    .insert(users)
    .values({
      email: `${prefix}${++made}-${Date.now()}@test.example.com`,
      passwordHash: invited ? null : admin!.passwordHash,
      name,
      role,
      status,
      language,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return row!;
}
