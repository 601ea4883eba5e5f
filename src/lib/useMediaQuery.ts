import { useSyncExternalStore } from 'react';

/** Whether a media query matches, following changes. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (listener) => {
      if (typeof window.matchMedia !== 'function') return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', listener);
      return () => list.removeEventListener('change', listener);
    },
    () => typeof window.matchMedia === 'function' && window.matchMedia(query).matches,
    () => false,
  );
}

/** Desktop widths keep the sidebar beside the page; narrower screens use a drawer. */
export const DESKTOP_QUERY = '(min-width: 1024px)';

/** Phones (docs/product.md §2 lists): lists show cards and their filters in a sheet. */
export const PHONE_QUERY = '(max-width: 640px)';
