/**
 * The one notice helper of the app (docs/product.md §8, §9; the notices themselves are in notices.tsx). The
 * toast library loads with the first notice, not with the first screen (docs/decisions/0010-signed-in-first-load.md): a notice asked for
 * before it arrived shows as soon as it has.
 */
import { useSyncExternalStore } from 'react';
import { errorMessage } from '@/lib/api';
import type * as NoticesModule from './notices';

export const NOTICE_DURATION_MS = 2000;

/**
 * `warning`: a bulk action or an undo that ended partly done, some records done and some refused
 * (docs/decisions/0030-partly-done-notices.md); the spec's two titles are for whole outcomes.
 */
export type NoticeKind = 'success' | 'warning' | 'error';
/** What a notice may show: a kind above, or a write kept on the device for later (./kept-notice.ts). */
export type ShownKind = NoticeKind | 'kept';

/**
 * The notice of a write over many records: every one done (or already so) → success, some done and
 * some refused → warning, none done and some refused → error.
 */
export const outcomeKind = (done: number, refused: number): NoticeKind =>
  refused === 0 ? 'success' : done > 0 ? 'warning' : 'error';

/**
 * More than a text: a button (Undo, docs/decisions/0025-undo.md), lines of detail (the rows an undo
 * could not put back), a longer time. A notice with a button stays while it is hovered or focused.
 */
export interface NoticeOptions {
  action?: { label: string; run: () => void | Promise<void> };
  details?: string[];
  durationMs?: number;
}

type Notices = typeof NoticesModule;

let notices: Notices | null = null;
let loading: Promise<Notices> | null = null;
const listeners = new Set<() => void>();

/** Loads the notices' part of the app (once); the hosts then render it. */
export function loadNotices(): Promise<Notices> {
  loading ??= import('./notices').then(
    (module) => {
      notices = module;
      listeners.forEach((listener) => listener());
      return module;
    },
    (error: unknown) => {
      loading = null; // A later notice tries again.
      throw error;
    },
  );
  return loading;
}

const show = (kind: NoticeKind, text: string, options?: NoticeOptions) => {
  if (notices) notices.show(kind, text, options);
  else
    loadNotices().then(
      (module) => module.show(kind, text, options),
      (error: unknown) => console.warn('Could not show a notice', text, error),
    );
};

export const notify = {
  success: (text: string, options?: NoticeOptions) => show('success', text, options),
  /** Partly done (docs/decisions/0030-partly-done-notices.md): the text says what was and what was not. */
  warning: (text: string, options?: NoticeOptions) => show('warning', text, options),
  /** An `ApiError`, any error or a text: the message follows docs/product.md §8's fallback order. */
  error: (errorOrText: unknown, options?: NoticeOptions) => show('error', errorMessage(errorOrText), options),
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};
const loaded = () => notices;

/** Where notices appear (top end of the reading direction), once the first one was asked for. */
export function NoticeHost({ dir }: { dir: 'ltr' | 'rtl' }) {
  const module = useSyncExternalStore(subscribe, loaded, loaded);
  return module ? <module.NoticeToaster dir={dir} /> : null;
}
