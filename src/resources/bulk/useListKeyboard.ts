import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useEffect, useRef, useState, type RefObject } from 'react';
import type { Selection } from './useSelection';

/** The keys of a list, as `aria-keyshortcuts` names them. */
export const LIST_SHORTCUTS = 'j k ArrowDown ArrowUp x Enter / ? ArrowLeft ArrowRight';

/** Typing here is text, not a shortcut (a check box or a button is not). */
const isTyping = (target: EventTarget | null) => {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return (
    target instanceof HTMLInputElement && !['checkbox', 'radio', 'button', 'submit'].includes(target.type)
  );
};

/**
 * The list's keys (docs/decisions/0021-bulk-actions-and-list-keyboard.md): j / ArrowDown and
 * k / ArrowUp move between rows (focus on the row's link, so Enter opens it), x selects the row,
 * / goes to the search box, ? shows the keys; ArrowLeft / ArrowRight turn the page, mirrored in
 * right-to-left (the arrow toward the reading's end goes forward). Never while typing, never with a
 * dialog open; each move is announced.
 */
export function useListKeyboard(
  section: RefObject<HTMLElement | null>,
  options: {
    selection: Selection;
    onHelp: () => void;
    onPage: (delta: 1 | -1) => void;
  },
) {
  const { i18n } = useLingui();
  const [announcement, setAnnouncement] = useState('');
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });

  useEffect(() => {
    const rowsOf = () => [...(section.current?.querySelectorAll<HTMLElement>('[data-row-id]') ?? [])];
    const currentIndex = (rows: HTMLElement[]) =>
      rows.findIndex((row) => row.contains(document.activeElement) || row.dataset.active === 'true');
    const nameOf = (row: HTMLElement) => row.dataset.rowName ?? row.dataset.rowId ?? '';
    const focusRow = (rows: HTMLElement[], index: number) => {
      for (const r of rows) delete r.dataset.active;
      const row = rows[index]!;
      row.dataset.active = 'true';
      const target =
        row.querySelector<HTMLElement>('[data-testid="record-link"]') ??
        row.querySelector<HTMLElement>('[data-testid="select-row"]');
      target?.focus();
      row.scrollIntoView?.({ block: 'nearest' });
      const selected = latest.current.selection.has(Number(row.dataset.rowId));
      setAnnouncement(
        i18n._(msg`Row ${index + 1} of ${rows.length}: ${nameOf(row)}`) +
          (selected ? ` — ${i18n._(msg`selected`)}` : ''),
      );
    };

    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      if (isTyping(event.target) || document.querySelector('[role="dialog"], [role="alertdialog"]')) return;
      if (document.querySelector('[role="menu"]')) return;
      const rows = rowsOf();
      const index = currentIndex(rows);
      const rtl = document.documentElement.dir === 'rtl';
      switch (event.key) {
        case 'j':
        case 'ArrowDown':
          if (!rows.length) return;
          event.preventDefault();
          focusRow(rows, index < 0 ? 0 : Math.min(rows.length - 1, index + 1));
          return;
        case 'k':
        case 'ArrowUp':
          if (!rows.length) return;
          event.preventDefault();
          focusRow(rows, index < 0 ? 0 : Math.max(0, index - 1));
          return;
        case 'x': {
          if (index < 0) return;
          event.preventDefault();
          const row = rows[index]!;
          const id = Number(row.dataset.rowId);
          const was = latest.current.selection.has(id);
          latest.current.selection.toggle(id);
          setAnnouncement(
            was ? i18n._(msg`${nameOf(row)}: not selected`) : i18n._(msg`${nameOf(row)}: selected`),
          );
          return;
        }
        case '/': {
          const search = section.current?.querySelector<HTMLInputElement>('[data-testid="list-search"]');
          if (!search) return;
          event.preventDefault();
          search.focus();
          search.select();
          return;
        }
        case '?':
          event.preventDefault();
          latest.current.onHelp();
          return;
        case 'ArrowLeft':
        case 'ArrowRight': {
          // Only when the focus is on a row (or nowhere): arrows elsewhere keep their own meaning.
          if (index < 0 && document.activeElement !== document.body) return;
          event.preventDefault();
          const forward = (event.key === 'ArrowRight') !== rtl;
          latest.current.onPage(forward ? 1 : -1);
          setAnnouncement(forward ? i18n._(msg`Next page`) : i18n._(msg`Previous page`));
          return;
        }
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [section, i18n]);

  return announcement;
}
