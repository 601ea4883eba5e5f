import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { SUPERVISOR_ROLES, supervisorResource } from '../../src/contract/areas/supervisor';
import { msg } from '../../src/contract/messages';
import { USER_STATUS, type UserStatus } from '../../src/contract/roles';
import type { Tx } from '../db/client';
import { serviceProviders, users } from '../db/schema';
import { fieldError } from '../core/errors';
import { smsg } from '../core/messages';
import { arText, dyn, enText, implement, textOf, type ResourceCtx } from '../resources/impl';
import { invitationColumn, inviteAdded, openInvitation, toInvitation } from './invitation';

const STATUS: Record<string, { en: string; ar: string }> = {
  '1': { en: 'Active', ar: 'نشط' },
  '3': { en: 'Inactive', ar: 'غير نشط' },
};

const ACCESS: Record<(typeof SUPERVISOR_ROLES)[number], { en: string; ar: string }> = {
  manager: { en: 'Full supervisor', ar: 'مشرف كامل' },
  door: { en: 'Door only', ar: 'البوابة فقط' },
};

/**
 * A provider's accounts as the supervisors area lists them: full supervisors (`manager`) and door
 * accounts (`door`, docs/decisions/0055-the-door.md), each belonging to one provider.
 */
export const supervisorAccount = and(inArray(users.role, [...SUPERVISOR_ROLES]), isNotNull(users.providerId));

/** The supervisor's provider: a provider's own calls always get itself; staff must name one. */
const providerFor = async (tx: Tx, requested: number | undefined, ctx: ResourceCtx, current?: number) => {
  if (ctx.ownerId !== null) {
    if (requested !== undefined && requested !== ctx.ownerId)
      throw fieldError('providerId', smsg('unknownProvider'));
    return ctx.ownerId;
  }
  const id = requested ?? current;
  if (id === undefined) throw fieldError('providerId', msg('required'));
  if (id !== current) {
    const [p] = await tx
      .select({ id: serviceProviders.userId })
      .from(serviceProviders)
      .where(eq(serviceProviders.userId, id));
    if (!p) throw fieldError('providerId', smsg('unknownProvider'));
  }
  return id;
};

export const supervisorImpl = implement(supervisorResource, {
  table: users,
  columns: { id: users.id, version: users.version, updatedAt: users.updatedAt, name: users.name },
  select: (db, extra) =>
    dyn(
      db
        .select({
          u: users,
          providerName: serviceProviders.businessName,
          invitation: invitationColumn,
          ...extra,
        })
        .from(users)
        .innerJoin(serviceProviders, eq(serviceProviders.userId, users.providerId))
        .$dynamic(),
    ),
  toRecord: ({ u, providerName, invitation }) => ({
    id: u.id,
    version: u.version,
    createdAt: u.createdAt.toISOString(),
    updatedAt: u.updatedAt.toISOString(),
    name: u.name,
    email: u.email,
    phone: u.phone,
    providerId: u.providerId!,
    providerName,
    role: u.role as (typeof SUPERVISOR_ROLES)[number],
    status: u.status as UserStatus,
    invitation: toInvitation(invitation),
  }),
  base: supervisorAccount,
  scope: (ownerId) => eq(users.providerId, ownerId),
  sort: {
    name: (lang) => textOf(users.name, lang),
    email: () => users.email,
    provider: (lang) => textOf(serviceProviders.businessName, lang),
    role: () => users.role,
    status: () => users.status,
    createdAt: () => users.createdAt,
    updatedAt: () => users.updatedAt,
  },
  search: [
    enText(users.name),
    arText(users.name),
    users.email,
    users.phone,
    enText(serviceProviders.businessName),
    arText(serviceProviders.businessName),
  ],
  filters: (f) => [
    f.providerId === undefined ? undefined : eq(users.providerId, f.providerId),
    f.role === undefined ? undefined : eq(users.role, f.role),
    f.status === undefined ? undefined : eq(users.status, f.status),
  ],
  unique: { users_email_key: { field: 'email', message: smsg('emailTaken') } },
  async check(tx, input, ctx, existing) {
    await providerFor(tx, input.providerId, ctx, existing?.providerId);
  },
  async insert(tx, input, ctx) {
    const providerId = await providerFor(tx, input.providerId, ctx);
    const [row] = await tx
      .insert(users)
      .values({
        email: input.email,
        // No password: the supervisor is invited (docs/decisions/0063-invitations.md).
        passwordHash: null,
        name: input.name,
        phone: input.phone,
        role: input.role ?? 'manager',
        status: USER_STATUS.active,
        providerId,
        language: ctx.lang,
        createdAt: ctx.now,
        updatedAt: ctx.now,
      })
      .returning({ id: users.id });
    await openInvitation(tx, row!.id, ctx.auth.user.id, ctx.now);
    return row!.id;
  },
  afterCreate: inviteAdded,
  async updateValues(tx, input, ctx, existing) {
    const providerId = await providerFor(tx, input.providerId, ctx, existing.providerId);
    // A changed access takes effect on the account's next call (its permissions are read per call).
    return {
      name: input.name,
      email: input.email,
      phone: input.phone,
      providerId,
      role: input.role ?? existing.role,
    };
  },
  csv: [
    { header: { en: 'ID', ar: 'المعرّف' }, value: (r) => r.id },
    { header: { en: 'Name (English)', ar: 'الاسم (بالإنجليزية)' }, value: (r) => r.name.en },
    { header: { en: 'Name (Arabic)', ar: 'الاسم (بالعربية)' }, value: (r) => r.name.ar },
    { header: { en: 'Email', ar: 'البريد الإلكتروني' }, value: (r) => r.email },
    { header: { en: 'Phone', ar: 'الهاتف' }, value: (r) => r.phone },
    { header: { en: 'Service provider', ar: 'مقدم الخدمة' }, value: (r, lang) => r.providerName[lang] },
    { header: { en: 'Access', ar: 'الصلاحية' }, value: (r, lang) => ACCESS[r.role][lang] },
    { header: { en: 'Status', ar: 'الحالة' }, value: (r, lang) => (STATUS[r.status] ?? STATUS['3']!)[lang] },
    { header: { en: 'Created', ar: 'تاريخ الإنشاء' }, value: (r) => r.createdAt },
  ],
});
