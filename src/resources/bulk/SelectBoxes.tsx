import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useEffect, useRef } from 'react';
import type { Selection } from './useSelection';

const boxClass = 'size-4 shrink-0 cursor-pointer accent-indigo-600';

/** The check box of one row (its name read with it). */
export function SelectRow({ selection, id, name }: { selection: Selection; id: number; name: string }) {
  const { i18n } = useLingui();
  return (
    <input
      type="checkbox"
      className={boxClass}
      data-testid="select-row"
      checked={selection.has(id)}
      onChange={() => selection.toggle(id)}
      aria-label={i18n._(msg`Select ${name}`)}
    />
  );
}

/** The check box of the whole page (mixed when some of its rows are selected). */
export function SelectPage({ selection, ids }: { selection: Selection; ids: readonly number[] }) {
  const { i18n } = useLingui();
  const ref = useRef<HTMLInputElement>(null);
  const picked = ids.filter((id) => selection.has(id)).length;
  const every = ids.length > 0 && picked === ids.length;
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = picked > 0 && !every;
  });
  return (
    <input
      ref={ref}
      type="checkbox"
      className={boxClass}
      data-testid="select-page"
      disabled={ids.length === 0}
      checked={every}
      onChange={() => selection.togglePage(ids)}
      aria-label={i18n._(msg`Select every row of this page`)}
    />
  );
}
