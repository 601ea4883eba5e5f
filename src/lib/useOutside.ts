import { useEffect, useRef, type RefObject } from 'react';

/**
 * Calls `away` on a click or a focus outside `box` while `open` (a popup closing when the user
 * moves on: the date field's calendar). Focus landing on a container of the box is not a move away:
 * a dialog's focus trap takes the focus back so when the focused element inside the box leaves the
 * page (the calendar drew another month). Spread the returned handlers on the box: a click or focus
 * in a popover the box opened in a portal (a select's list in the calendar's caption) reaches it
 * through React's tree, and is not a move away either.
 */
export function useOutside(box: RefObject<HTMLElement | null>, open: boolean, away: () => void) {
  const latest = useRef(away);
  const inside = useRef(false);
  useEffect(() => {
    latest.current = away;
  });
  useEffect(() => {
    if (!open) return;
    inside.current = false;
    const outside = (event: Event) => {
      // React's handlers on the box ran first (its listeners sit below the document).
      if (inside.current) {
        inside.current = false;
        return;
      }
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
  const mark = () => {
    inside.current = true;
  };
  return { onPointerDown: mark, onFocus: mark };
}
