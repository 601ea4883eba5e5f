import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import type { Resource } from '@/contract';
import { Alert, Button } from '@/components/ui';
import { errorMessage } from '@/lib/api';
import { hasNarrowing, type ListSearch } from '../search';
import type { SetListSearch } from './useListSearch';

/** The list could not load (and has nothing to show): the error and Retry. */
export function ListError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { i18n } = useLingui();
  return (
    <div className="p-4">
      <Alert kind="error">
        <p data-testid="list-error">{errorMessage(error)}</p>
        <Button className="mt-3" onClick={onRetry}>
          {i18n._(msg`Retry`)}
        </Button>
      </Alert>
    </div>
  );
}

/** Placeholder rows while the first page loads. */
export function SkeletonRows({ count, columnCount }: { count: number; columnCount: number }) {
  return Array.from({ length: count }, (_, i) => (
    <tr key={i} data-testid="skeleton-row" className="border-t border-slate-100 dark:border-slate-800">
      {Array.from({ length: columnCount }, (_, j) => (
        <td key={j} className="px-3 py-3">
          <span className="block h-4 w-full max-w-40 animate-pulse rounded bg-slate-200 dark:bg-slate-700" />
        </td>
      ))}
    </tr>
  ));
}

/** Placeholder cards while the first page loads (phones). */
export function SkeletonCards({ count }: { count: number }) {
  return Array.from({ length: count }, (_, i) => (
    <li key={i} data-testid="skeleton-row" className="space-y-2 p-3">
      <span className="block h-4 w-2/3 animate-pulse rounded bg-slate-200 dark:bg-slate-700" />
      <span className="block h-3 w-1/2 animate-pulse rounded bg-slate-200 dark:bg-slate-700" />
    </li>
  ));
}

interface EmptyProps {
  resource: Resource;
  search: ListSearch;
  setSearch: SetListSearch;
}

/** No rows: none yet, or none matching (then a button clears the search and the filters). */
export function EmptyRow({ columnCount, ...props }: EmptyProps & { columnCount: number }) {
  return (
    <tr>
      <td colSpan={columnCount} className="px-3 py-10 text-center" data-testid="list-empty">
        <EmptyMessage {...props} />
      </td>
    </tr>
  );
}

/** The empty state as a card (phones). */
export function EmptyCard(props: EmptyProps) {
  return (
    <li className="px-3 py-10 text-center" data-testid="list-empty">
      <EmptyMessage {...props} />
    </li>
  );
}

function EmptyMessage({ resource, search, setSearch }: EmptyProps) {
  const { i18n } = useLingui();
  return hasNarrowing(resource, search) ? (
    <>
      <p className="font-medium">{i18n._(msg`Nothing matches this search or these filters.`)}</p>
      <Button
        variant="secondary"
        className="mt-3"
        onClick={() =>
          setSearch(
            Object.fromEntries(
              ['q', 'page', ...Object.keys(resource.filters.shape)].map((k) => [k, undefined]),
            ),
          )
        }
      >
        {i18n._(msg`Clear search and filters`)}
      </Button>
    </>
  ) : (
    <p className="font-medium">{i18n._(msg`There are no records yet.`)}</p>
  );
}
