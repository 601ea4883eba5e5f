/**
 * Service provider actions besides the resource operations: details (profile, documents, approval
 * history, supervisors), approve / reject / block, document upload, removal and authenticated
 * download. A provider acting on itself (owner access) reaches only its own records: any other id
 * answers 404.
 */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  serviceProviderApi,
  MAX_DOCUMENTS_PER_PROVIDER,
  MAX_DOCUMENT_BYTES,
} from '../../src/contract/areas/serviceprovider';
import { OWNER_ROLE } from '../../src/contract/http';
import type { UserStatus } from '../../src/contract/roles';
import type { AuthInfo } from '../auth/sessions';
import type { Executor } from '../db/client';
import { providerApprovals, providerDocuments, serviceProviders, users } from '../db/schema';
import { conflict, fieldError, notFound, tooLarge } from '../core/errors';
import { route, routeFile, type Handler } from '../http/route';
import { UPLOAD_CSP } from '../http/security';
import type { App } from '../http/types';
import { smsg } from '../core/messages';
import { setAccountStatus } from '../auth/accounts';
import { selectProviders, toProvider } from './serviceprovider';
import { newKey, sniffImage } from '../http/uploads';
import { fileAnswer } from '../http/file-answer';
import { removeUnusedFiles } from '../files/references';
import { rowCtx, runRowAction, type BodyOf, type RowAction } from '../resources/row-actions';

/** Document type from the file's first bytes: PDF, JPEG or PNG (never from its name). */
const sniffDocument = (bytes: Uint8Array): { ext: string; mime: string } | null => {
  if (bytes.length >= 5 && [0x25, 0x50, 0x44, 0x46, 0x2d].every((b, i) => bytes[i] === b))
    return { ext: 'pdf', mime: 'application/pdf' };
  const image = sniffImage(bytes);
  return image && image.ext !== 'webp' ? image : null;
};

/** A file name safe to show and to send back in Content-Disposition. */
const cleanFileName = (name: string, ext: string) => {
  const base = (name.split(/[\\/]/).pop() ?? '')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f"<>|:*?]/g, '')
    .trim()
    .slice(0, 150);
  return base || `document.${ext}`;
};

/** The provider a caller may act on: itself for a provider (others: 404), any for staff. */
const ownerIdOf = (auth: AuthInfo) =>
  auth.user.role === OWNER_ROLE && !auth.permissions.includes('serviceprovider') ? auth.user.id : null;

const assertMayReach = (auth: AuthInfo, providerId: number) => {
  const owner = ownerIdOf(auth);
  if (owner !== null && owner !== providerId) throw notFound();
};

const toDocument = (d: typeof providerDocuments.$inferSelect) => ({
  id: d.id,
  providerId: d.providerId,
  fileName: d.fileName,
  mimeType: d.mimeType,
  size: d.size,
  uploadedAt: d.uploadedAt.toISOString(),
  downloadPath: `/api/serviceprovider/documents/${d.id}`,
});

const loadProvider = async (db: Executor, id: number) => {
  const [row] = await selectProviders(db).where(eq(serviceProviders.userId, id)).limit(1);
  return row ? toProvider(row) : null;
};

/**
 * Approve, reject or block a provider (a row action: the endpoint and bulk jobs). The same status
 * (and reason) again changes nothing.
 */
export const setProviderStatus: RowAction<BodyOf<typeof serviceProviderApi.serviceProviderApprove>> = async (
  tx,
  ctx,
  body,
) => {
  const [p] = await tx
    .select({ status: users.status, reason: serviceProviders.rejectionReason })
    .from(serviceProviders)
    .innerJoin(users, eq(users.id, serviceProviders.userId))
    .where(eq(serviceProviders.userId, body.id))
    .for('update');
  if (!p) throw notFound();
  if (p.status === body.status && (body.status === '1' || p.reason === body.reason))
    return { changed: false };
  await setAccountStatus(tx, {
    userId: body.id,
    to: body.status,
    reason: body.reason,
    byUserId: ctx.auth.user.id,
    now: ctx.now,
  });
  return { changed: true };
};

const serviceProviderDetails: Handler<typeof serviceProviderApi.serviceProviderDetails> = async ({
  deps,
  query,
  requireAuth,
}) => {
  const auth = requireAuth();
  assertMayReach(auth, query.id);
  const { db } = deps;
  const profile = await loadProvider(db, query.id);
  if (!profile) throw notFound();
  const [documents, history, supervisors] = await Promise.all([
    db
      .select()
      .from(providerDocuments)
      .where(eq(providerDocuments.providerId, query.id))
      .orderBy(desc(providerDocuments.uploadedAt), desc(providerDocuments.id)),
    db
      .select({ h: providerApprovals, byName: users.name })
      .from(providerApprovals)
      .leftJoin(users, eq(users.id, providerApprovals.byUserId))
      .where(eq(providerApprovals.providerId, query.id))
      .orderBy(desc(providerApprovals.at), desc(providerApprovals.id)),
    db
      .select({ id: users.id, name: users.name, email: users.email, status: users.status })
      .from(users)
      .where(eq(users.providerId, query.id))
      .orderBy(asc(users.id)),
  ]);
  return {
    message: smsg('loaded'),
    data: {
      profile,
      documents: documents.map(toDocument),
      history: history.map(({ h, byName }) => ({
        id: h.id,
        fromStatus: h.fromStatus as UserStatus | null,
        toStatus: h.toStatus as UserStatus,
        reason: h.reason,
        by: h.byUserId !== null && byName ? { id: h.byUserId, name: byName } : null,
        at: h.at.toISOString(),
      })),
      supervisors: supervisors.map((s) => ({ ...s, status: s.status as UserStatus })),
    },
  };
};

const serviceProviderApprove: Handler<typeof serviceProviderApi.serviceProviderApprove> = async ({
  deps,
  body,
  requireAuth,
  lang,
}) => {
  await runRowAction(setProviderStatus, rowCtx(deps, requireAuth(), lang), body);
  const message =
    body.status === '1' ? 'providerApproved' : body.status === '2' ? 'providerRejected' : 'providerBlocked';
  return {
    message: smsg(message),
    data: (await loadProvider(deps.db, body.id))!,
  };
};

const serviceProviderUploadDocument: Handler<
  typeof serviceProviderApi.serviceProviderUploadDocument
> = async ({ deps, params, files, requireAuth }) => {
  const auth = requireAuth();
  assertMayReach(auth, params.id);
  const list = files.file ?? [];
  const file = list[0];
  if (!file || file.size === 0 || list.length > 1) throw fieldError('file', smsg('fileRequired'));
  if (file.size > MAX_DOCUMENT_BYTES)
    throw tooLarge(smsg('documentTooBig'), { file: smsg('documentTooBig') });
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = sniffDocument(bytes);
  if (!type) throw fieldError('file', smsg('documentType'));
  const { db, config, storage } = deps;
  const key = newKey('documents', type.ext);
  // The document's row and its file commit together, counted against the uploader's quota.
  const doc = await db.transaction(async (tx) => {
    const [p] = await tx
      .select({ id: serviceProviders.userId })
      .from(serviceProviders)
      .where(eq(serviceProviders.userId, params.id))
      .for('update');
    if (!p) throw notFound();
    const [{ n }] = (await tx
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(providerDocuments)
      .where(eq(providerDocuments.providerId, params.id))) as [{ n: number }];
    if (n >= MAX_DOCUMENTS_PER_PROVIDER)
      throw conflict(smsg('tooManyDocuments', { n: MAX_DOCUMENTS_PER_PROVIDER }));
    await storage.put(key, bytes, { ownerId: auth.user.id, db: tx });
    const [row] = await tx
      .insert(providerDocuments)
      .values({
        providerId: params.id,
        storageKey: key,
        fileName: cleanFileName(file.name, type.ext),
        mimeType: type.mime,
        size: bytes.byteLength,
        uploadedBy: auth.user.id,
        uploadedAt: config.now(),
      })
      .returning();
    return row!;
  });
  return { message: smsg('documentSaved'), data: toDocument(doc) };
};

const serviceProviderRemoveDocuments: Handler<
  typeof serviceProviderApi.serviceProviderRemoveDocuments
> = async ({ deps, body, requireAuth }) => {
  const auth = requireAuth();
  const owner = ownerIdOf(auth);
  const ids = [...new Set(body.ids)];
  await deps.db.transaction(async (tx) => {
    const docs = await tx
      .select({ id: providerDocuments.id, key: providerDocuments.storageKey })
      .from(providerDocuments)
      .where(
        and(
          inArray(providerDocuments.id, ids),
          owner === null ? undefined : eq(providerDocuments.providerId, owner),
        ),
      );
    if (docs.length !== ids.length) throw notFound();
    await tx.delete(providerDocuments).where(inArray(providerDocuments.id, ids));
    await removeUnusedFiles(
      tx,
      deps.storage,
      docs.map((d) => d.key),
    );
  });
  return { message: smsg('documentsRemoved') };
};

export const registerServiceProviderRoutes = (app: App) => {
  route(app, serviceProviderApi.serviceProviderDetails, serviceProviderDetails);

  route(app, serviceProviderApi.serviceProviderApprove, serviceProviderApprove);

  route(app, serviceProviderApi.serviceProviderUploadDocument, serviceProviderUploadDocument);

  route(app, serviceProviderApi.serviceProviderRemoveDocuments, serviceProviderRemoveDocuments);

  routeFile(
    app,
    serviceProviderApi.serviceProviderDownloadDocument,
    async ({ c, deps, params, requireAuth }) => {
      const auth = requireAuth();
      const [doc] = await deps.db.select().from(providerDocuments).where(eq(providerDocuments.id, params.id));
      if (!doc) throw notFound();
      assertMayReach(auth, doc.providerId);
      const file = await deps.storage.info(doc.storageKey);
      if (!file) throw notFound();
      const ascii = doc.fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
      return fileAnswer(c.req.raw, deps.storage, file, {
        'Content-Type': doc.mimeType,
        'Content-Disposition': `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(doc.fileName)}`,
        'X-Content-Type-Options': 'nosniff',
        'Content-Security-Policy': UPLOAD_CSP,
        'Cache-Control': 'private, no-store',
      });
    },
  );
};
