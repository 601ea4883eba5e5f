/**
 * The saved views of a list (docs/decisions/0022-saved-views.md), one menu for every list: apply a
 * view, save the current one under a name, and for the user's own active view rename it, make it the
 * default, share it (admins) or delete it. On a phone the menu is a sheet from the bottom, like the
 * filters. Opening the list without parameters applies the user's default view.
 */
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Bookmark, Check, Star, Users } from 'lucide-react';
import { Dialog, DropdownMenu } from 'radix-ui';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { Resource, SavedView } from '@/contract';
import { useConnection } from '@/app/connection';
import { useSession } from '@/app/session';
import { menuItemClass } from '@/components/menu';
import { MenuContent } from '@/components/menu-panel';
import { Button, cx } from '@/components/ui';
import { ConfirmDialog, overlayClass } from '../dialogs';
import type { ListSearch } from '../search';
import { searchToState, stateToSearch, sameView, COLUMNS_KEY } from './view-state';
import type { SetListSearch } from './useListSearch';
import { useSavedViews } from './useSavedViews';
import { ViewNameDialog } from './ViewDialogs';

interface Entry {
  key: string;
  label: string;
  testId: string;
  onSelect: () => void;
  disabled?: boolean;
}

const labelClass = 'px-2 py-1 text-xs font-semibold text-slate-600 dark:text-slate-400';

export function ViewsMenu({
  resource,
  search,
  setSearch,
  fixed,
  visibleColumns,
  phone,
}: {
  resource: Resource;
  search: ListSearch;
  setSearch: SetListSearch;
  fixed: Record<string, string> | undefined;
  /** The visible columns of the table (none on a phone: its cards have no columns). */
  visibleColumns: () => string[] | undefined;
  phone: boolean;
}) {
  const { i18n } = useLingui();
  const { role } = useSession();
  const online = useConnection() === 'online';
  const { views, create, update, remove } = useSavedViews(resource);
  const [dialog, setDialog] = useState<'save' | 'rename' | 'delete' | null>(null);
  const [sheetOpen, setSheetOpen] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  const current = useMemo(() => {
    const cols = search[COLUMNS_KEY];
    return searchToState(resource, search, fixed, typeof cols === 'string' ? cols.split(',') : undefined);
  }, [resource, search, fixed]);
  const list = views.data ?? [];
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

  const canShare = role === 'admin';
  const mine = active?.mine ? active : undefined;
  const change = (changes: Parameters<typeof update.mutate>[0]['changes']) =>
    mine && update.mutate({ view: mine, changes });
  const actions: Entry[] = [
    {
      key: 'save',
      label: i18n._(msg`Save current view as…`),
      testId: 'view-save-as',
      onSelect: () => setDialog('save'),
      disabled: !online,
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
            onSelect: () => change({ isDefault: false }),
          }
        : {
            key: 'default',
            label: i18n._(msg`Open the list with this view`),
            testId: 'view-set-default',
            onSelect: () => change({ isDefault: true }),
          },
    );
    if (canShare)
      actions.push({
        key: 'share',
        label: mine.shared
          ? i18n._(msg`Stop sharing`)
          : i18n._(msg`Share with everyone who can open this list`),
        testId: 'view-share',
        onSelect: () => change({ shared: !mine.shared }),
      });
    actions.push({
      key: 'delete',
      label: i18n._(msg`Delete…`),
      testId: 'view-delete',
      onSelect: () => setDialog('delete'),
    });
    for (const entry of actions.slice(1)) entry.disabled = !online;
  }
  if (active || Object.keys(current).length)
    actions.push({
      key: 'reset',
      label: i18n._(msg`Show the whole list`),
      testId: 'view-reset',
      onSelect: () => apply(null),
    });

  const title = active ? active.name : i18n._(msg`Views`);
  const panel = { list, active, actions, online, loading: views.isPending, phone };
  const trigger = (
    <Button variant="secondary" data-testid="views-menu" data-active={active?.id}>
      <Bookmark aria-hidden="true" className="size-4" />
      <span className="max-w-40 truncate">{title}</span>
    </Button>
  );
  const onApply = (view: SavedView) => {
    setSheetOpen(false);
    apply(view);
  };

  return (
    <>
      {phone ? (
        <Dialog.Root open={sheetOpen} onOpenChange={setSheetOpen}>
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
              <ViewsPanel {...panel} onApply={onApply} closeSheet={() => setSheetOpen(false)} />
            </Dialog.Content>
          </Dialog.Portal>
        </Dialog.Root>
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
            : create
                .mutateAsync({
                  name: values.name,
                  state: { ...current, ...(current.columns ? {} : withColumns(visibleColumns())) },
                  isDefault: values.isDefault,
                  shared: canShare && values.shared,
                })
                // The saved view is the one shown (its columns join the URL, so a link keeps them).
                .then((answer) => apply(answer.data as SavedView, true))
        }
      />
      <ConfirmDialog
        open={dialog === 'delete'}
        onOpenChange={(open) => {
          if (!open) setDialog(null);
          setDeleteError(null);
        }}
        title={i18n._(msg`Delete this view?`)}
        description={deleteText(i18n, mine)}
        confirmLabel={i18n._(msg`Delete`)}
        danger
        busy={remove.isPending}
        error={deleteError}
        onConfirm={() =>
          mine &&
          remove.mutate(mine, {
            onSuccess: () => {
              setDialog(null);
              apply(null, true);
            },
            onError: (error) => setDeleteError(error.message),
          })
        }
      />
    </>
  );
}

const deleteText = (i18n: ReturnType<typeof useLingui>['i18n'], view: SavedView | undefined) => {
  if (!view) return '';
  const name = view.name;
  return view.shared
    ? i18n._(
        msg`“${name}” will be deleted for you and for everyone it is shared with. The list's records stay as they are.`,
      )
    : i18n._(msg`“${name}” will be deleted. The list's records stay as they are.`);
};

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

/** The menu's content: the views (the active one checked), then the actions. */
function ViewsPanel({
  list,
  active,
  actions,
  online,
  loading,
  phone,
  onApply,
  closeSheet,
}: {
  list: SavedView[];
  active: SavedView | undefined;
  actions: Entry[];
  online: boolean;
  loading: boolean;
  phone: boolean;
  onApply: (view: SavedView) => void;
  closeSheet: () => void;
}) {
  const { i18n } = useLingui();
  const Item = phone ? SheetItem : MenuItem;
  return (
    <>
      {!phone && <DropdownMenu.Label className={labelClass}>{i18n._(msg`Saved views`)}</DropdownMenu.Label>}
      {list.length === 0 && (
        <p className="px-2 py-1 text-sm text-slate-600 dark:text-slate-400" data-testid="views-empty">
          {loading ? i18n._(msg`Loading…`) : i18n._(msg`No saved views yet.`)}
        </p>
      )}
      <div role="group" aria-label={i18n._(msg`Saved views`)}>
        {list.map((view) => {
          const owner = i18n.locale === 'ar' ? view.ownerName.ar : view.ownerName.en;
          return (
            <Item
              key={view.id}
              testId={`view-${view.id}`}
              checked={view.id === active?.id}
              onSelect={() => onApply(view)}
            >
              <span className="min-w-0 flex-1 truncate">{view.name}</span>
              {view.isDefault && (
                <Star aria-label={i18n._(msg`Opens the list`)} className="size-4 shrink-0 text-amber-600" />
              )}
              {view.shared && (
                <Users
                  aria-label={view.mine ? i18n._(msg`Shared`) : i18n._(msg`Shared by ${owner}`)}
                  className="size-4 shrink-0 text-slate-500"
                />
              )}
            </Item>
          );
        })}
      </div>
      {phone ? (
        <hr className="border-slate-200 dark:border-slate-700" />
      ) : (
        <DropdownMenu.Separator className="my-1 h-px bg-slate-200 dark:bg-slate-700" />
      )}
      {actions.map((entry) => (
        <Item
          key={entry.key}
          testId={entry.testId}
          disabled={entry.disabled}
          onSelect={() => {
            closeSheet();
            entry.onSelect();
          }}
        >
          {entry.label}
        </Item>
      ))}
      {!online && (
        <p className="px-2 py-1 text-xs text-amber-800 dark:text-amber-300" data-testid="views-offline">
          {i18n._(msg`Saving and changing views needs a connection. Saved views still open offline.`)}
        </p>
      )}
    </>
  );
}

interface ItemProps {
  testId: string;
  checked?: boolean;
  disabled?: boolean;
  onSelect: () => void;
  children: React.ReactNode;
}

function MenuItem({ testId, checked, disabled, onSelect, children }: ItemProps) {
  return (
    <DropdownMenu.Item
      className={cx(
        menuItemClass,
        'relative ps-8 data-[disabled]:cursor-not-allowed data-[disabled]:opacity-60',
      )}
      data-testid={testId}
      disabled={disabled}
      onSelect={onSelect}
      {...(checked === undefined ? {} : { 'aria-current': checked ? 'true' : undefined })}
    >
      {checked && <Check aria-hidden="true" className="absolute start-2 size-4" />}
      {children}
    </DropdownMenu.Item>
  );
}

function SheetItem({ testId, checked, disabled, onSelect, children }: ItemProps) {
  return (
    <button
      type="button"
      className="relative flex min-h-11 w-full items-center gap-2 rounded-md px-2 ps-8 text-start text-sm hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-60 dark:hover:bg-slate-800"
      data-testid={testId}
      disabled={disabled}
      aria-current={checked ? 'true' : undefined}
      onClick={onSelect}
    >
      {checked && <Check aria-hidden="true" className="absolute start-2 size-4" />}
      {children}
    </button>
  );
}
