/** A record's change history (who, when, from, to, why), as the details pages show it. */
import { msg } from '@lingui/core/macro';
import { useId, type ReactNode } from 'react';
import type { Localized } from '@/contract';
import { dateTime, localizedText } from './cells';
import { cardClass } from './DetailsPage';
import type { RenderContext } from './types';

export interface HistoryEntry {
  id: number;
  /** What changed, when a record has several histories (status, payment). */
  label?: ReactNode;
  from: ReactNode | null;
  to: ReactNode;
  by: { name: Localized } | null;
  at: string;
  /** The reason or note, already worded ("Reason: …"). */
  remark?: string | null;
}

/** A details page's history card: its heading, the entries, or what it says when there are none. */
export function HistorySection({
  title,
  empty,
  ...list
}: {
  title: string;
  empty: string;
  entries: readonly HistoryEntry[];
  ctx: RenderContext;
  testId: string;
}) {
  const id = useId();
  return (
    <section className={cardClass} aria-labelledby={id}>
      <h2 id={id} className="mb-4 text-lg font-semibold">
        {title}
      </h2>
      {list.entries.length === 0 ? (
        <p className="text-slate-700 dark:text-slate-300">{empty}</p>
      ) : (
        <HistoryList {...list} />
      )}
    </section>
  );
}

function HistoryList({
  entries,
  ctx,
  testId,
}: {
  entries: readonly HistoryEntry[];
  ctx: RenderContext;
  testId: string;
}) {
  const { i18n, language } = ctx;
  return (
    <ol className="space-y-3" data-testid={testId}>
      {entries.map((entry) => (
        <li key={entry.id} className="border-s-2 border-indigo-300 ps-3">
          <p className="flex flex-wrap items-center gap-2">
            {entry.label && <span className="text-sm font-medium">{entry.label}</span>}
            {entry.from}
            {entry.from && (
              <span aria-hidden="true" className="rtl:rotate-180">
                →
              </span>
            )}
            {entry.to}
          </p>
          <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
            {entry.by
              ? i18n._(msg`${localizedText(entry.by.name, language)} on ${dateTime(entry.at, ctx)}`)
              : dateTime(entry.at, ctx)}
          </p>
          {entry.remark && <p className="mt-1 text-sm">{entry.remark}</p>}
        </li>
      ))}
    </ol>
  );
}
