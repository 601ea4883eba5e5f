import { useState } from 'react';

/**
 * False until `open` is first true, then true for good. A part loaded on demand (a dialog, the
 * phone drawer) mounts with its first opening, not with the first screen, and then stays mounted
 * so that it closes as it always did (focus back to its trigger) and reopens at once.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
