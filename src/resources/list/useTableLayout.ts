/**
 * The table's own measurements (docs/decisions/0082-dense-width-aware-tables.md): the room its
 * container leaves and each column's natural width, for the columns that fit
 * (./useColumnVisibility.ts); and its header kept in view under the app's header while the page
 * scrolls.
 */
import { useCallback, useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import { isCut } from './table-cells';
import { CELL_MAX, type ColumnMeasure } from './useColumnVisibility';

/** A cell's padding on both sides (px-3). */
const CELL_PADDING = 24;

/**
 * What the table measures now: what every drawn column wants (its widest content; CELL_MAX when a
 * text is cut short, whatever the cap it was drawn under) and the room left beside the actions.
 */
function measureTable(scroller: HTMLElement): ColumnMeasure {
  const widths: Record<string, number> = {};
  for (const content of scroller.querySelectorAll<HTMLElement>('[data-column] > [data-fit]')) {
    const id = (content.parentElement as HTMLElement).dataset.column!;
    const drawn = Math.ceil(content.getBoundingClientRect().width) + CELL_PADDING;
    const width = isCut(content) ? Math.max(drawn, CELL_MAX) : drawn;
    widths[id] = Math.max(widths[id] ?? 0, width);
  }
  const actions = scroller.querySelector<HTMLElement>('th[data-column="actions"]');
  return { room: scroller.clientWidth - (actions?.offsetWidth ?? 0), widths };
}

const sameMeasure = (a: ColumnMeasure | null, b: ColumnMeasure) =>
  a !== null &&
  a.room === b.room &&
  Object.keys(b.widths).length === Object.keys(a.widths).length &&
  Object.entries(b.widths).every(([id, width]) => a.widths[id] === width);

/**
 * Measures the table after every drawing and whenever its container's width changes; a folded
 * column keeps the width it was last drawn at. Over one set of rows (`rowsKey`) a column's width only
 * grows: a text cut short under a narrower cap and whole under a wider one settles as cut short,
 * rather than swinging between the two.
 */
export function useColumnFit(
  scrollerRef: RefObject<HTMLElement | null>,
  onMeasure: (measure: ColumnMeasure) => void,
  rowsKey: unknown,
) {
  // What was last handed on: an unchanged measure sets no state (a measure after every drawing).
  const last = useRef<ColumnMeasure | null>(null);
  const lastRows = useRef<unknown>(rowsKey);
  const measure = useCallback(() => {
    const scroller = scrollerRef.current;
    // Not laid out (a hidden tab, unit tests): nothing folds.
    if (!scroller || scroller.clientWidth === 0) return;
    const now = measureTable(scroller);
    const kept = lastRows.current === rowsKey ? (last.current?.widths ?? {}) : {};
    lastRows.current = rowsKey;
    const widths = { ...kept };
    for (const [id, width] of Object.entries(now.widths)) widths[id] = Math.max(kept[id] ?? 0, width);
    const next = { room: now.room, widths };
    if (sameMeasure(last.current, next)) return;
    last.current = next;
    onMeasure(next);
  }, [scrollerRef, onMeasure, rowsKey]);
  useLayoutEffect(measure);
  useEffect(() => {
    const scroller = scrollerRef.current;
    if (!scroller || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(scroller);
    return () => observer.disconnect();
  }, [scrollerRef, measure]);
}

/** The bottom of the app's header that stays at the top of the window (0 without one). */
function stickyTop(): number {
  for (const header of document.querySelectorAll('header')) {
    const { position } = getComputedStyle(header);
    if (position === 'sticky' || position === 'fixed')
      return Math.max(0, header.getBoundingClientRect().bottom);
  }
  return 0;
}

/**
 * Keeps the table's header in view under the app's header while a long page scrolls. The table
 * scrolls sideways in its own box, which `position: sticky` cannot see past, so the header row is
 * moved down by what the page scrolled past it, never below the table's last row.
 */
export function useFrozenHeader(
  tableRef: RefObject<HTMLTableElement | null>,
  headRef: RefObject<HTMLTableSectionElement | null>,
) {
  useEffect(() => {
    const place = () => {
      const table = tableRef.current;
      const head = headRef.current;
      if (!table || !head) return;
      const box = table.getBoundingClientRect();
      const room = box.height - head.offsetHeight;
      const shift = Math.min(Math.max(0, stickyTop() - box.top), Math.max(0, room));
      head.style.transform = shift > 0 ? `translateY(${shift}px)` : '';
    };
    place();
    window.addEventListener('scroll', place, { passive: true });
    window.addEventListener('resize', place);
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(place);
    if (tableRef.current) observer?.observe(tableRef.current);
    return () => {
      window.removeEventListener('scroll', place);
      window.removeEventListener('resize', place);
      observer?.disconnect();
    };
  }, [tableRef, headRef]);
}
