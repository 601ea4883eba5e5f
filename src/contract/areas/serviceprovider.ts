import { z } from 'zod';
import { email, id, localized, phone } from '../common';
import { endpoint, needs, ok, okMessage } from '../http';
import { msg } from '../messages';
import { accountInvitation } from '../invitations';
import { defineResource, idParam, localizedText, recordOf } from '../resource';
import { userStatus } from '../roles';
import { MAX_DOCUMENT_BYTES, MAX_DOCUMENTS_PER_PROVIDER } from '../limits';

/**
 * Service providers: a user with role `serviceprovider` plus a business profile; the record's id is
 * the user's id. Status mirrors the account: "0" pending, "1" approved, "2" rejected, "3" blocked.
 * A provider (no `serviceprovider` permission) may list, read, update and export only itself, and
 * manage its own documents (`owner` access); approving, creating and deleting are staff-only.
 */
const tag = 'Service providers';

const optionalText = (max: number) =>
  z.strictObject({
    en: z
      .string()
      .trim()
      .max(max, msg('maxChars', { n: max })),
    ar: z
      .string()
      .trim()
      .max(max, msg('maxChars', { n: max })),
  });

export const serviceProviderResource = defineResource({
  key: 'serviceprovider',
  columns: [
    'businessName',
    'name',
    'email',
    'phone',
    'category',
    'city',
    'status',
    'documentCount',
    'createdAt',
  ],
  tag,
  permission: 'serviceprovider',
  ownerOps: ['list', 'get', 'update', 'export'],
  paths: {
    list: { method: 'GET', path: '/api/serviceprovider' },
    create: { method: 'POST', path: '/api/serviceprovider' },
    get: { method: 'GET', path: '/api/serviceprovider/:id' },
    update: { method: 'PUT', path: '/api/serviceprovider/:id' },
    remove: { method: 'DELETE', path: '/api/serviceprovider/:id' },
  },
  record: recordOf({
    /** The contact person (the account's name). */
    name: localizedText,
    email: z.string(),
    phone: z.string().nullable(),
    businessName: localizedText,
    description: localizedText,
    categoryId: z.number().int().nullable(),
    categoryName: localizedText.nullable(),
    cityId: z.number().int().nullable(),
    cityName: localizedText.nullable(),
    contactPhone: z.string().nullable(),
    status: userStatus,
    /** While the account has no password (docs/decisions/0063-invitations.md). */
    invitation: accountInvitation,
    rejectionReason: z.string().nullable(),
    documentCount: z.number().int(),
  }),
  input: z.strictObject({
    name: localized(100),
    email,
    phone: phone.nullable(),
    businessName: localized(150),
    description: optionalText(2000).default({ en: '', ar: '' }),
    categoryId: id.nullable(),
    cityId: id.nullable(),
    contactPhone: phone.nullable().default(null),
  }),
  filters: z.strictObject({
    status: userStatus.optional(),
    categoryId: idParam.optional(),
    cityId: idParam.optional(),
  }),
  sort: ['businessName', 'name', 'email', 'status', 'category', 'city', 'createdAt', 'updatedAt'],
  defaultSort: { column: 'createdAt', order: 'desc' },
  searchIn: 'business and contact names (English and Arabic), e-mail and phone',
  notes: {
    create:
      'Staff create an approved provider (status "1") without a password: it is invited by mail to set one (docs/decisions/0063-invitations.md); history records it. The answer says whether the mail went.',
    list: 'A provider sees only itself.',
    remove: 'Refused (409) while the provider still has supervisors; documents and history go with it.',
  },
});

const providerDocument = z.object({
  id: z.number().int(),
  providerId: z.number().int(),
  fileName: z.string(),
  mimeType: z.string(),
  size: z.number().int(),
  uploadedAt: z.string(),
  /** Authenticated download (owner and staff with the permission only). */
  downloadPath: z.string(),
});
export type ProviderDocument = z.infer<typeof providerDocument>;

const approvalEntry = z.object({
  id: z.number().int(),
  fromStatus: userStatus.nullable(),
  toStatus: userStatus,
  reason: z.string().nullable(),
  by: z.object({ id: z.number().int(), name: localizedText }).nullable(),
  at: z.string(),
});

const providerSupervisor = z.object({
  id: z.number().int(),
  name: localizedText,
  email: z.string(),
  status: userStatus,
});

export const DOCUMENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;
export { MAX_DOCUMENT_BYTES, MAX_DOCUMENTS_PER_PROVIDER };

const approveProviderBody = z
  .strictObject({
    id,
    /** "1" approve, "2" reject, "3" block; "2" and "3" need a reason. */
    status: z.enum(['1', '2', '3']),
    reason: z
      .string()
      .trim()
      .max(500, msg('maxChars', { n: 500 }))
      .nullable()
      .default(null),
  })
  .refine((b) => b.status === '1' || (b.reason ?? '').length > 0, {
    path: ['reason'],
    error: msg('reasonRequired'),
  });

const owner = needs('serviceprovider', { owner: true });

export const serviceProviderApi = {
  serviceProviderDetails: endpoint({
    method: 'GET',
    path: '/api/service-provider-details',
    summary: 'Details of one provider (?id=): profile, documents, approval history and supervisors.',
    tag,
    access: owner,
    query: z.strictObject({ id }),
    response: ok(
      z.object({
        profile: serviceProviderResource.record,
        documents: z.array(providerDocument),
        history: z.array(approvalEntry),
        supervisors: z.array(providerSupervisor),
      }),
    ),
  }),
  serviceProviderApprove: endpoint({
    method: 'POST',
    path: '/api/serviceprovider/approve',
    summary:
      'Approve ("1"), reject ("2", reason required) or block ("3", reason required) a provider; the account status follows, history records who, when, from, to and why. Approving lets it sign in.',
    tag,
    access: needs('serviceprovider'),
    body: approveProviderBody,
    response: ok(serviceProviderResource.record),
    idempotent: true,
  }),
  serviceProviderUploadDocument: endpoint({
    method: 'POST',
    path: '/api/serviceprovider/:id/documents',
    summary:
      'Upload a document of a provider (multipart field "file": PDF, JPEG or PNG up to 10 MB, type checked from the content; at most 20 per provider).',
    tag,
    access: owner,
    params: z.strictObject({ id }),
    multipart: true,
    files: ['file'],
    response: ok(providerDocument),
    successStatus: 201,
  }),
  serviceProviderRemoveDocuments: endpoint({
    method: 'POST',
    path: '/api/serviceprovider/removeDocuments',
    summary:
      'Remove documents by id ({ ids: [..] }); any id that is not yours answers 404 and nothing is removed.',
    tag,
    access: owner,
    body: z.strictObject({ ids: z.array(id).min(1).max(MAX_DOCUMENTS_PER_PROVIDER) }),
    response: okMessage,
    idempotent: true,
  }),
  serviceProviderDownloadDocument: endpoint({
    method: 'GET',
    path: '/api/serviceprovider/documents/:id',
    summary: 'Download a document (attachment, nosniff): its owner and staff with the permission only.',
    tag,
    access: owner,
    params: z.strictObject({ id }),
    response: z.string(),
    produces: DOCUMENT_TYPES,
  }),
} as const;
