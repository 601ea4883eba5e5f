import { useEffect, useRef, type RefObject } from 'react';

/**
 * Calls `away` on a click or a focus outside `box` while `open` (a popup closing when the user
 * moves on: the date field's calendar, the filter bar's pickers). Focus landing on a container of
 * the box is not a move away: a dialog's focus trap takes the focus back so when the focused
 * element inside the box leaves the page (the calendar drew another month).
 */
export function useOutside(box: RefObject<HTMLElement | null>, open: boolean, away: () => void) {
  const latest = useRef(away);
  useEffect(() => {
    latest.current = away;
  });
  useEffect(() => {
    if (!open) return;
    const outside = (event: Event) => {
      const target = event.target as Node;
      if (!box.current || box.current.contains(target)) return;
      if (event.type === 'focusin' && target.contains(box.current)) return;
      latest.current();
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('focusin', outside);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('focusin', outside);
    };
  }, [box, open]);
}
