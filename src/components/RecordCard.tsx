/**
 * One record as a card, the way phones show records (docs/product.md §2 lists): its title (a link
 * when it opens), its status badge beside it and its key fields as label / value pairs, so nothing
 * scrolls sideways. The lists' cards (src/resources/list/ListCards.tsx) and the dashboards' tables
 * on a phone are made of it.
 */
import type { ReactNode } from 'react';
import { AppLink } from './AppLink';

export interface CardField {
  id: string;
  label: string;
  value: ReactNode;
}

export function RecordCard({
  title,
  to,
  status,
  fields,
  before,
  after,
  ...item
}: {
  title: ReactNode;
  /** Where the title leads (absent: plain text). */
  to?: string | null;
  status?: ReactNode;
  fields: readonly CardField[];
  /** A check box before the content (selection). */
  before?: ReactNode;
  /** The actions after it. */
  after?: ReactNode;
} & Record<`data-${string}`, string | number | undefined>) {
  return (
    <li
      {...item}
      className="flex items-start gap-2 p-3 data-[active=true]:outline-2 data-[active=true]:-outline-offset-2 data-[active=true]:outline-indigo-500"
    >
      {before}
      <div className="min-w-0 flex-1 space-y-1">
        <div className="flex flex-wrap items-start gap-x-2 gap-y-1">
          <div className="min-w-0 flex-1 [overflow-wrap:anywhere]">
            {to ? (
              <AppLink
                to={to}
                data-testid="record-link"
                className="block text-indigo-700 hover:underline dark:text-indigo-300"
              >
                {title}
              </AppLink>
            ) : (
              title
            )}
          </div>
          {status && <div className="shrink-0">{status}</div>}
        </div>
        {fields.length > 0 && (
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-0.5 text-sm">
            {fields.map((field) => (
              <div key={field.id} className="contents">
                <dt className="text-slate-600 dark:text-slate-400">{field.label}</dt>
                <dd className="min-w-0 [overflow-wrap:anywhere]">{field.value}</dd>
              </div>
            ))}
          </dl>
        )}
      </div>
      {after}
    </li>
  );
}
