/**
 * The demo's people (server/seed/demo-data.ts): 40 service providers in every status besides the
 * demo accounts' profiles, their supervisors and the staff, named from the tables of demo-people.ts.
 */
import { eq } from 'drizzle-orm';
import { USER_STATUS, type Role, type UserStatus } from '../../src/contract/roles';
import type { Tx } from '../db/client';
import { serviceProviders, users } from '../db/schema';
import { DEMO } from './demo-accounts';
import { l, type Ago } from './demo-basics';
import type { CitySeed } from './demo-masters';
import { BLOCKS, BRANDS, FIRST, KINDS, LAST, REJECTIONS } from './demo-people';

const phoneOf = (dial: string, i: number) => `${dial}5${String(10_000_000 + i * 7_919).slice(-8)}`;

const statusAt = (i: number): UserStatus =>
  i % 10 === 3 || i % 10 === 7
    ? USER_STATUS.pending
    : i % 10 === 5
      ? USER_STATUS.rejected
      : i === 19 || i === 33
        ? USER_STATUS.blocked
        : USER_STATUS.active;

/** The 40 providers, by brand, kind and city. */
export const providerSeedsOf = (
  citySeeds: CitySeed[],
  cats: { id: number }[],
  cts: { id: number }[],
  ago: Ago,
) =>
  Array.from({ length: 40 }, (_, i) => {
    const first = FIRST[(i * 7) % FIRST.length]!;
    const last = LAST[(i * 3) % LAST.length]!;
    const brand = BRANDS[i % BRANDS.length]!;
    const kindIdx = (i * 5) % KINDS.length;
    const kind = KINDS[kindIdx]!;
    const city = citySeeds[(i * 3) % 24]!;
    return {
      i,
      email: `${brand.en.toLowerCase().replace(/[^a-z]+/g, '')}.${kind.en.toLowerCase().replace(/[^a-z]+/g, '')}${i}@example.com`,
      name: l(`${first.en} ${last.en}`, `${first.ar} ${last.ar}`),
      phone: phoneOf(city.dial, i),
      business: l(`${brand.en} ${kind.en}`, `${brand.ar} ${kind.ar}`),
      description: l(
        `${brand.en} ${kind.en} has served clients in ${city.name.en} for ${3 + (i % 12)} years.`,
        `تخدم ${brand.ar} ${kind.ar} العملاء في ${city.name.ar} منذ ${3 + (i % 12)} سنوات.`,
      ),
      categoryId: cats[kindIdx]!.id,
      cityId: cts[(i * 3) % 24]!.id,
      status: statusAt(i),
      createdAt: ago(160 - i * 3),
    };
  });
export type ProviderSeed = ReturnType<typeof providerSeedsOf>[number];

export const reasonOf = (p: ProviderSeed) =>
  p.status === USER_STATUS.rejected
    ? REJECTIONS[p.i % REJECTIONS.length]!
    : p.status === USER_STATUS.blocked
      ? BLOCKS[p.i % BLOCKS.length]!
      : null;

/** Inserts the providers' accounts and profiles; their user ids by e-mail. */
export const insertProviders = async (tx: Tx, providerSeeds: ProviderSeed[], passwordHash: string) => {
  const created = await tx
    .insert(users)
    .values(
      providerSeeds.map((p) => ({
        email: p.email,
        passwordHash,
        name: p.name,
        phone: p.phone,
        role: 'serviceprovider' as Role,
        status: p.status,
        language: p.i % 3 === 0 ? 'ar' : 'en',
        createdAt: p.createdAt,
        updatedAt: p.createdAt,
      })),
    )
    .returning({ id: users.id, email: users.email });
  const idByEmail = new Map(created.map((u) => [u.email, u.id]));
  await tx.insert(serviceProviders).values(
    providerSeeds.map((p) => ({
      userId: idByEmail.get(p.email)!,
      businessName: p.business,
      description: p.description,
      categoryId: p.categoryId,
      cityId: p.cityId,
      contactPhone: p.phone,
      rejectionReason: reasonOf(p),
      createdAt: p.createdAt,
      updatedAt: p.createdAt,
    })),
  );
  return idByEmail;
};

/** The demo provider: a complete, approved profile in Riyadh. */
export const completeDemoProvider = (tx: Tx, userId: number, categoryId: number, cityId: number) =>
  tx
    .update(serviceProviders)
    .set({
      businessName: l('Nasser Events & Weddings', 'ناصر للفعاليات وحفلات الزفاف'),
      description: l(
        'Full-service wedding and corporate event planning across Riyadh and Jeddah.',
        'تنظيم متكامل لحفلات الزفاف وفعاليات الشركات في الرياض وجدة.',
      ),
      categoryId,
      cityId,
      contactPhone: DEMO.provider.phone,
    })
    .where(eq(serviceProviders.userId, userId));

/** Twenty supervisors, each with one of `owners` (providers' user ids) in turn. */
export const supervisorsOf = (owners: number[], passwordHash: string, ago: Ago) =>
  Array.from({ length: 20 }, (_, i) => {
    const first = FIRST[(i * 3 + 5) % FIRST.length]!;
    const last = LAST[(i * 5 + 2) % LAST.length]!;
    return {
      email: `supervisor${i + 1}@example.com`,
      passwordHash,
      name: l(`${first.en} ${last.en}`, `${first.ar} ${last.ar}`),
      phone: phoneOf('+971', 500 + i),
      role: 'manager' as Role,
      status: i % 7 === 6 ? USER_STATUS.blocked : USER_STATUS.active,
      providerId: owners[i % owners.length]!,
      language: i % 2 ? 'ar' : 'en',
      createdAt: ago(100 - i * 2),
      updatedAt: ago(50 - i),
    };
  });

/** Twelve staff: two admins, the rest managers. */
export const staffOf = (passwordHash: string, ago: Ago) =>
  Array.from({ length: 12 }, (_, i) => {
    const first = FIRST[(i * 11 + 1) % FIRST.length]!;
    const last = LAST[(i * 7 + 4) % LAST.length]!;
    return {
      email: `${first.en.toLowerCase()}.${last.en.toLowerCase().replace(/[^a-z]/g, '')}@example.com`,
      passwordHash,
      name: l(`${first.en} ${last.en}`, `${first.ar} ${last.ar}`),
      phone: phoneOf('+966', 900 + i),
      role: (i < 2 ? 'admin' : 'manager') as Role,
      status: i === 7 ? USER_STATUS.blocked : USER_STATUS.active,
      language: i % 2 ? 'ar' : 'en',
      createdAt: ago(300 - i * 10),
      updatedAt: ago(30 - i),
    };
  });
