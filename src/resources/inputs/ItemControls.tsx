import { ArrowDown, ArrowUp, Trash2 } from 'lucide-react';
import { Button, cx } from '@/components/ui';

/**
 * Move earlier / later and remove, for one item of a list field. `row`: the items run along the
 * reading direction (a gallery), so the arrows point along it and mirror in Arabic; `column`: up/down.
 */
export function ItemControls({
  axis,
  index,
  count,
  onMove,
  onRemove,
  labels,
}: {
  axis: 'row' | 'column';
  index: number;
  count: number;
  onMove: (delta: -1 | 1) => void;
  onRemove: () => void;
  labels: { back: string; forward: string; remove: string };
}) {
  const arrow = axis === 'row' ? 'size-4 -rotate-90 rtl:rotate-90' : 'size-4';
  const size = axis === 'row' ? 'min-h-9 px-2' : 'min-h-10 px-2';
  return (
    <div className={cx('flex gap-1', axis === 'column' && 'items-end')}>
      <Button
        variant="ghost"
        className={size}
        disabled={index === 0}
        onClick={() => onMove(-1)}
        aria-label={labels.back}
      >
        <ArrowUp aria-hidden="true" className={arrow} />
      </Button>
      <Button
        variant="ghost"
        className={size}
        disabled={index === count - 1}
        onClick={() => onMove(1)}
        aria-label={labels.forward}
      >
        <ArrowDown aria-hidden="true" className={arrow} />
      </Button>
      <Button
        variant="ghost"
        className={cx(size, 'text-red-700 dark:text-red-400', axis === 'row' && 'ms-auto')}
        onClick={onRemove}
        aria-label={labels.remove}
      >
        <Trash2 aria-hidden="true" className="size-4" />
      </Button>
    </div>
  );
}
