import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { SavedView } from '@/contract';
import type { ViewChanges } from './useSavedViews';
import type { Entry } from './ViewsPanel';

/** The dialog the views menu has open. */
export type ViewDialog = 'save' | 'rename' | 'delete' | null;

/** The menu's actions: save as…, and for the user's own active view rename, default, share, delete. */
export function viewActions({
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
  setDialog: (dialog: ViewDialog) => void;
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
