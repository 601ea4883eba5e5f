/**
 * The frame of a dashboard widget that leads to work (docs/decisions/0083-a-dashboard-that-leads-to-work.md):
 * its title with how many wait, its rows as the lists' cards, what to do when there are none, and the
 * link to the list filtered to them. While its list loads it keeps the size of three rows.
 */
import { msg } from '@lingui/core/macro';
import type { UseQueryResult } from '@tanstack/react-query';
import { ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { AppLink } from '@/components/AppLink';
import { Alert, Button } from '@/components/ui';
import { errorMessage } from '@/lib/api';
import { card, useFormat } from './dashboard-data';

const WIDGET_ROWS = 3;

const footerLink =
  'inline-flex min-h-10 items-center gap-1 text-sm font-medium text-indigo-700 underline-offset-4 hover:underline dark:text-indigo-300';

export function WorkWidget<T extends { id: number }>({
  testId,
  title,
  unit,
  query,
  rows,
  empty,
  link,
}: {
  testId: string;
  title: string;
  /** The count with its unit ("3 events"), given the list's total. */
  unit: (total: number) => string;
  query: UseQueryResult<{ items: T[]; total: number }>;
  rows: (items: T[]) => ReactNode;
  /** Said when there are none, with where to go then. */
  empty: { text: string; link: { to: string; label: string } };
  /** The list filtered to these, and its words given the total. */
  link: { to: string; label: (total: number) => string };
}) {
  const f = useFormat();
  const titleId = `${testId}-title`;
  const data = query.data;
  return (
    <section className={`${card} flex flex-col`} aria-labelledby={titleId} data-testid={testId}>
      <h2
        id={titleId}
        className="flex flex-wrap items-baseline justify-between gap-x-3 text-lg font-semibold"
      >
        <span>{title}</span>
        {data && (
          <span
            className="text-sm font-medium text-slate-700 tabular-nums dark:text-slate-300"
            data-testid={`${testId}-count`}
          >
            {unit(data.total)}
          </span>
        )}
      </h2>
      {data ? (
        data.items.length === 0 ? (
          <div className="mt-2 space-y-1" data-testid={`${testId}-empty`}>
            <p className="text-slate-700 dark:text-slate-300">{empty.text}</p>
            <AppLink to={empty.link.to} className={footerLink}>
              {empty.link.label}
              <ChevronRight aria-hidden="true" className="size-4 rtl:rotate-180" />
            </AppLink>
          </div>
        ) : (
          <>
            <ul className="-mx-3 mt-1 flex-1 divide-y divide-slate-100 dark:divide-slate-800">
              {rows(data.items.slice(0, WIDGET_ROWS))}
            </ul>
            <AppLink to={link.to} className={`${footerLink} mt-2`} data-testid={`${testId}-all`}>
              {link.label(data.total)}
              <ChevronRight aria-hidden="true" className="size-4 rtl:rotate-180" />
            </AppLink>
          </>
        )
      ) : query.isError ? (
        <Alert kind="error">
          <p>{errorMessage(query.error)}</p>
          <Button className="mt-3" onClick={() => void query.refetch()}>
            {f.i18n._(msg`Retry`)}
          </Button>
        </Alert>
      ) : (
        <div aria-busy="true" className="mt-2 space-y-2">
          <span className="sr-only">{f.i18n._(msg`Loading…`)}</span>
          {Array.from({ length: WIDGET_ROWS }, (_, i) => (
            <div key={i} className="h-16 animate-pulse rounded-md bg-slate-100 dark:bg-slate-800" />
          ))}
        </div>
      )}
    </section>
  );
}
