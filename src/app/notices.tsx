/**
 * Notices (docs/product.md §8, §9): react-hot-toast at the top end (top-right in LTR, top-left in RTL), 2000 ms,
 * a title "Success!" or "Error!" (or "Partly done" when a bulk action or an undo was done for some
 * records and refused for others, docs/decisions/0030-partly-done-notices.md), the text, a progress
 * bar over the 2000 ms, no confirm button.
 * A notice may carry one button (Undo, docs/decisions/0025-undo.md): it then keeps its own time,
 * paused while the pointer is on it or the focus in it, and lines of detail.
 * Loaded on the first notice (notify.tsx), not with the first screen (docs/decisions/0010-signed-in-first-load.md).
 */
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { CircleAlert, CircleCheck, CloudUpload, TriangleAlert } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import toast, { Toaster, type Toast } from 'react-hot-toast';
import { NOTICE_DURATION_MS, type NoticeOptions, type ShownKind } from './notify';

const TITLES = {
  success: msg`Success!`,
  // Kept in the outbox, not yet done (docs/architecture.md §5): never "Success!".
  kept: msg`Saved on this device`,
  warning: msg`Partly done`,
  error: msg`Error!`,
} as const;

/** The colours of each kind: green, amber, red (text contrast ≥ 4.5:1 on white and on slate-900). */
const LOOKS = {
  success: {
    Icon: CircleCheck,
    border: 'border-emerald-300 dark:border-emerald-700',
    icon: 'text-emerald-700 dark:text-emerald-400',
    bar: 'bg-emerald-600',
  },
  kept: {
    Icon: CloudUpload,
    border: 'border-indigo-300 dark:border-indigo-700',
    icon: 'text-indigo-700 dark:text-indigo-300',
    bar: 'bg-indigo-600',
  },
  warning: {
    Icon: TriangleAlert,
    border: 'border-amber-300 dark:border-amber-700',
    icon: 'text-amber-700 dark:text-amber-400',
    bar: 'bg-amber-500',
  },
  error: {
    Icon: CircleAlert,
    border: 'border-red-300 dark:border-red-700',
    icon: 'text-red-700 dark:text-red-400',
    bar: 'bg-red-600',
  },
} as const;

/** The time of a notice with a button: it runs out unless hovered or focused, then dismisses it. */
function useOwnTime(id: string, durationMs: number, enabled: boolean) {
  const [paused, setPaused] = useState(false);
  const left = useRef(durationMs);
  useEffect(() => {
    if (!enabled || paused) return;
    const started = Date.now();
    const timer = setTimeout(() => toast.dismiss(id), left.current);
    return () => {
      clearTimeout(timer);
      left.current = Math.max(0, left.current - (Date.now() - started));
    };
  }, [id, enabled, paused]);
  return { paused, setPaused };
}

/** The notice's button; the notice goes once its work is done (the work says how it went). */
function NoticeAction({ id, action }: { id: string; action: NonNullable<NoticeOptions['action']> }) {
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      data-testid="notice-action"
      disabled={busy}
      aria-busy={busy}
      onClick={() => {
        setBusy(true);
        void Promise.resolve(action.run()).finally(() => {
          setBusy(false);
          toast.dismiss(id);
        });
      }}
      className="shrink-0 self-center rounded-md border border-slate-300 px-3 py-1 text-sm font-semibold text-indigo-700 hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-indigo-600 disabled:opacity-60 dark:border-slate-600 dark:text-indigo-300 dark:hover:bg-slate-800"
    >
      {action.label}
    </button>
  );
}

export function Notice({
  toast: t,
  kind,
  text,
  options = {},
}: {
  toast: Pick<Toast, 'id' | 'visible'>;
  kind: ShownKind;
  text: string;
  options?: NoticeOptions;
}) {
  const { i18n } = useLingui();
  const look = LOOKS[kind];
  const Icon = look.Icon;
  const duration = options.durationMs ?? NOTICE_DURATION_MS;
  const { paused, setPaused } = useOwnTime(t.id, duration, Boolean(options.action));
  return (
    <div
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setPaused(false);
      }}
      role={kind === 'error' ? 'alert' : 'status'}
      aria-live={kind === 'error' ? 'assertive' : 'polite'}
      data-testid="notice"
      data-kind={kind}
      className={`pointer-events-auto w-80 max-w-[calc(100vw-2rem)] overflow-hidden rounded-lg border bg-white shadow-lg transition-opacity duration-200 dark:bg-slate-900 ${
        t.visible ? 'opacity-100' : 'opacity-0'
      } ${look.border}`}
    >
      <div className="flex items-start gap-3 p-3">
        <Icon aria-hidden="true" className={`mt-0.5 size-5 shrink-0 ${look.icon}`} />
        <div className="min-w-0 flex-1">
          <p className="font-semibold">{i18n._(TITLES[kind])}</p>
          <p className="text-sm break-words text-slate-700 dark:text-slate-300">{text}</p>
          {options.details?.length ? (
            <ul
              data-testid="notice-details"
              className="mt-1 list-disc ps-4 text-sm text-slate-700 dark:text-slate-300"
            >
              {options.details.map((line, i) => (
                <li key={i} className="break-words">
                  {line}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        {options.action ? <NoticeAction id={t.id} action={options.action} /> : null}
      </div>
      <div
        aria-hidden="true"
        data-testid="notice-progress"
        style={{ animationDuration: `${duration}ms`, animationPlayState: paused ? 'paused' : 'running' }}
        className={`animate-notice-progress h-1 origin-left rtl:origin-right ${look.bar}`}
      />
    </div>
  );
}

export const show = (kind: ShownKind, text: string, options?: NoticeOptions) =>
  toast.custom((t) => <Notice toast={t} kind={kind} text={text} options={options} />, {
    // A notice with a button keeps its own time (paused while hovered or focused).
    duration: options?.action ? Infinity : (options?.durationMs ?? NOTICE_DURATION_MS),
  });

/** Where notices appear: top-end of the reading direction. */
/**
 * react-hot-toast aligns a "-right" position to the flex end of its container, which follows the
 * document direction: "top-right" is the top end, the top left in Arabic (the browser suite checks it).
 */
export function NoticeToaster({ dir }: { dir: 'ltr' | 'rtl' }) {
  return (
    <div dir={dir}>
      <Toaster position="top-right" toastOptions={{ duration: NOTICE_DURATION_MS }} />
    </div>
  );
}
