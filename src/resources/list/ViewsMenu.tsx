/**
 * The saved views of a list (docs/decisions/0022-saved-views.md), one menu for every list: apply a
 * view, save the current one under a name, and for the user's own active view rename it, make it the
 * default, share it (admins) or delete it. On a phone the menu is a sheet from the bottom, like the
 * filters. Opening the list without parameters applies the user's default view.
 */
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Bookmark } from 'lucide-react';
import { Dialog, DropdownMenu } from 'radix-ui';
import type { I18n } from '@lingui/core';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { Resource, SavedView } from '@/contract';
import { useConnection } from '@/app/connection';
import { useSession } from '@/app/session';
import { MenuContent } from '@/components/menu-panel';
import { Button } from '@/components/ui';
import { overlayClass } from '@/components/dialogs';
import type { BaseRecord } from '../queries';
import type { ListSearch } from '../search';
import type { AreaConfig } from '../types';
import { searchToState, stateToSearch, sameView, COLUMNS_KEY } from './view-state';
import type { SetListSearch } from './useListSearch';
import type { ListTableApi } from './useListTable';
import { useSavedViews, type ViewChanges } from './useSavedViews';
import { DeleteViewDialog, ViewNameDialog, type ViewNameValues } from './ViewDialogs';
import { ViewsPanel, type Entry } from './ViewsPanel';

type Dialogs = 'save' | 'rename' | 'delete' | null;

/** The ids of the table's visible columns of the area (not selection or action columns). */
const visibleColumnIds = <T extends BaseRecord>(area: AreaConfig<T>, table: ListTableApi<T>) => {
  const ids = new Set(area.columns.map((column) => column.id));
  return table
    .getVisibleLeafColumns()
    .map((column) => column.id)
    .filter((id) => ids.has(id));
};

/** The list's view as a saved state, the saved views, the active one, and how to apply one. */
function useListViews(
  resource: Resource,
  search: ListSearch,
  setSearch: SetListSearch,
  fixed: Record<string, string> | undefined,
) {
  const saved = useSavedViews(resource);
  const current = useMemo(() => {
    const cols = search[COLUMNS_KEY];
    return searchToState(resource, search, fixed, typeof cols === 'string' ? cols.split(',') : undefined);
  }, [resource, search, fixed]);
  const list = saved.views.data ?? [];
  const active = list.find((view) => sameView(stateToSearch(view.state), stateToSearch(current)));
  const apply = (view: SavedView | null, replace = false) => {
    const cleared = Object.fromEntries(
      Object.keys(search)
        .filter((key) => !(fixed && key in fixed))
        .map((key) => [key, undefined]),
    );
    setSearch({ ...cleared, ...(view ? stateToSearch(view.state) : {}), page: undefined }, { replace });
  };
  useDefaultView(list, search, fixed, (view) => apply(view, true));
  /** Saves the current view; the saved view is then the one shown (its columns join the URL). */
  const saveAs = (values: ViewNameValues, columns: string[] | undefined) =>
    saved.create
      .mutateAsync({
        ...values,
        state: { ...current, ...(current.columns ? {} : withColumns(columns)) },
      })
      .then((answer) => apply(answer.data as SavedView, true));
  return { ...saved, current, list, active, apply, saveAs };
}

/** The menu's actions: save as…, and for the user's own active view rename, default, share, delete. */
function viewActions({
  i18n,
  mine,
  canShare,
  online,
  narrowed,
  setDialog,
  change,
  reset,
}: {
  i18n: I18n;
  mine: SavedView | undefined;
  canShare: boolean;
  online: boolean;
  narrowed: boolean;
  setDialog: (dialog: Dialogs) => void;
  change: (view: SavedView, changes: ViewChanges) => void;
  reset: () => void;
}): Entry[] {
  const actions: Entry[] = [
    {
      key: 'save',
      label: i18n._(msg`Save current view as…`),
      testId: 'view-save-as',
      onSelect: () => setDialog('save'),
    },
  ];
  if (mine) {
    actions.push(
      {
        key: 'rename',
        label: i18n._(msg`Rename…`),
        testId: 'view-rename',
        onSelect: () => setDialog('rename'),
      },
      mine.isDefault
        ? {
            key: 'default',
            label: i18n._(msg`Stop opening the list with it`),
            testId: 'view-unset-default',
            onSelect: () => change(mine, { isDefault: false }),
          }
        : {
            key: 'default',
            label: i18n._(msg`Open the list with this view`),
            testId: 'view-set-default',
            onSelect: () => change(mine, { isDefault: true }),
          },
    );
    if (canShare)
      actions.push({
        key: 'share',
        label: mine.shared
          ? i18n._(msg`Stop sharing`)
          : i18n._(msg`Share with everyone who can open this list`),
        testId: 'view-share',
        onSelect: () => change(mine, { shared: !mine.shared }),
      });
    actions.push({
      key: 'delete',
      label: i18n._(msg`Delete…`),
      testId: 'view-delete',
      onSelect: () => setDialog('delete'),
    });
  }
  // Writes need a connection (./useSavedViews.ts).
  for (const entry of actions) entry.disabled = !online;
  if (mine || narrowed)
    actions.push({
      key: 'reset',
      label: i18n._(msg`Show the whole list`),
      testId: 'view-reset',
      onSelect: reset,
    });
  return actions;
}

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
  const [dialog, setDialog] = useState<Dialogs>(null);
  const [sheetOpen, setSheetOpen] = useState(false);
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
  const panel = { list, active, actions, online, loading: views.isPending, phone };
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

  return (
    <>
      {before}
      {phone ? (
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
      )}
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
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className={overlayClass} />
        <Dialog.Content
          data-testid="views-sheet"
          className="fixed inset-x-0 bottom-0 z-50 max-h-[85dvh] space-y-2 overflow-y-auto rounded-t-2xl border-t border-slate-200 bg-white p-4 shadow-xl dark:border-slate-700 dark:bg-slate-900"
        >
          <Dialog.Title className="text-lg font-semibold">{i18n._(msg`Saved views`)}</Dialog.Title>
          <Dialog.Description className="sr-only">
            {i18n._(msg`Open a saved view of this list, or save the current one.`)}
          </Dialog.Description>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

const withColumns = (columns: string[] | undefined) => (columns?.length ? { columns } : {});

/** Applies the user's default view once, when the list was opened without parameters. */
function useDefaultView(
  views: SavedView[],
  search: ListSearch,
  fixed: Record<string, string> | undefined,
  apply: (view: SavedView) => void,
) {
  const isBare = Object.keys(search).every((key) => fixed && key in fixed);
  const pending = useRef(isBare);
  useEffect(() => {
    if (!pending.current) return;
    if (!isBare) {
      pending.current = false;
      return;
    }
    const view = views.find((v) => v.mine && v.isDefault);
    if (!view) return;
    pending.current = false;
    apply(view);
  });
}
