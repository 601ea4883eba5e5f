/**
 * Notices (docs/product.md §8, §9): react-hot-toast at the top end (top-right in LTR, top-left in RTL), 2000 ms,
 * a title "Success!" or "Error!", the text, a progress bar over the 2000 ms, no confirm button.
 * Loaded on the first notice (notify.tsx), not with the first screen (docs/decisions/0010-signed-in-first-load.md).
 */
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { CircleAlert, CircleCheck } from 'lucide-react';
import toast, { Toaster, type Toast } from 'react-hot-toast';
import { NOTICE_DURATION_MS, type NoticeKind } from './notify';

const TITLES = { success: msg`Success!`, error: msg`Error!` } as const;

export function Notice({
  toast: t,
  kind,
  text,
}: {
  toast: Pick<Toast, 'id' | 'visible'>;
  kind: NoticeKind;
  text: string;
}) {
  const { i18n } = useLingui();
  const Icon = kind === 'success' ? CircleCheck : CircleAlert;
  return (
    <div
      role={kind === 'error' ? 'alert' : 'status'}
      aria-live={kind === 'error' ? 'assertive' : 'polite'}
      data-testid="notice"
      data-kind={kind}
      className={`pointer-events-auto w-80 max-w-[calc(100vw-2rem)] overflow-hidden rounded-lg border bg-white shadow-lg transition-opacity duration-200 dark:bg-slate-900 ${
        t.visible ? 'opacity-100' : 'opacity-0'
      } ${kind === 'success' ? 'border-emerald-300 dark:border-emerald-700' : 'border-red-300 dark:border-red-700'}`}
    >
      <div className="flex items-start gap-3 p-3">
        <Icon
          aria-hidden="true"
          className={`mt-0.5 size-5 shrink-0 ${kind === 'success' ? 'text-emerald-700 dark:text-emerald-400' : 'text-red-700 dark:text-red-400'}`}
        />
        <div className="min-w-0">
          <p className="font-semibold">{i18n._(TITLES[kind])}</p>
          <p className="text-sm break-words text-slate-700 dark:text-slate-300">{text}</p>
        </div>
      </div>
      <div
        aria-hidden="true"
        data-testid="notice-progress"
        style={{ animationDuration: `${NOTICE_DURATION_MS}ms` }}
        className={`animate-notice-progress h-1 origin-left rtl:origin-right ${
          kind === 'success' ? 'bg-emerald-600' : 'bg-red-600'
        }`}
      />
    </div>
  );
}

export const show = (kind: NoticeKind, text: string) =>
  toast.custom((t) => <Notice toast={t} kind={kind} text={text} />, { duration: NOTICE_DURATION_MS });

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
