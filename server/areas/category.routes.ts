/** Category icon uploads (an image, type sniffed from its bytes, counted against the uploader's quota). */
import { categoryApi } from '../../src/contract/areas/category';
import { route } from '../http/route';
import type { App } from '../http/types';
import { MAX_IMAGE_BYTES, storeUploadedImage } from '../http/uploads';
import { smsg } from '../core/messages';

export const registerCategoryRoutes = (app: App) => {
  route(app, categoryApi.categoryIcon, async ({ deps, files, requireAuth }) => ({
    message: smsg('iconSaved'),
    data: {
      path: await storeUploadedImage(deps.storage, files, 'category-icons', MAX_IMAGE_BYTES, {
        ownerId: requireAuth().user.id,
        db: deps.db,
      }),
    },
  }));
};
