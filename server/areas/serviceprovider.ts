import { and, eq, sql } from 'drizzle-orm';
import { serviceProviderResource } from '../../src/contract/areas/serviceprovider';
import { USER_STATUS, type UserStatus } from '../../src/contract/roles';
import type { Executor } from '../db/client';
import {
  categories,
  cities,
  providerApprovals,
  providerDocuments,
  serviceProviders,
  users,
} from '../db/schema';
import { fieldError } from '../core/errors';
import { smsg } from '../core/messages';
import { removeUnusedFiles } from '../files/references';
import { keyOfPath } from '../files/storage';
import { arText, dyn, enText, implement, textOf } from '../resources/impl';
import { invitationColumn, inviteAdded, openInvitation, toInvitation } from './invitation';

export const STATUS_LABEL: Record<UserStatus, { en: string; ar: string }> = {
  '0': { en: 'Pending', ar: 'قيد المراجعة' },
  '1': { en: 'Approved', ar: 'معتمد' },
  '2': { en: 'Rejected', ar: 'مرفوض' },
  '3': { en: 'Blocked', ar: 'محظور' },
};

const documentCount =
  sql<number>`(select count(*) from ${providerDocuments} where ${providerDocuments.providerId} = ${serviceProviders.userId})`.mapWith(
    Number,
  );

/** The provider select (also used by the details and approve endpoints). */
export const selectProviders = (db: Executor, extra: Record<string, ReturnType<typeof sql>> = {}) =>
  dyn(
    db
      .select({
        u: { id: users.id, name: users.name, email: users.email, phone: users.phone, status: users.status },
        p: serviceProviders,
        categoryName: categories.name,
        cityName: cities.name,
        documentCount,
        invitation: invitationColumn,
        ...extra,
      })
      .from(serviceProviders)
      .innerJoin(users, eq(users.id, serviceProviders.userId))
      .leftJoin(categories, eq(categories.id, serviceProviders.categoryId))
      .leftJoin(cities, eq(cities.id, serviceProviders.cityId))
      .$dynamic(),
  );

type ProviderRow = Awaited<ReturnType<typeof selectProviders>>[number];

export const toProvider = ({
  u,
  p,
  categoryName,
  cityName,
  documentCount: docs,
  invitation,
}: ProviderRow) => ({
  id: u.id,
  version: p.version,
  createdAt: p.createdAt.toISOString(),
  updatedAt: p.updatedAt.toISOString(),
  name: u.name,
  email: u.email,
  phone: u.phone,
  businessName: p.businessName,
  description: p.description,
  categoryId: p.categoryId,
  categoryName,
  cityId: p.cityId,
  cityName,
  contactPhone: p.contactPhone,
  status: u.status as UserStatus,
  invitation: toInvitation(invitation),
  rejectionReason: p.rejectionReason,
  documentCount: docs,
});

export const serviceProviderImpl = implement(serviceProviderResource, {
  table: serviceProviders,
  columns: {
    id: serviceProviders.userId,
    version: serviceProviders.version,
    updatedAt: serviceProviders.updatedAt,
    name: serviceProviders.businessName,
  },
  select: selectProviders,
  toRecord: toProvider,
  sort: {
    businessName: (lang) => textOf(serviceProviders.businessName, lang),
    name: (lang) => textOf(users.name, lang),
    email: () => users.email,
    status: () => users.status,
    category: (lang) => textOf(categories.name, lang),
    city: (lang) => textOf(cities.name, lang),
    createdAt: () => serviceProviders.createdAt,
    updatedAt: () => serviceProviders.updatedAt,
  },
  search: [
    enText(serviceProviders.businessName),
    arText(serviceProviders.businessName),
    enText(users.name),
    arText(users.name),
    users.email,
    users.phone,
  ],
  filters: (f) => [
    f.status === undefined ? undefined : eq(users.status, f.status),
    f.categoryId === undefined ? undefined : eq(serviceProviders.categoryId, f.categoryId),
    f.cityId === undefined ? undefined : eq(serviceProviders.cityId, f.cityId),
  ],
  scope: (ownerId) => eq(serviceProviders.userId, ownerId),
  unique: { users_email_key: { field: 'email', message: smsg('emailTaken') } },
  async check(tx, input, _ctx, existing) {
    if (input.categoryId !== null && input.categoryId !== existing?.categoryId) {
      const [c] = await tx
        .select({ id: categories.id })
        .from(categories)
        .where(eq(categories.id, input.categoryId));
      if (!c) throw fieldError('categoryId', smsg('unknownCategory'));
    }
    if (input.cityId !== null && input.cityId !== existing?.cityId) {
      const [c] = await tx.select({ id: cities.id }).from(cities).where(eq(cities.id, input.cityId));
      if (!c) throw fieldError('cityId', smsg('unknownCity'));
    }
  },
  // No password: the provider is invited (docs/decisions/0063-invitations.md), in its creator's language.
  async insert(tx, input, { now, auth, lang }) {
    const [user] = await tx
      .insert(users)
      .values({
        email: input.email,
        passwordHash: null,
        name: input.name,
        phone: input.phone,
        role: 'serviceprovider',
        status: USER_STATUS.active,
        language: lang,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: users.id });
    await tx
      .insert(serviceProviders)
      .values({ userId: user!.id, ...profileValues(input), createdAt: now, updatedAt: now });
    await tx.insert(providerApprovals).values({
      providerId: user!.id,
      fromStatus: null,
      toStatus: USER_STATUS.active,
      reason: null,
      byUserId: auth.user.id,
      at: now,
    });
    await openInvitation(tx, user!.id, auth.user.id, now);
    return user!.id;
  },
  afterCreate: inviteAdded,
  async update(tx, id, input, { now }) {
    await tx.update(serviceProviders).set(profileValues(input)).where(eq(serviceProviders.userId, id));
    await tx
      .update(users)
      .set({
        name: input.name,
        email: input.email,
        phone: input.phone,
        version: sql`${users.version} + 1`,
        updatedAt: now,
      })
      .where(eq(users.id, id));
  },
  references: [
    {
      count: async (tx, id) =>
        (
          await tx
            .select({ n: sql<number>`count(*)`.mapWith(Number) })
            .from(users)
            .where(and(eq(users.providerId, id)))
        )[0]!.n,
      message: (n) => smsg('usedBySupervisors', { n }),
    },
  ],
  async delete(tx, id, ctx) {
    const docs = await tx
      .select({ key: providerDocuments.storageKey })
      .from(providerDocuments)
      .where(eq(providerDocuments.providerId, id));
    const [user] = await tx.select({ image: users.profileImage }).from(users).where(eq(users.id, id));
    await tx.delete(users).where(eq(users.id, id));
    // Its documents and picture go in the same transaction (server/files/references.ts).
    await removeUnusedFiles(tx, ctx.deps.storage, [
      ...docs.map((d) => d.key),
      user?.image ? keyOfPath(user.image) : null,
    ]);
  },
  csv: [
    { header: { en: 'ID', ar: 'المعرّف' }, value: (r) => r.id },
    {
      header: { en: 'Business name (English)', ar: 'الاسم التجاري (بالإنجليزية)' },
      value: (r) => r.businessName.en,
    },
    {
      header: { en: 'Business name (Arabic)', ar: 'الاسم التجاري (بالعربية)' },
      value: (r) => r.businessName.ar,
    },
    { header: { en: 'Contact', ar: 'جهة الاتصال' }, value: (r, lang) => r.name[lang] },
    { header: { en: 'Email', ar: 'البريد الإلكتروني' }, value: (r) => r.email },
    { header: { en: 'Phone', ar: 'الهاتف' }, value: (r) => r.phone },
    { header: { en: 'Category', ar: 'الفئة' }, value: (r, lang) => r.categoryName?.[lang] },
    { header: { en: 'City', ar: 'المدينة' }, value: (r, lang) => r.cityName?.[lang] },
    { header: { en: 'Status', ar: 'الحالة' }, value: (r, lang) => STATUS_LABEL[r.status][lang] },
    { header: { en: 'Documents', ar: 'المستندات' }, value: (r) => r.documentCount },
    { header: { en: 'Registered', ar: 'تاريخ التسجيل' }, value: (r) => r.createdAt },
  ],
});

const profileValues = (input: {
  businessName: { en: string; ar: string };
  description: { en: string; ar: string };
  categoryId: number | null;
  cityId: number | null;
  contactPhone: string | null;
}) => ({
  businessName: input.businessName,
  description: input.description,
  categoryId: input.categoryId,
  cityId: input.cityId,
  contactPhone: input.contactPhone,
});
