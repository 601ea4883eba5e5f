import { randomBytes } from 'node:crypto';
import { fieldError, tooLarge } from '../core/errors';
import { smsg } from '../core/messages';
import type { PutOptions, Storage } from '../files/storage';

export { MAX_IMAGE_BYTES } from '../../src/contract/limits';

/** Image type from the file's first bytes (never from its name or the client's Content-Type). */
export type ImageType = { ext: 'jpg' | 'png' | 'webp'; mime: string };

export const sniffImage = (bytes: Uint8Array): ImageType | null => {
  const starts = (sig: number[], at = 0) => sig.every((b, i) => bytes[at + i] === b);
  if (bytes.length >= 8 && starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return { ext: 'png', mime: 'image/png' };
  if (bytes.length >= 4 && starts([0xff, 0xd8, 0xff])) return { ext: 'jpg', mime: 'image/jpeg' };
  if (bytes.length >= 12 && starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8))
    return { ext: 'webp', mime: 'image/webp' };
  return null;
};

/** The one image of a multipart upload (field "file": JPEG, PNG or WebP, at most `maxBytes`, type sniffed from the content). */
export const readUploadedImage = async (files: Record<string, File[]>, maxBytes: number) => {
  const list = files.file ?? [];
  const file = list[0];
  if (!file || file.size === 0 || list.length > 1) throw fieldError('file', smsg('fileRequired'));
  if (file.size > maxBytes) throw tooLarge(smsg('imageTooBig'), { file: smsg('imageTooBig') });
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = sniffImage(bytes);
  if (!type) throw fieldError('file', smsg('imageType'));
  return { bytes, type };
};

/** A new server-generated storage key in `folder`. */
export const newKey = (folder: string, ext: string) =>
  `${folder}/${randomBytes(18).toString('base64url')}.${ext}`;

/**
 * Stores the one image of a multipart upload under a server-generated name in `folder`, counted
 * against the uploader's quota (`options.ownerId`); returns its path `uploads/<folder>/<key>.<ext>`.
 * The sweeper removes it if no record uses it within the grace period (server/files/references.ts).
 */
export const storeUploadedImage = async (
  storage: Storage,
  files: Record<string, File[]>,
  folder: string,
  maxBytes: number,
  options: PutOptions,
): Promise<string> => {
  const { bytes, type } = await readUploadedImage(files, maxBytes);
  const key = newKey(folder, type.ext);
  await storage.put(key, bytes, options);
  return `uploads/${key}`;
};
