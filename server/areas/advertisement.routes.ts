/** Advertisement approval (two product paths, one handler) and image upload. */
import { eq, sql } from 'drizzle-orm';
import { AD_IMAGE_FOLDER, AD_TRANSITIONS, advertisementApi } from '../../src/contract/areas/advertisement';
import { advertisements } from '../db/schema';
import { conflict, notFound } from '../http/errors';
import { route, type Handler } from '../http/route';
import type { App } from '../http/types';
import { smsg } from '../messages';
import { notices } from '../notices';
import { notifyUser } from '../notify';
import { loadAd } from './advertisement';
import { dayOf } from '../time';
import { MAX_IMAGE_BYTES, storeUploadedImage } from '../http/uploads';

type Approve = typeof advertisementApi.adsApprove;

const approve: Handler<Approve> = async ({ deps, body }) => {
  const { db, config } = deps;
  const now = config.now();
  const changed = await db.transaction(async (tx) => {
    const [a] = await tx
      .select({ status: advertisements.status, endsOn: advertisements.endsOn })
      .from(advertisements)
      .where(eq(advertisements.id, body.id))
      .for('update');
    if (!a) throw notFound();
    if (a.endsOn < dayOf(now)) throw conflict(smsg('adExpired'));
    if (a.status === body.status) return false;
    if (!(AD_TRANSITIONS[body.status] as readonly string[]).includes(a.status))
      throw conflict(smsg('transitionNotAllowed', { from: a.status, to: body.status }));
    await tx
      .update(advertisements)
      .set({
        status: body.status,
        statusReason: body.status === 'rejected' ? body.reason : null,
        version: sql`${advertisements.version} + 1`,
        updatedAt: now,
      })
      .where(eq(advertisements.id, body.id));
    return true;
  });
  const ad = (await loadAd(db, body.id, null, now))!;
  if (changed && ad.providerId !== null)
    await notifyUser(
      deps,
      ad.providerId,
      notices.adDecided(ad.title, ad.id, body.status === 'approved', ad.statusReason),
    );
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
