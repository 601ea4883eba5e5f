import { msg, plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useId } from 'react';
import { PAGE_SIZES } from '@/contract';
import { Select } from '@/components/Select';
import { Button } from '@/components/ui';

/**
 * The range, the page size and the page buttons. While the first page loads (`pending`) the range is
 * a placeholder and the page count and buttons wait: nothing is claimed before the answer ("No rows",
 * "Page 2 of 1"). With no rows there is no page to go to. A capped total (`capped`: more than `total`
 * rows match) reads "1,000+" and "Page 3 of 40+", and Next goes on past the counted pages.
 */
export function Pagination({
  pending = false,
  total,
  capped = false,
  from,
  to,
  page,
  pageCount,
  pageSize,
  onPage,
  onPageSize,
}: {
  pending?: boolean;
  total: number;
  capped?: boolean;
  from: number;
  to: number;
  page: number;
  pageCount: number;
  pageSize: number;
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
}) {
  const { i18n } = useLingui();
  const sizeId = useId();
  const n = (value: number) => i18n.number(value);
  return (
    <nav
      aria-label={i18n._(msg`Pagination`)}
      className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 p-3 text-sm dark:border-slate-800"
    >
      {pending ? (
        <span
          data-testid="range-skeleton"
          aria-hidden="true"
          className="block h-4 w-32 animate-pulse rounded bg-slate-200 dark:bg-slate-700"
        />
      ) : (
        <p data-testid="list-range" aria-live="polite">
          {total === 0
            ? i18n._(msg`No rows`)
            : capped
              ? i18n._(msg`${n(from)}–${n(to)} of ${n(total)}+ rows`)
              : i18n._(msg`${n(from)}–${n(to)} of ${plural(total, { one: '# row', other: '# rows' })}`)}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={sizeId}>{i18n._(msg`Rows per page`)}</label>
        {/* The input look is full width: its box sets the width. */}
        <div className="w-24">
          <Select
            id={sizeId}
            value={String(pageSize)}
            onChange={(next) => onPageSize(Number(next))}
            options={PAGE_SIZES.map((size) => ({ value: String(size), label: n(size) }))}
            testId="page-size"
          />
        </div>
        {!pending && total > 0 && (
          <PageButtons page={page} pageCount={pageCount} capped={capped} onPage={onPage} />
        )}
      </div>
    </nav>
  );
}

/** Previous, "Page n of m" (or "of m+" when the count stopped), Next. */
function PageButtons({
  page,
  pageCount,
  capped,
  onPage,
}: {
  page: number;
  pageCount: number;
  capped: boolean;
  onPage: (page: number) => void;
}) {
  const { i18n } = useLingui();
  const n = (value: number) => i18n.number(value);
  return (
    <>
      <Button
        variant="secondary"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
        data-testid="page-previous"
      >
        {i18n._(msg`Previous`)}
      </Button>
      <span data-testid="page-of">
        {capped
          ? i18n._(msg`Page ${n(page)} of ${n(pageCount)}+`)
          : i18n._(msg`Page ${n(page)} of ${n(pageCount)}`)}
      </span>
      <Button
        variant="secondary"
        disabled={!capped && page >= pageCount}
        onClick={() => onPage(page + 1)}
        data-testid="page-next"
      >
        {i18n._(msg`Next`)}
      </Button>
    </>
  );
}
