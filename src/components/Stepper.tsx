/**
 * A count set with − and + (the door's guests arriving now, a door sale's tickets): a group named by
 * the element `labelledBy`, two buttons named by `fewer` and `more`, each off at its bound, and the
 * count between them in the reader's digits. In Arabic the row runs right to left, − first.
 */
import { useLingui } from '@lingui/react';
import { Minus, Plus } from 'lucide-react';
import { Button, cx } from './ui';

export function Stepper({
  value,
  onChange,
  min = 1,
  max,
  fewer,
  more,
  labelledBy,
  countTestId,
  className,
  buttonClassName,
  countClassName,
}: {
  value: number;
  onChange: (value: number) => void;
  min?: number;
  max: number;
  /** The buttons' names ("One ticket fewer", "One ticket more"). */
  fewer: string;
  more: string;
  /** The id of the element that names the count ("Tickets"). */
  labelledBy: string;
  countTestId: string;
  /** The row's spacing, the buttons' and the count's size: as the screen needs them. */
  className?: string;
  buttonClassName?: string;
  countClassName?: string;
}) {
  const { i18n } = useLingui();
  return (
    <div className={cx('flex items-center', className)} role="group" aria-labelledby={labelledBy}>
      <Button
        variant="secondary"
        className={buttonClassName}
        aria-label={fewer}
        disabled={value <= min}
        onClick={() => onChange(Math.max(min, value - 1))}
      >
        <Minus aria-hidden className="size-5" />
      </Button>
      <output className={cx('text-center tabular-nums', countClassName)} data-testid={countTestId}>
        {i18n.number(value)}
      </output>
      <Button
        variant="secondary"
        className={buttonClassName}
        aria-label={more}
        disabled={value >= max}
        onClick={() => onChange(Math.min(max, value + 1))}
      >
        <Plus aria-hidden className="size-5" />
      </Button>
    </div>
  );
}
