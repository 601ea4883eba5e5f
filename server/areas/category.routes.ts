/** Category icon uploads (an image, type sniffed from its bytes). */
import { randomBytes } from 'node:crypto';
import { categoryApi } from '../../src/contract/areas/category';
import { fieldError, tooLarge } from '../http/errors';
import { route } from '../http/route';
import type { App } from '../http/types';
import { MAX_IMAGE_BYTES, sniffImage } from '../http/uploads';
import { smsg } from '../messages';

export const registerCategoryRoutes = (app: App) => {
  route(app, categoryApi.categoryIcon, async ({ deps, files }) => {
    const list = files.file ?? [];
    const file = list[0];
    if (!file || file.size === 0 || list.length > 1) throw fieldError('file', smsg('fileRequired'));
    if (file.size > MAX_IMAGE_BYTES) throw tooLarge(smsg('imageTooBig'), { file: smsg('imageTooBig') });
    const bytes = new Uint8Array(await file.arrayBuffer());
    const type = sniffImage(bytes);
    if (!type) throw fieldError('file', smsg('imageType'));
    const key = `category-icons/${randomBytes(18).toString('base64url')}.${type.ext}`;
    await deps.storage.put(key, bytes);
    return { message: smsg('iconSaved'), data: { path: `uploads/${key}` } };
  });
};
