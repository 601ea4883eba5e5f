/** Shared look of the header's drop-down menus (Radix DropdownMenu). */
import { DropdownMenu } from 'radix-ui';
import type { ReactNode } from 'react';
import { cx } from './ui';

export const menuContentClass =
  'z-50 min-w-44 rounded-md border border-slate-200 bg-white p-1 text-slate-900 shadow-lg dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100';

export const menuItemClass =
  'flex cursor-pointer items-center gap-2 rounded px-2 py-2 text-sm outline-none select-none data-[highlighted]:bg-indigo-50 data-[highlighted]:text-indigo-900 dark:data-[highlighted]:bg-slate-800 dark:data-[highlighted]:text-white';

export const triggerClass =
  'inline-flex min-h-10 items-center gap-2 rounded-md px-2 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 data-[state=open]:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800 dark:data-[state=open]:bg-slate-800';

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
