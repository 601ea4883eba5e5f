/**
 * The parts of the message composer (event-message-compose.tsx): the audience's choices and a
 * language's preview.
 */
import { msg } from '@lingui/core/macro';
import type { RenderContext } from '@/resources/types';

export type Rendered = { subject: string; html: string; text: string };

export const ADMITTED_TEXT = {
  any: msg`Admitted or not`,
  admitted: msg`Admitted at the door`,
  not_admitted: msg`Not admitted yet`,
} as const;

export const labelClass = 'block text-sm font-medium text-slate-800 dark:text-slate-200';
const boxClass = 'size-4 rounded border-slate-400 text-indigo-600 dark:border-slate-600';

export function Checks<T extends string>({
  legend,
  options,
  texts,
  value,
  onChange,
  error,
  ctx,
  testId,
}: {
  legend: string;
  options: readonly T[];
  texts: Record<T, ReturnType<typeof msg>>;
  value: T[];
  onChange: (v: T[]) => void;
  error?: string;
  ctx: RenderContext;
  testId: string;
}) {
  return (
    <fieldset className="space-y-1" data-testid={testId}>
      <legend className={labelClass}>{legend}</legend>
      <div className="flex flex-wrap gap-x-4 gap-y-1">
        {options.map((o) => (
          <label key={o} className="inline-flex min-h-8 items-center gap-2 text-sm">
            <input
              type="checkbox"
              className={boxClass}
              checked={value.includes(o)}
              onChange={(e) => onChange(e.target.checked ? [...value, o] : value.filter((v) => v !== o))}
              value={o}
            />
            {ctx.i18n._(texts[o])}
          </label>
        ))}
      </div>
      {error && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** A preview of one language: its subject and its HTML part, shown inert (a sandboxed frame). */
export function PreviewPane({ lang, mail, ctx }: { lang: 'en' | 'ar'; mail: Rendered; ctx: RenderContext }) {
  const title = lang === 'en' ? ctx.i18n._(msg`In English`) : ctx.i18n._(msg`In Arabic`);
  return (
    <section className="min-w-0 space-y-2" data-testid={`preview-${lang}`} aria-label={title}>
      <h4 className="text-sm font-semibold">{title}</h4>
      <p className="text-sm break-words">
        <span className="font-medium">{ctx.i18n._(msg`Subject:`)}</span>{' '}
        <bdi dir={lang === 'ar' ? 'rtl' : 'ltr'} lang={lang}>
          {mail.subject}
        </bdi>
      </p>
      <iframe
        title={title}
        sandbox=""
        srcDoc={mail.html}
        className="h-64 w-full rounded-md border border-slate-300 bg-white dark:border-slate-600"
      />
    </section>
  );
}
