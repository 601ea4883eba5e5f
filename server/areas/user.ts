import { eq, sql } from 'drizzle-orm';
import { userResource } from '../../src/contract/areas/user';
import { USER_STATUS, type Role, type UserStatus } from '../../src/contract/roles';
import { users } from '../db/schema';
import { fieldError } from '../core/errors';
import { smsg } from '../core/messages';
import { assertNotLastAdmin } from '../auth/accounts';
import { dyn, implement, textOf } from '../resources/impl';
import { STATUS_LABEL } from './serviceprovider';
import { invitationColumn, inviteAdded, openInvitation, toInvitation } from './invitation';

const ROLE_LABEL: Record<Role, { en: string; ar: string }> = {
  admin: { en: 'Admin', ar: 'مسؤول' },
  manager: { en: 'Manager', ar: 'مدير' },
  serviceprovider: { en: 'Service provider', ar: 'مقدم خدمة' },
  door: { en: 'Door staff', ar: 'موظف البوابة' },
};

/** The searched texts, exactly as the trigram index `users_search_trgm_idx` is built. */
const userSearchText = sql`((${users.name}->>'en') || ' ' || (${users.name}->>'ar') || ' ' || ${users.email} || ' ' || coalesce(${users.phone}, ''))`;

export const userImpl = implement(userResource, {
  table: users,
  columns: { id: users.id, version: users.version, updatedAt: users.updatedAt, name: users.name },
  select: (db, extra) =>
    dyn(
      db
        .select({ u: users, invitation: invitationColumn, ...extra })
        .from(users)
        .$dynamic(),
    ),
  toRecord: ({ u, invitation }) => ({
    id: u.id,
    version: u.version,
    createdAt: u.createdAt.toISOString(),
    updatedAt: u.updatedAt.toISOString(),
    name: u.name,
    email: u.email,
    phone: u.phone,
    role: u.role as Role,
    status: u.status as UserStatus,
    invitation: toInvitation(invitation),
    language: u.language,
    profileImage: u.profileImage,
    providerId: u.providerId,
  }),
  sort: {
    name: (lang) => textOf(users.name, lang),
    email: () => users.email,
    role: () => users.role,
    status: () => users.status,
    createdAt: () => users.createdAt,
    updatedAt: () => users.updatedAt,
  },
  search: [userSearchText],
  filters: (f) => [
    f.role === undefined ? undefined : eq(users.role, f.role),
    f.status === undefined ? undefined : eq(users.status, f.status),
  ],
  unique: { users_email_key: { field: 'email', message: smsg('emailTaken') } },
  async check(tx, input, { auth }, existing) {
    if (!existing) {
      if (input.role === 'serviceprovider') throw fieldError('role', smsg('providerAccounts'));
      return;
    }
    if (input.role === existing.role) return;
    if (existing.id === auth.user.id) throw fieldError('role', smsg('ownRole'));
    if (input.role === 'serviceprovider' || existing.role === 'serviceprovider')
      throw fieldError('role', smsg('providerAccounts'));
    if (existing.providerId !== null) throw fieldError('role', smsg('supervisorRole'));
    if (existing.role === 'admin' && existing.status === USER_STATUS.active)
      await assertNotLastAdmin(tx, existing.id);
  },
  // No password: the account is invited (docs/decisions/0063-invitations.md), in its creator's language.
  async insert(tx, input, { now, auth, lang }) {
    const [row] = await tx
      .insert(users)
      .values({
        email: input.email,
        passwordHash: null,
        name: input.name,
        phone: input.phone,
        role: input.role,
        status: USER_STATUS.active,
        language: lang,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: users.id });
    await openInvitation(tx, row!.id, auth.user.id, now);
    return row!.id;
  },
  afterCreate: inviteAdded,
  values: (input) => ({ name: input.name, email: input.email, phone: input.phone, role: input.role }),
  csv: [
    { header: { en: 'ID', ar: 'المعرّف' }, value: (r) => r.id },
    { header: { en: 'Name (English)', ar: 'الاسم (بالإنجليزية)' }, value: (r) => r.name.en },
    { header: { en: 'Name (Arabic)', ar: 'الاسم (بالعربية)' }, value: (r) => r.name.ar },
    { header: { en: 'Email', ar: 'البريد الإلكتروني' }, value: (r) => r.email },
    { header: { en: 'Phone', ar: 'الهاتف' }, value: (r) => r.phone },
    { header: { en: 'Role', ar: 'الدور' }, value: (r, lang) => ROLE_LABEL[r.role][lang] },
    { header: { en: 'Status', ar: 'الحالة' }, value: (r, lang) => STATUS_LABEL[r.status][lang] },
    { header: { en: 'Created', ar: 'تاريخ الإنشاء' }, value: (r) => r.createdAt },
  ],
});
