/**
 * Demo data (demo mode only): realistic English / Arabic masters, service providers in every
 * status with documents (small real PDF and PNG files in storage) and approval history,
 * supervisors and staff, so that every list looks real, then the events, advertisements, pages
 * and bookings of demo-events.ts. Idempotent: each part runs once, when its tables are empty. Batch inserts keep it to about a second on PGlite.
 */
import { randomBytes } from 'node:crypto';
import { count, eq, inArray, sql } from 'drizzle-orm';
import { USER_STATUS, type UserStatus } from '../../src/contract/roles';
import { hashPassword } from '../auth/passwords';
import type { Storage } from '../files/storage';
import type { Db, Tx } from '../db/client';
import { categories, providerApprovals, providerDocuments, users } from '../db/schema';
import { DEMO, DEMO_PASSWORD } from './demo-accounts';
import { agoFrom, DAY, type Ago } from './demo-basics';
import { seedDemoEvents } from './demo-events';
import { insertMasters } from './demo-masters';
import { BLOCKS } from './demo-people';
import {
  completeDemoProvider,
  insertProviders,
  providerSeedsOf,
  reasonOf,
  staffOf,
  supervisorsOf,
  type ProviderSeed,
} from './demo-providers';

/** A small, valid one-page PDF. */
const demoPdf = (title: string): Uint8Array => {
  const text = title.replace(/[()\\]/g, '');
  const content = `BT /F1 14 Tf 40 60 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 420 120] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) out += `${String(off).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(out);
};

/** A valid 1×1 PNG. */
export const demoPng = (): Uint8Array =>
  new Uint8Array(
    Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    ),
  );

const key = (folder: string, ext: string) => `${folder}/${randomBytes(18).toString('base64url')}.${ext}`;

/** A file to store once the records are in. */
interface DemoFile {
  key: string;
  data: Uint8Array;
}
/** A provider as its approval history and documents see it. */
interface OnRecord {
  id: number;
  status: UserStatus;
  reason: string | null;
  at: Date;
  i: number;
}

/** A provider's approval history: approved, rejected or blocked by the admin. */
const approvalsOf = (p: OnRecord, adminId: number | null) => {
  const history: (typeof providerApprovals.$inferInsert)[] = [];
  if (p.status !== USER_STATUS.pending)
    history.push({
      providerId: p.id,
      fromStatus: USER_STATUS.pending,
      toStatus: p.status === USER_STATUS.blocked ? USER_STATUS.active : p.status,
      reason: p.status === USER_STATUS.rejected ? p.reason : null,
      byUserId: adminId,
      at: new Date(p.at.getTime() + 2 * DAY),
    });
  if (p.status === USER_STATUS.blocked)
    history.push({
      providerId: p.id,
      fromStatus: USER_STATUS.active,
      toStatus: USER_STATUS.blocked,
      reason: p.reason,
      byUserId: adminId,
      at: new Date(p.at.getTime() + 20 * DAY),
    });
  return history;
};

/** A provider's documents (none to three); their files go to `files`. */
const documentsOf = (p: OnRecord, files: DemoFile[]) => {
  const docs: (typeof providerDocuments.$inferInsert)[] = [];
  const wanted = [
    { name: 'commercial-registration.pdf', pdf: 'Commercial registration' },
    { name: 'trade-licence.pdf', pdf: 'Trade licence' },
    { name: 'logo.png', pdf: null },
  ].slice(0, p.i % 4);
  for (const d of wanted) {
    const data = d.pdf ? demoPdf(`${d.pdf} - provider ${p.id}`) : demoPng();
    const k = key('documents', d.pdf ? 'pdf' : 'png');
    files.push({ key: k, data });
    docs.push({
      providerId: p.id,
      storageKey: k,
      fileName: d.name,
      mimeType: d.pdf ? 'application/pdf' : 'image/png',
      size: data.byteLength,
      uploadedBy: p.id,
      uploadedAt: new Date(p.at.getTime() + DAY),
    });
  }
  return docs;
};

/** The providers' approval history and documents. */
const insertApprovalsAndDocuments = async (
  tx: Tx,
  providers: OnRecord[],
  adminId: number | null,
  files: DemoFile[],
) => {
  const history: (typeof providerApprovals.$inferInsert)[] = [];
  const docs: (typeof providerDocuments.$inferInsert)[] = [];
  for (const p of providers) {
    history.push(...approvalsOf(p, adminId));
    docs.push(...documentsOf(p, files));
  }
  if (history.length) await tx.insert(providerApprovals).values(history);
  if (docs.length) await tx.insert(providerDocuments).values(docs);
};

type Masters = Awaited<ReturnType<typeof insertMasters>>;

/** Service providers: the demo accounts' profiles, then 40 more in every status; their supervisors. */
const seedProviders = async (tx: Tx, masters: Masters, passwordHash: string, ago: Ago, files: DemoFile[]) => {
  const { cats, cts, citySeeds } = masters;
  const admin = (await tx.select({ id: users.id }).from(users).where(eq(users.email, DEMO.admin.email)))[0];
  const demoProviders = await tx
    .select({ id: users.id, email: users.email, status: users.status })
    .from(users)
    .where(inArray(users.email, [DEMO.provider.email, DEMO.pending.email, DEMO.blocked.email]));
  const providerSeeds: ProviderSeed[] = providerSeedsOf(citySeeds, cats, cts, ago);
  const idByEmail = await insertProviders(tx, providerSeeds, passwordHash);
  // The demo provider: a complete, approved profile in Riyadh.
  const demoProvider = demoProviders.find((p) => p.email === DEMO.provider.email);
  if (demoProvider) await completeDemoProvider(tx, demoProvider.id, cats[0]!.id, cts[0]!.id);
  await insertApprovalsAndDocuments(
    tx,
    [
      ...providerSeeds.map((p) => ({
        id: idByEmail.get(p.email)!,
        status: p.status,
        reason: reasonOf(p),
        at: p.createdAt,
        i: p.i,
      })),
      ...demoProviders.map((p, k) => ({
        id: p.id,
        status: p.status as UserStatus,
        reason: p.status === USER_STATUS.blocked ? BLOCKS[0]! : null,
        at: ago(90 + k),
        i: 100 + k,
      })),
    ],
    admin?.id ?? null,
    files,
  );
  // supervisors: four for the demo provider, the rest with approved providers
  const approved = providerSeeds
    .filter((p) => p.status === USER_STATUS.active)
    .map((p) => idByEmail.get(p.email)!);
  const owners = [...(demoProvider ? Array(4).fill(demoProvider.id) : []), ...approved];
  await tx.insert(users).values(supervisorsOf(owners, passwordHash, ago));
};

export const seedDemoData = async (
  db: Db,
  storage: Storage,
  now: Date = new Date(),
): Promise<{ seeded: boolean }> => {
  const [{ n }] = (await db.select({ n: count() }).from(categories)) as [{ n: number }];
  if (Number(n) > 0) return seedDemoEvents(db, storage, now);
  const ago = agoFrom(now);
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const files: DemoFile[] = [];

  await db.transaction(async (tx) => {
    // Seeded rows are neither on the audit trail nor news for the live change log (ADR 0017, ADR 0019).
    await tx.execute(sql`select set_config('ebo.audit', 'off', true), set_config('ebo.live', 'off', true)`);
    // masters
    const masters = await insertMasters(tx, ago);
    await seedProviders(tx, masters, passwordHash, ago, files);
    // staff
    await tx.insert(users).values(staffOf(passwordHash, ago));
  });
  // One transaction for all: one commit instead of one per file.
  await db.transaction(async (tx) => {
    for (const f of files) await storage.put(f.key, f.data, { db: tx });
  });
  await seedDemoEvents(db, storage, now);
  return { seeded: true };
};
