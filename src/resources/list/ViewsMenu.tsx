/**
 * The saved views of a list (docs/decisions/0022-saved-views.md), one menu for every list: apply a
 * view, save the current one under a name, and for the user's own active view rename it, make it the
 * default, share it (admins) or delete it. On a phone the menu is a sheet from the bottom, like the
 * filters. Opening the list without parameters applies the user's default view.
 */
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Bookmark } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useState, type ComponentProps, type ReactNode } from 'react';
import type { SavedView } from '@/contract';
import { useConnection } from '@/app/connection';
import { useSession } from '@/app/session';
import { MenuContent } from '@/components/menu-panel';
import { Button } from '@/components/ui';
import type { BaseRecord } from '../queries';
import type { ListSearch } from '../search';
import type { AreaConfig } from '../types';
import { DialogFrame } from './DialogFrame';
import type { SetListSearch } from './useListSearch';
import type { ListTableApi } from './useListTable';
import { useListViews } from './useListViews';
import { viewActions, type ViewDialog } from './view-actions';
import { DeleteViewDialog, ViewNameDialog } from './ViewDialogs';
import { ViewsPanel } from './ViewsPanel';

/** The ids of the table's visible columns of the area (not selection or action columns). */
const visibleColumnIds = <T extends BaseRecord>(area: AreaConfig<T>, table: ListTableApi<T>) => {
  const ids = new Set(area.columns.map((column) => column.id));
  return table
    .getVisibleLeafColumns()
    .map((column) => column.id)
    .filter((id) => ids.has(id));
};

export function ViewsMenu<T extends BaseRecord>({
  area,
  table,
  search,
  setSearch,
  fixed,
  phone,
  before,
}: {
  /** The page's own toolbar buttons, shown before the menu. */
  before?: ReactNode;
  area: AreaConfig<T>;
  table: ListTableApi<T>;
  search: ListSearch;
  setSearch: SetListSearch;
  fixed: Record<string, string> | undefined;
  phone: boolean;
}) {
  const { i18n } = useLingui();
  const { role } = useSession();
  const online = useConnection() === 'online';
  const { views, update, remove, current, list, active, apply, saveAs } = useListViews(
    area.resource,
    search,
    setSearch,
    fixed,
  );
  const [dialog, setDialog] = useState<ViewDialog>(null);
  const canShare = role === 'admin';
  const mine = active?.mine ? active : undefined;
  const actions = viewActions({
    i18n,
    mine,
    canShare,
    online,
    narrowed: Boolean(active) || Object.keys(current).length > 0,
    setDialog,
    change: (view, changes) => update.mutate({ view, changes }),
    reset: () => apply(null),
  });

  return (
    <>
      {before}
      <ViewsPopup panel={{ list, active, actions, online, loading: views.isPending, phone }} apply={apply} />
      <ViewNameDialog
        open={dialog === 'save' || dialog === 'rename'}
        onOpenChange={(open) => !open && setDialog(null)}
        rename={dialog === 'rename'}
        initialName={dialog === 'rename' ? (mine?.name ?? '') : ''}
        canShare={canShare}
        onSubmit={(values) =>
          dialog === 'rename' && mine
            ? update.mutateAsync({ view: mine, changes: { name: values.name } })
            : saveAs(
                { ...values, shared: canShare && values.shared },
                phone ? undefined : visibleColumnIds(area, table),
              )
        }
      />
      <DeleteViewDialog
        open={dialog === 'delete'}
        onClose={() => setDialog(null)}
        view={mine}
        remove={remove}
        onDeleted={() => apply(null, true)}
      />
    </>
  );
}

/** The menu's button and its panel: a dropdown, or on a phone a sheet that applying a view closes. */
function ViewsPopup({
  panel,
  apply,
}: {
  panel: Omit<ComponentProps<typeof ViewsPanel>, 'onApply' | 'closeSheet'>;
  apply: (view: SavedView) => void;
}) {
  const { i18n } = useLingui();
  const [sheetOpen, setSheetOpen] = useState(false);
  const { active, phone } = panel;
  const onApply = (view: SavedView) => {
    setSheetOpen(false);
    apply(view);
  };
  const trigger = (
    <Button variant="secondary" data-testid="views-menu" data-active={active?.id}>
      <Bookmark aria-hidden="true" className="size-4" />
      <span className="max-w-40 truncate">{active ? active.name : i18n._(msg`Views`)}</span>
    </Button>
  );
  return phone ? (
    <ViewsSheet open={sheetOpen} onOpenChange={setSheetOpen} trigger={trigger}>
      <ViewsPanel {...panel} onApply={onApply} closeSheet={() => setSheetOpen(false)} />
    </ViewsSheet>
  ) : (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>{trigger}</DropdownMenu.Trigger>
      <MenuContent testId="views-list" className="max-w-[min(22rem,calc(100vw-1rem))]">
        <ViewsPanel {...panel} onApply={onApply} closeSheet={() => undefined} />
      </MenuContent>
    </DropdownMenu.Root>
  );
}

/** Phones: the menu as a sheet from the bottom of the screen, like the filters (./FilterSheet.tsx). */
function ViewsSheet({
  open,
  onOpenChange,
  trigger,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger: ReactNode;
  children: ReactNode;
}) {
  const { i18n } = useLingui();
  return (
    <DialogFrame
      open={open}
      onOpenChange={onOpenChange}
      trigger={trigger}
      testId="views-sheet"
      className="fixed inset-x-0 bottom-0 z-50 max-h-[85dvh] space-y-2 overflow-y-auto rounded-t-2xl border-t border-slate-200 bg-white p-4 shadow-xl dark:border-slate-700 dark:bg-slate-900"
      title={i18n._(msg`Saved views`)}
      description={i18n._(msg`Open a saved view of this list, or save the current one.`)}
      descriptionClassName="sr-only"
    >
      {children}
    </DialogFrame>
  );
}
