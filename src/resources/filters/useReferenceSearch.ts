import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useRef, useState } from 'react';
import { useOutside } from '@/lib/useOutside';
import { useSearchedPicker } from '../collections';
import type { AreaFilter } from '../types';

/**
 * The choices of a reference filter (./ReferenceSelect.tsx) and its search box: whether it is
 * offered, open, and what closing it and picking one of its finds do.
 */
export function useReferenceSearch(
  filter: Extract<AreaFilter, { kind: 'reference' }>,
  value: string,
  parent: string | undefined,
  onChange: (value: string) => void,
) {
  const { i18n } = useLingui();
  const picker = useSearchedPicker(filter, parent || undefined, true, value);
  const { choices, setTyped } = picker;
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const select = useRef<HTMLSelectElement>(null);
  const searchable = picker.searchable && (picker.more > 0 || picker.maybeMore || picker.typed !== '');
  const fieldLabel = i18n._(filter.label);
  const searchLabel = i18n._(msg`Search ${fieldLabel}`);

  useOutside(box, open, () => {
    setOpen(false);
    setTyped('');
  });

  // Closing forgets the search: the select lists the first page again, the chosen one by name.
  const close = () => {
    setOpen(false);
    setTyped('');
    select.current?.focus();
  };
  const pick = (next: string) => {
    const choice = choices.find((c) => c.value === next);
    if (choice) picker.keep(choice);
    onChange(next);
    close();
  };

  return { picker, open, setOpen, box, select, searchable, searchLabel, close, pick };
}
