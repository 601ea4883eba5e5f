/** Advertisement approval (two product paths, one handler) and image upload. */
import { eq, sql } from 'drizzle-orm';
import { AD_IMAGE_FOLDER, AD_TRANSITIONS, advertisementApi } from '../../src/contract/areas/advertisement';
import { advertisements } from '../db/schema';
import { conflict, notFound } from '../core/errors';
import { route, type Handler } from '../http/route';
import type { App } from '../http/types';
import { smsg } from '../core/messages';
import { notices } from '../notifications/notices';
import { notifyUser } from '../notifications/notify';
import { loadAd } from './advertisement';
import { dayOf } from '../core/time';
import { rowCtx, runRowAction, type BodyOf, type RowAction } from '../resources/row-actions';
import { MAX_IMAGE_BYTES, storeUploadedImage } from '../http/uploads';

type Approve = typeof advertisementApi.adsApprove;

/** Approve or reject an advertisement (a row action: the endpoints and bulk jobs). */
export const decideAd: RowAction<BodyOf<Approve>> = async (tx, ctx, body) => {
  const [a] = await tx
    .select({ status: advertisements.status, endsOn: advertisements.endsOn })
    .from(advertisements)
    .where(eq(advertisements.id, body.id))
    .for('update');
  if (!a) throw notFound();
  if (a.endsOn < dayOf(ctx.now)) throw conflict(smsg('adExpired'));
  if (a.status === body.status) return { changed: false };
  if (!(AD_TRANSITIONS[body.status] as readonly string[]).includes(a.status))
    throw conflict(smsg('transitionNotAllowed', { from: a.status, to: body.status }));
  await tx
    .update(advertisements)
    .set({
      status: body.status,
      statusReason: body.status === 'rejected' ? body.reason : null,
      version: sql`${advertisements.version} + 1`,
      updatedAt: ctx.now,
    })
    .where(eq(advertisements.id, body.id));
  return {
    changed: true,
    after: async (deps) => {
      const ad = (await loadAd(deps.db, body.id, null, ctx.now))!;
      if (ad.providerId !== null)
        await notifyUser(
          deps,
          ad.providerId,
          notices.adDecided(ad.title, ad.id, body.status === 'approved', ad.statusReason),
        );
    },
  };
};

const approve: Handler<Approve> = async ({ deps, body, requireAuth, lang }) => {
  const ctx = rowCtx(deps, requireAuth(), lang);
  await runRowAction(decideAd, ctx, body);
  const ad = (await loadAd(deps.db, body.id, null, ctx.now))!;
  return { message: smsg(body.status === 'approved' ? 'adApproved' : 'adRejected'), data: ad };
};

export const registerAdvertisementRoutes = (app: App) => {
  route(app, advertisementApi.adsApprove, approve);
  route(app, advertisementApi.advertisementAdsApprove, approve);
  route(app, advertisementApi.advertisementImage, async ({ deps, files, requireAuth }) => ({
    message: smsg('imageUploaded'),
    data: {
      path: await storeUploadedImage(deps.storage, files, AD_IMAGE_FOLDER, MAX_IMAGE_BYTES, {
        ownerId: requireAuth().user.id,
        db: deps.db,
      }),
    },
  }));
};
