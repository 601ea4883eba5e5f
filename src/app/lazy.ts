/**
 * Page parts load on demand; a part that has not arrived after 120 000 ms fails with a chunk-loading
 * error (docs/product.md §8, §9), shown with a Reload button by the route error page.
 */
import { lazyRouteComponent } from '@tanstack/react-router';
import { loadScreenCatalog, type ScreenCatalog } from './i18n';

export const CHUNK_TIMEOUT_MS = 120_000;

export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
}

/** Rejects with a ChunkLoadError when `promise` has not settled within `ms`. */
export function withTimeout<T>(promise: Promise<T>, ms: number = CHUNK_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new ChunkLoadError(`Loading a part of the app took longer than ${ms} ms`)),
      ms,
    );
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(
          error instanceof ChunkLoadError
            ? error
            : new ChunkLoadError(error instanceof Error ? error.message : String(error), { cause: error }),
        );
      },
    );
  });
}

/** Errors of a failed dynamic import, whatever the browser calls them. */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    error.name === 'ChunkLoadError' ||
    /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i.test(
      error.message,
    )
  );
}

/**
 * A route component loaded on demand with the chunk timeout; with `catalogs`, the screen's catalogs
 * (src/app/i18n.ts) arrive with it, before it renders.
 */
export function lazyPage<M extends Record<string, unknown>, K extends keyof M & string>(
  importer: () => Promise<M>,
  exportName: K,
  catalogs: ScreenCatalog | ScreenCatalog[] = [],
) {
  const names = typeof catalogs === 'string' ? [catalogs] : catalogs;
  const both = async () => (await Promise.all([importer(), ...names.map(loadScreenCatalog)]))[0];
  return lazyRouteComponent(() => withTimeout(both(), CHUNK_TIMEOUT_MS), exportName);
}
