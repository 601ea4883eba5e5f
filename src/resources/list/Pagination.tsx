import { msg, plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useId } from 'react';
import { PAGE_SIZES } from '@/contract';
import { Button, inputClass } from '@/components/ui';

export function Pagination({
  total,
  from,
  to,
  page,
  pageCount,
  pageSize,
  onPage,
  onPageSize,
}: {
  total: number;
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
      <p data-testid="list-range" aria-live="polite">
        {total === 0
          ? i18n._(msg`No rows`)
          : i18n._(msg`${n(from)}–${n(to)} of ${plural(total, { one: '# row', other: '# rows' })}`)}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={sizeId}>{i18n._(msg`Rows per page`)}</label>
        <select
          id={sizeId}
          value={pageSize}
          onChange={(event) => onPageSize(Number(event.target.value))}
          className={inputClass(false).replace('w-full', 'w-auto')}
          data-testid="page-size"
        >
          {PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {n(size)}
            </option>
          ))}
        </select>
        <Button
          variant="secondary"
          disabled={page <= 1}
          onClick={() => onPage(page - 1)}
          data-testid="page-previous"
        >
          {i18n._(msg`Previous`)}
        </Button>
        <span data-testid="page-of">{i18n._(msg`Page ${n(page)} of ${n(pageCount)}`)}</span>
        <Button
          variant="secondary"
          disabled={page >= pageCount}
          onClick={() => onPage(page + 1)}
          data-testid="page-next"
        >
          {i18n._(msg`Next`)}
        </Button>
      </div>
    </nav>
  );
}
