import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { PickerCombobox, useSearchedPicker } from '../collections';
import type { AreaFilter } from '../types';

/**
 * A filter over another area's records: the first page of them by name, as the form's pickers
 * (useSearchedPicker, docs/decisions/0026-venue-time-zones-and-date-pickers.md §5), in the family's
 * combobox (docs/decisions/0081-one-control-family.md) whose search box finds any of them on the
 * server. A value from a shared link or a saved view beyond the first page keeps its name.
 */
export function ReferenceSelect({
  id,
  filter,
  value,
  parent,
  onChange,
  className,
  describedBy,
}: {
  id: string;
  filter: Extract<AreaFilter, { kind: 'reference' }>;
  value: string;
  parent: string | undefined;
  onChange: (value: string) => void;
  className: string;
  describedBy?: string;
}) {
  const { i18n } = useLingui();
  const picker = useSearchedPicker(filter, parent || undefined, true, value);
  return (
    <PickerCombobox
      id={id}
      field={{ name: filter.key, label: filter.label }}
      picker={picker}
      value={value}
      onChange={onChange}
      empty={i18n._(msg`All`)}
      describedBy={describedBy}
      className={className}
      testId={`filter-${filter.key}`}
    />
  );
}
