import { z } from 'zod';
import { id, localized } from '../common';
import { endpoint, needs, ok } from '../http';
import { msg } from '../messages';
import { defineResource, idParam, localizedText, recordOf } from '../resource';
import { dateOnly, httpsUrl, imagePath, uploadedImage } from './values';

/**
 * Advertisements (permission `advertisement`). An ad shows an image at a placement between two
 * dates and leads to an event or to an external https address. Records belong to a service
 * provider (`providerScoped`; admins may also add platform ads without one). Status: pending until
 * an admin approves or rejects it (with a reason); `expired` is computed when the end date has
 * passed (platform time zone), whatever the stored status. A provider editing its ad sends it back
 * to pending.
 */
const tag = 'Advertisements';

export const AD_STATUSES = ['pending', 'approved', 'rejected', 'expired'] as const;
const adStatus = z.enum(AD_STATUSES);
export type AdStatus = z.infer<typeof adStatus>;
export const AD_STATUS_LABEL: Record<AdStatus, { en: string; ar: string }> = {
  pending: { en: 'Pending approval', ar: 'بانتظار الموافقة' },
  approved: { en: 'Approved', ar: 'معتمد' },
  rejected: { en: 'Rejected', ar: 'مرفوض' },
  expired: { en: 'Expired', ar: 'منتهي' },
};
/** Approval moves (admins only): to → allowed from. */
export const AD_TRANSITIONS: Record<'approved' | 'rejected', readonly AdStatus[]> = {
  approved: ['pending', 'rejected'],
  rejected: ['pending', 'approved'],
};

export const AD_PLACEMENTS = [
  'home_banner',
  'home_carousel',
  'event_list',
  'event_details',
  'search_results',
] as const;
const adPlacement = z.enum(AD_PLACEMENTS);
export type AdPlacement = z.infer<typeof adPlacement>;
export const AD_PLACEMENT_LABEL: Record<AdPlacement, { en: string; ar: string }> = {
  home_banner: { en: 'Home banner', ar: 'شعار الصفحة الرئيسية' },
  home_carousel: { en: 'Home carousel', ar: 'عارض الصفحة الرئيسية' },
  event_list: { en: 'Event list', ar: 'قائمة الفعاليات' },
  event_details: { en: 'Event details', ar: 'تفاصيل الفعالية' },
  search_results: { en: 'Search results', ar: 'نتائج البحث' },
};
const AD_TARGETS = ['event', 'url'] as const;
export const AD_IMAGE_FOLDER = 'ad-images';

export const advertisementResource = defineResource({
  key: 'advertisement',
  columns: ['title', 'image', 'placement', 'startsOn', 'endsOn', 'target', 'provider', 'status', 'createdAt'],
  tag,
  permission: 'advertisement',
  providerScoped: true,
  paths: {
    list: { method: 'GET', path: '/api/advertisement' },
    create: { method: 'POST', path: '/api/advertisement' },
    get: { method: 'GET', path: '/api/advertisement/:id' },
    update: { method: 'PUT', path: '/api/advertisement/:id' },
    remove: { method: 'DELETE', path: '/api/advertisement/:id' },
    options: { method: 'GET', path: '/api/advertisement-get-all' },
  },
  record: recordOf({
    title: localizedText,
    image: z.string(),
    targetType: z.enum(AD_TARGETS),
    eventId: z.number().int().nullable(),
    eventTitle: localizedText.nullable(),
    url: z.string().nullable(),
    placement: adPlacement,
    startsOn: z.string(),
    endsOn: z.string(),
    status: adStatus,
    statusReason: z.string().nullable(),
    providerId: z.number().int().nullable(),
    providerName: localizedText.nullable(),
  }),
  input: z.strictObject({
    title: localized(150),
    image: imagePath(AD_IMAGE_FOLDER),
    targetType: z.enum(AD_TARGETS),
    /** With targetType "event": an event of the ad's provider. */
    eventId: id.nullable().default(null),
    /** With targetType "url": an https address. */
    url: httpsUrl.nullable().default(null),
    placement: adPlacement,
    startsOn: dateOnly,
    /** On or after `startsOn`. */
    endsOn: dateOnly,
    /** Admins: the provider the ad belongs to (null: a platform ad). Providers: omit it. */
    providerId: id.nullable().optional(),
  }),
  filters: z.strictObject({
    status: adStatus.optional(),
    placement: adPlacement.optional(),
    providerId: idParam.optional(),
    eventId: idParam.optional(),
    /** Running on this day (startsOn ≤ day ≤ endsOn). */
    activeOn: dateOnly.optional(),
  }),
  sort: ['title', 'placement', 'startsOn', 'endsOn', 'status', 'createdAt', 'updatedAt'],
  defaultSort: { column: 'createdAt', order: 'desc' },
  searchIn: 'the English and Arabic titles and the target address',
  notes: {
    create: 'New ads are pending. The image is the `path` answered by POST /api/advertisement/image.',
    options: 'Approved ads that have not expired, as id and title.',
  },
});

const approveBody = z
  .strictObject({
    id,
    status: z.enum(['approved', 'rejected']),
    reason: z
      .string()
      .trim()
      .max(500, msg('maxChars', { n: 500 }))
      .nullable()
      .default(null),
  })
  .refine((b) => b.status === 'approved' || (b.reason ?? '').length > 0, {
    path: ['reason'],
    error: msg('reasonRequired'),
  });

const approveSummary =
  'Admins only: approve or reject an advertisement ({ id, status: "approved" | "rejected", reason }); rejecting needs a reason; an expired ad answers 409.';

export const advertisementApi = {
  adsApprove: endpoint({
    method: 'POST',
    path: '/api/adsApprove',
    summary: `${approveSummary} Same as POST /api/advertisement/adsApprove.`,
    tag,
    access: needs('advertisement', { roles: ['admin'] }),
    body: approveBody,
    response: ok(advertisementResource.record),
    idempotent: true,
  }),
  advertisementAdsApprove: endpoint({
    method: 'POST',
    path: '/api/advertisement/adsApprove',
    summary: `${approveSummary} Same as POST /api/adsApprove.`,
    tag,
    access: needs('advertisement', { roles: ['admin'] }),
    body: approveBody,
    response: ok(advertisementResource.record),
    idempotent: true,
  }),
  advertisementImage: endpoint({
    method: 'POST',
    path: '/api/advertisement/image',
    summary:
      'Upload an advertisement image (multipart field "file": JPEG, PNG or WebP up to 5 MB, type checked from the content). Answers the `path` to put in `image`.',
    tag,
    access: needs('advertisement'),
    multipart: true,
    files: ['file'],
    response: ok(uploadedImage),
    successStatus: 201,
  }),
} as const;
