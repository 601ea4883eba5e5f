/**
 * What the header's menus load once the first screen is shown (menu.tsx, docs/decisions/0010-signed-in-first-load.md): Radix's
 * DropdownMenu parts and the shared panel. Only imported dynamically, so the build keeps it as its
 * own entry (bench/budgets.json names it).
 */
export { DropdownMenu } from 'radix-ui';
export { MenuContent } from './menu-panel';
