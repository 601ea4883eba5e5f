/**
 * The header's drop-down menus: their shared look, and `HeaderMenu`, whose trigger renders with the
 * page while the menu itself (Radix, about 30 kB compressed) loads once the first screen is shown
 * (docs/decisions/0010-signed-in-first-load.md). A click on the trigger before then opens the menu as soon as it has loaded, and a
 * trigger that has the focus keeps it.
 */
import type { DropdownMenu as RadixDropdownMenu } from 'radix-ui';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { afterFirstScreen } from '@/app/first-screen';
import type * as MenuContentModule from './menu-content';
import { cx } from './ui';

export const menuContentClass =
  'z-50 min-w-44 rounded-md border border-slate-200 bg-white p-1 text-slate-900 shadow-lg dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100';

export const menuItemClass =
  'flex cursor-pointer items-center gap-2 rounded px-2 py-2 text-sm outline-none select-none data-[highlighted]:bg-indigo-50 data-[highlighted]:text-indigo-900 dark:data-[highlighted]:bg-slate-800 dark:data-[highlighted]:text-white';

const triggerClass =
  'inline-flex min-h-10 items-center gap-2 rounded-md px-2 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 data-[state=open]:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800 dark:data-[state=open]:bg-slate-800';

/** Radix's DropdownMenu parts, handed to a header menu's items once loaded. */
export type MenuParts = typeof RadixDropdownMenu;

type MenuModule = typeof MenuContentModule;
let menuModule: MenuModule | null = null;
let loading: Promise<MenuModule> | null = null;

/** Loads the menus' module once; a failed load (offline, not yet cached) is tried again next time. */
function loadMenus(): Promise<MenuModule> {
  loading ??= import('./menu-content').then(
    (module) => (menuModule = module),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

export interface HeaderMenuProps {
  /** The trigger's accessible name. */
  label: string;
  testId: string;
  /** What the trigger shows: the same before and after the menu has loaded. */
  trigger: ReactNode;
  triggerClassName?: string;
  contentClassName?: string;
  contentTestId?: string;
  /** The menu's items, built with Radix's parts. */
  children: (menu: MenuParts) => ReactNode;
}

export function HeaderMenu({
  label,
  testId,
  trigger,
  triggerClassName,
  contentClassName,
  contentTestId,
  children,
}: HeaderMenuProps) {
  const [loaded, setLoaded] = useState(menuModule);
  const [openOnLoad, setOpenOnLoad] = useState(false);
  const placeholder = useRef<HTMLButtonElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const refocus = useRef(false);

  /** Swaps the plain trigger for the menu's, moving the focus along if the trigger has it. */
  const swap = (module: MenuModule) => {
    refocus.current = placeholder.current !== null && document.activeElement === placeholder.current;
    setLoaded(module);
  };

  useEffect(() => {
    if (loaded) {
      // A menu that opens on arrival takes the focus itself.
      if (refocus.current && !openOnLoad) triggerRef.current?.focus();
      refocus.current = false;
      return;
    }
    let live = true;
    afterFirstScreen()
      .then(loadMenus)
      .then(
        (module) => live && swap(module),
        () => undefined, // A click on the trigger tries again.
      );
    return () => {
      live = false;
    };
  }, [loaded, openOnLoad]);

  const triggerProps = {
    'aria-label': label,
    'data-testid': testId,
    className: cx(triggerClass, triggerClassName),
  };
  if (!loaded)
    return (
      <button
        ref={placeholder}
        type="button"
        aria-haspopup="menu"
        aria-expanded={false}
        {...triggerProps}
        onClick={() => {
          setOpenOnLoad(true);
          loadMenus().then(swap, () => undefined);
        }}
      >
        {trigger}
      </button>
    );
  const { DropdownMenu, MenuContent } = loaded;
  return (
    <DropdownMenu.Root modal={false} defaultOpen={openOnLoad}>
      <DropdownMenu.Trigger ref={triggerRef} {...triggerProps}>
        {trigger}
      </DropdownMenu.Trigger>
      <MenuContent className={contentClassName} testId={contentTestId}>
        {children(DropdownMenu)}
      </MenuContent>
    </DropdownMenu.Root>
  );
}
