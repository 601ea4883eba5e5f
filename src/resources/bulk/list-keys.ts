/**
 * What the list's keys do (./useListKeyboard.ts): the rows are the elements with `data-row-id`
 * in the list's section; the active one is marked `data-active`.
 */
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { RefObject } from 'react';
import type { Selection } from './useSelection';

export interface ListKeyOptions {
  selection: Selection;
  onHelp: () => void;
  onPage: (delta: 1 | -1) => void;
}

/** Typing here is text, not a shortcut (a check box or a button is not). */
const isTyping = (target: EventTarget | null) => {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return (
    target instanceof HTMLInputElement && !['checkbox', 'radio', 'button', 'submit'].includes(target.type)
  );
};

/** Not a list key: with a modifier, while typing, with a dialog or a menu open. */
const notForList = (event: KeyboardEvent) => {
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return true;
  if (isTyping(event.target) || document.querySelector('[role="dialog"], [role="alertdialog"]')) return true;
  return Boolean(document.querySelector('[role="menu"]'));
};

const currentIndex = (rows: HTMLElement[]) =>
  rows.findIndex((row) => row.contains(document.activeElement) || row.dataset.active === 'true');
const nameOf = (row: HTMLElement) => row.dataset.rowName ?? row.dataset.rowId ?? '';

/** Makes the row the active one: focus on its link (else its check box), scrolled into view. */
const activateRow = (rows: HTMLElement[], index: number) => {
  for (const r of rows) delete r.dataset.active;
  const row = rows[index]!;
  row.dataset.active = 'true';
  const target =
    row.querySelector<HTMLElement>('[data-testid="record-link"]') ??
    row.querySelector<HTMLElement>('[data-testid="select-row"]');
  target?.focus();
  row.scrollIntoView?.({ block: 'nearest' });
  return row;
};

/** The keydown handler of the list in `section`; `announce` says each move. */
export function listKeyHandler(
  section: RefObject<HTMLElement | null>,
  latest: RefObject<ListKeyOptions>,
  i18n: I18n,
  announce: (text: string) => void,
) {
  const rowsOf = () => [...(section.current?.querySelectorAll<HTMLElement>('[data-row-id]') ?? [])];
  const focusRow = (rows: HTMLElement[], index: number) => {
    const row = activateRow(rows, index);
    const selected = latest.current.selection.has(Number(row.dataset.rowId));
    announce(
      i18n._(msg`Row ${index + 1} of ${rows.length}: ${nameOf(row)}`) +
        (selected ? ` — ${i18n._(msg`selected`)}` : ''),
    );
  };
  const toggleRow = (row: HTMLElement) => {
    const id = Number(row.dataset.rowId);
    const was = latest.current.selection.has(id);
    latest.current.selection.toggle(id);
    announce(was ? i18n._(msg`${nameOf(row)}: not selected`) : i18n._(msg`${nameOf(row)}: selected`));
  };
  const searchBox = () => section.current?.querySelector<HTMLInputElement>('[data-testid="list-search"]');

  return (event: KeyboardEvent) => {
    if (notForList(event)) return;
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
      case 'x':
        if (index < 0) return;
        event.preventDefault();
        toggleRow(rows[index]!);
        return;
      case '/': {
        const search = searchBox();
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
        announce(forward ? i18n._(msg`Next page`) : i18n._(msg`Previous page`));
        return;
      }
    }
  };
}
