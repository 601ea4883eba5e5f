import { useLingui } from '@lingui/react';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { listKeyHandler, type ListKeyOptions } from './list-keys';

/** The keys of a list, as `aria-keyshortcuts` names them. */
export const LIST_SHORTCUTS = 'j k ArrowDown ArrowUp x Enter / ? ArrowLeft ArrowRight';

/**
 * The list's keys (docs/decisions/0021-bulk-actions-and-list-keyboard.md): j / ArrowDown and
 * k / ArrowUp move between rows (focus on the row's link, so Enter opens it), x selects the row,
 * / goes to the search box, ? shows the keys; ArrowLeft / ArrowRight turn the page, mirrored in
 * right-to-left (the arrow toward the reading's end goes forward). Never while typing, never with a
 * dialog open; each move is announced.
 */
export function useListKeyboard(section: RefObject<HTMLElement | null>, options: ListKeyOptions) {
  const { i18n } = useLingui();
  const [announcement, setAnnouncement] = useState('');
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });

  useEffect(() => {
    const onKey = listKeyHandler(section, latest, i18n, setAnnouncement);
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [section, i18n]);

  return announcement;
}
