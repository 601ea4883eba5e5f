/** The drop-down menus' shared panel (Radix DropdownMenu), for the header's and the list pages' menus. */
import { DropdownMenu } from 'radix-ui';
import type { ReactNode } from 'react';
import { menuContentClass } from './menu';
import { cx } from './ui';

export function MenuContent({
  children,
  className,
  testId,
}: {
  children: ReactNode;
  className?: string;
  testId?: string;
}) {
  return (
    <DropdownMenu.Portal>
      <DropdownMenu.Content
        data-testid={testId}
        align="end"
        sideOffset={6}
        collisionPadding={8}
        className={cx(menuContentClass, className)}
      >
        {children}
      </DropdownMenu.Content>
    </DropdownMenu.Portal>
  );
}
