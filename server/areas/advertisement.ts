/** Advertisements: the resource implementation and the shared select (status `expired` computed). */
import { and, eq, gte, lt, lte, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  AD_PLACEMENT_LABEL,
  AD_STATUS_LABEL,
  advertisementResource,
  type AdPlacement,
  type AdStatus,
} from '../../src/contract/areas/advertisement';
import { msg } from '../../src/contract/messages';
import { USER_STATUS } from '../../src/contract/roles';
import type { Executor, Tx } from '../db/client';
import { advertisements, events, serviceProviders, users } from '../db/schema';
import { fieldError, HttpError } from '../core/errors';
import { smsg } from '../core/messages';
import { notices } from '../notifications/notices';
import { notifyAdmins } from '../notifications/notify';
import { dayOf } from '../core/time';
import { deleteUnusedImages } from './event';
import { assertImagesExist } from './event.checks';
import { arText, dyn, enText, implement, textOf, type ResourceCtx } from '../resources/impl';

const targetEvents = alias(events, 'ad_event');

/** `expired` once the end date is before today (platform day), else the stored status. */
const adStatusSql = (today: string) =>
  sql<AdStatus>`(case when ${advertisements.endsOn} < ${today} then 'expired' else ${advertisements.status} end)`;

const selectAds = (db: Executor, today: string, extra: Record<string, SQL> = {}) =>
  dyn(
    db
      .select({
        a: advertisements,
        status: adStatusSql(today),
        eventTitle: targetEvents.title,
        providerName: serviceProviders.businessName,
        ...extra,
      })
      .from(advertisements)
      .leftJoin(targetEvents, eq(targetEvents.id, advertisements.eventId))
      .leftJoin(serviceProviders, eq(serviceProviders.userId, advertisements.providerId))
      .$dynamic(),
  );

type AdRow = Awaited<ReturnType<typeof selectAds>>[number];

const toAd = (r: AdRow) => ({
  id: r.a.id,
  version: r.a.version,
  createdAt: r.a.createdAt.toISOString(),
  updatedAt: r.a.updatedAt.toISOString(),
  title: r.a.title,
  image: r.a.image,
  targetType: r.a.targetType as 'event' | 'url',
  eventId: r.a.eventId,
  eventTitle: r.eventTitle ?? null,
  url: r.a.url,
  placement: r.a.placement as AdPlacement,
  startsOn: r.a.startsOn,
  endsOn: r.a.endsOn,
  status: r.status,
  statusReason: r.a.statusReason,
  providerId: r.a.providerId,
  providerName: r.providerName ?? null,
});

export const loadAd = async (db: Executor, id: number, ownerId: number | null, now: Date) => {
  const [row] = await selectAds(db, dayOf(now))
    .where(
      and(eq(advertisements.id, id), ownerId === null ? undefined : eq(advertisements.providerId, ownerId)),
    )
    .limit(1);
  return row ? toAd(row) : null;
};

const todayOf = (ctx: ResourceCtx | undefined) => dayOf(ctx?.now ?? new Date());

type AdInput = {
  title: { en: string; ar: string };
  image: string;
  targetType: 'event' | 'url';
  eventId: number | null;
  url: string | null;
  placement: AdPlacement;
  startsOn: string;
  endsOn: string;
  providerId?: number | null | undefined;
};

/** The ad's provider: a provider (or supervisor) always itself; staff any approved one or none. */
const providerFor = async (
  tx: Tx,
  input: AdInput,
  ctx: ResourceCtx,
  existing?: { providerId: number | null },
) => {
  if (ctx.ownerId !== null) {
    if (input.providerId !== undefined && input.providerId !== ctx.ownerId)
      throw fieldError('providerId', smsg('unknownProvider'));
    return ctx.ownerId;
  }
  const id = input.providerId === undefined ? (existing?.providerId ?? null) : input.providerId;
  if (id !== null && id !== existing?.providerId) {
    const [p] = await tx
      .select({ id: serviceProviders.userId })
      .from(serviceProviders)
      .innerJoin(users, eq(users.id, serviceProviders.userId))
      .where(and(eq(serviceProviders.userId, id), eq(users.status, USER_STATUS.active)));
    if (!p) throw fieldError('providerId', smsg('unknownProvider'));
  }
  return id;
};

const fields = (input: AdInput, providerId: number | null) => ({
  title: input.title,
  image: input.image,
  targetType: input.targetType,
  eventId: input.targetType === 'event' ? input.eventId : null,
  url: input.targetType === 'url' ? input.url : null,
  placement: input.placement,
  startsOn: input.startsOn,
  endsOn: input.endsOn,
  providerId,
});

export const advertisementImpl = implement(advertisementResource, {
  table: advertisements,
  columns: {
    id: advertisements.id,
    version: advertisements.version,
    updatedAt: advertisements.updatedAt,
    name: advertisements.title,
  },
  select: (db, extra, ctx) => selectAds(db, todayOf(ctx), extra),
  toRecord: toAd,
  scope: (ownerId) => eq(advertisements.providerId, ownerId),
  sort: {
    title: (lang) => textOf(advertisements.title, lang),
    placement: () => advertisements.placement,
    startsOn: () => advertisements.startsOn,
    endsOn: () => advertisements.endsOn,
    status: (_lang, ctx) => adStatusSql(todayOf(ctx)),
    createdAt: () => advertisements.createdAt,
    updatedAt: () => advertisements.updatedAt,
  },
  search: [enText(advertisements.title), arText(advertisements.title), advertisements.url],
  filters: (f, ctx) => {
    const today = todayOf(ctx);
    return [
      f.status === undefined
        ? undefined
        : f.status === 'expired'
          ? lt(advertisements.endsOn, today)
          : and(eq(advertisements.status, f.status), gte(advertisements.endsOn, today)),
      f.placement === undefined ? undefined : eq(advertisements.placement, f.placement),
      f.providerId === undefined ? undefined : eq(advertisements.providerId, f.providerId),
      f.eventId === undefined ? undefined : eq(advertisements.eventId, f.eventId),
      f.activeOn === undefined
        ? undefined
        : and(lte(advertisements.startsOn, f.activeOn), gte(advertisements.endsOn, f.activeOn)),
    ];
  },
  option: (r) => ({ id: r.id, name: r.title }),
  optionsWhere: (ctx) => and(eq(advertisements.status, 'approved'), gte(advertisements.endsOn, todayOf(ctx))),
  async check(tx, input, ctx, existing) {
    const providerId = await providerFor(tx, input, ctx, existing ?? undefined);
    const errors: Record<string, string> = {};
    if (input.endsOn < input.startsOn) errors.endsOn = msg('endNotBeforeStart');
    if (input.targetType === 'event') {
      if (input.eventId === null) errors.eventId = smsg('targetEventRequired');
      else {
        const [e] = await tx
          .select({ providerId: events.providerId })
          .from(events)
          .where(eq(events.id, input.eventId));
        if (!e || (ctx.ownerId !== null && e.providerId !== ctx.ownerId))
          errors.eventId = smsg('unknownEvent');
        else if (providerId !== null && e.providerId !== providerId)
          errors.eventId = smsg('eventOfOtherProvider');
      }
      if (input.url !== null) errors.url = smsg('targetNotBoth');
    } else {
      if (input.url === null) errors.url = smsg('targetUrlRequired');
      if (input.eventId !== null) errors.eventId = smsg('targetNotBoth');
    }
    const keys = Object.keys(errors);
    if (keys.length)
      throw new HttpError(422, keys.length === 1 ? errors[keys[0]!]! : msg('validationFailed'), errors);
    await assertImagesExist(tx, ctx, 'image', [input.image], existing ? [existing.image] : []);
  },
  async insert(tx, input, ctx) {
    const providerId = await providerFor(tx, input, ctx);
    const [row] = await tx
      .insert(advertisements)
      .values({ ...fields(input, providerId), status: 'pending', createdAt: ctx.now, updatedAt: ctx.now })
      .returning({ id: advertisements.id });
    return row!.id;
  },
  async updateValues(tx, input, ctx, existing) {
    return {
      ...fields(input, await providerFor(tx, input, ctx, existing)),
      // a provider's edit needs a new approval
      ...(ctx.ownerId !== null ? { status: 'pending', statusReason: null } : {}),
    };
  },
  async update(tx, _id, _input, ctx, existing) {
    await deleteUnusedImages(tx, ctx.deps.storage, [existing.image]);
  },
  async delete(tx, id, ctx, existing) {
    await tx.delete(advertisements).where(eq(advertisements.id, id));
    await deleteUnusedImages(tx, ctx.deps.storage, [existing.image]);
  },
  // A new ad, and a provider's edited one, wait for an admin: admins are told.
  async afterWrite(ctx, record, op) {
    if (record.status === 'pending' && (op === 'create' || ctx.ownerId !== null))
      await notifyAdmins(ctx.deps, notices.adSubmitted(record.title, record.id));
  },
  csv: [
    { header: { en: 'ID', ar: 'المعرّف' }, value: (r) => r.id },
    { header: { en: 'Title (English)', ar: 'العنوان (بالإنجليزية)' }, value: (r) => r.title.en },
    { header: { en: 'Title (Arabic)', ar: 'العنوان (بالعربية)' }, value: (r) => r.title.ar },
    { header: { en: 'Placement', ar: 'الموضع' }, value: (r, lang) => AD_PLACEMENT_LABEL[r.placement][lang] },
    {
      header: { en: 'Target', ar: 'الهدف' },
      value: (r, lang) => (r.targetType === 'event' ? (r.eventTitle?.[lang] ?? '') : r.url),
    },
    { header: { en: 'Starts', ar: 'يبدأ' }, value: (r) => r.startsOn },
    { header: { en: 'Ends', ar: 'ينتهي' }, value: (r) => r.endsOn },
    { header: { en: 'Service provider', ar: 'مقدم الخدمة' }, value: (r, lang) => r.providerName?.[lang] },
    { header: { en: 'Status', ar: 'الحالة' }, value: (r, lang) => AD_STATUS_LABEL[r.status][lang] },
  ],
});
