/**
 * File storage for uploads (docs/architecture.md §3: one storage interface, local directory by default).
 * Keys are server-generated, like `avatars/Zk3…q.webp`; the site serves them under `/uploads/<key>`.
 */
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

interface StoredFile {
  data: Uint8Array;
  size: number;
}

export interface Storage {
  put(key: string, data: Uint8Array): Promise<void>;
  get(key: string): Promise<StoredFile | null>;
  delete(key: string): Promise<void>;
}

/** Keys are `<folder>/<name>.<ext>` of safe characters only: no traversal is possible. */
const KEY_PATTERN = /^[a-z0-9-]+\/[A-Za-z0-9_-]{8,128}\.[a-z0-9]{1,8}$/;

export const isValidKey = (key: string) => KEY_PATTERN.test(key);

export const createLocalStorage = (root: string): Storage => {
  const file = (key: string) => {
    if (!isValidKey(key)) throw new Error(`Invalid storage key: ${key}`);
    return path.join(root, ...key.split('/'));
  };
  return {
    async put(key, data) {
      const target = file(key);
      await mkdir(path.dirname(target), { recursive: true });
      const temp = `${target}.${randomBytes(6).toString('hex')}.tmp`;
      await writeFile(temp, data);
      await rename(temp, target);
    },
    async get(key) {
      if (!isValidKey(key)) return null;
      try {
        const data = await readFile(file(key));
        return { data: new Uint8Array(data), size: data.length };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    async delete(key) {
      if (!isValidKey(key)) return;
      await rm(file(key), { force: true });
    },
  };
};
