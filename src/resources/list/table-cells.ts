/** The list table's cells: where they stick, how tall and wide they are (./ListTable.tsx). */
import type { PointerEvent } from 'react';
import type { ListDensity } from '@/contract/densities';

/*
 * Sticky cells (docs/product.md §2 lists): the record's name at the start, its actions at the end; a
 * line on their inner edge (mirrored in Arabic) shows what scrolls under them.
 */
export const firstCellClass =
  'sticky start-0 z-10 shadow-[inset_-1px_0_0_var(--color-slate-200)] rtl:shadow-[inset_1px_0_0_var(--color-slate-200)] dark:shadow-[inset_-1px_0_0_var(--color-slate-800)] dark:rtl:shadow-[inset_1px_0_0_var(--color-slate-800)]';
export const actionsCellClass =
  'sticky end-0 z-10 w-px px-3 text-end whitespace-nowrap text-slate-700 shadow-[inset_1px_0_0_var(--color-slate-200)] rtl:shadow-[inset_-1px_0_0_var(--color-slate-200)] dark:text-slate-200 dark:shadow-[inset_1px_0_0_var(--color-slate-800)] dark:rtl:shadow-[inset_-1px_0_0_var(--color-slate-800)]';
export const rowCellBackground =
  'bg-white group-hover:bg-slate-50 dark:bg-slate-900 dark:group-hover:bg-slate-800';
/** A row's cells: one line of 40–44 px when compact, room for two lines when comfortable. */
export const densityCellClass: Record<ListDensity, string> = { compact: 'h-10.5 py-1', comfortable: 'py-3' };
/**
 * What a cell's content may take (its natural width is measured: ./useTableLayout.ts): the first
 * column is capped, and compact cells keep to one line, cut with an ellipsis.
 */
export const contentClass: Record<ListDensity, string> = {
  compact: 'max-w-(--cell-cap) truncate',
  comfortable: 'max-w-(--cell-cap)',
};
export const firstContentClass = 'flex w-max max-w-72 items-center gap-2';

/** Whether some text in the cell is cut short (a box that hides what overflows it, overflowing). */
export const isCut = (content: HTMLElement) =>
  [content, ...content.querySelectorAll('*')].some(
    (e) =>
      e instanceof HTMLElement &&
      e.scrollWidth > e.clientWidth + 1 &&
      getComputedStyle(e).overflowX === 'hidden',
  );

/** A cell cut short says its whole text when pointed at (its title). */
export function titleWhenCut(event: PointerEvent<HTMLElement>) {
  const el = event.currentTarget;
  el.title = isCut(el) ? el.innerText.replace(/\s+/g, ' ').trim() : '';
}
