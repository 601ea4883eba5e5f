/**
 * The header's bell (docs/decisions/0007-notifications-and-push.md): the unread count and the latest in-app notifications; choosing one
 * marks it read and opens its screen. Its counts also set the app icon's badge (src/app/badge.ts). It refreshes every minute, when the window regains focus,
 * and at once when the service worker receives a push.
 */
import { msg, plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Bell, CheckCheck } from 'lucide-react';
import type { InboxEntry, Language } from '@/contract';
import { dateTime, localizedText } from '@/lib/format';
import { HeaderMenu, menuItemClass, type MenuParts } from './menu';
import { cx } from './ui';
import { useInbox } from './useInbox';

export function NotificationBell() {
  const { i18n } = useLingui();
  const inbox = useInbox();
  const { unread } = inbox;
  const label =
    unread > 0
      ? i18n._(msg`Notifications, ${plural(unread, { one: '# unread', other: '# unread' })}`)
      : i18n._(msg`Notifications`);
  return (
    <HeaderMenu
      testId="bell"
      label={label}
      triggerClassName="relative"
      contentClassName="w-[min(24rem,calc(100vw-1rem))]"
      contentTestId="bell-menu"
      trigger={
        <>
          <Bell aria-hidden="true" className="size-5" />
          {unread > 0 && (
            <span
              aria-hidden="true"
              data-testid="bell-count"
              className="absolute -end-0.5 -top-0.5 min-w-5 rounded-full bg-red-600 px-1 text-center text-xs leading-5 font-semibold text-white"
            >
              {unread > 99 ? '99+' : i18n.number(unread)}
            </span>
          )}
        </>
      }
    >
      {(DropdownMenu) => (
        <>
          <div className="flex items-center justify-between gap-2 px-2 py-1">
            <DropdownMenu.Label className="font-semibold">{i18n._(msg`Notifications`)}</DropdownMenu.Label>
            {unread > 0 && (
              <DropdownMenu.Item
                className={cx(menuItemClass, 'text-indigo-700 dark:text-indigo-300')}
                onSelect={(event) => {
                  event.preventDefault();
                  inbox.readAll();
                }}
                data-testid="bell-read-all"
              >
                <CheckCheck aria-hidden="true" className="size-4" />
                {i18n._(msg`Mark all as read`)}
              </DropdownMenu.Item>
            )}
          </div>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200 dark:bg-slate-700" />
          {inbox.items.length === 0 ? (
            <p className="px-2 py-3 text-sm text-slate-700 dark:text-slate-300">
              {inbox.failed
                ? i18n._(msg`The notifications could not be loaded.`)
                : i18n._(msg`No notifications yet.`)}
            </p>
          ) : (
            <div className="max-h-96 overflow-y-auto">
              {inbox.items.map((entry) => (
                <InboxItem
                  key={entry.id}
                  DropdownMenu={DropdownMenu}
                  entry={entry}
                  onOpen={() => inbox.open(entry)}
                />
              ))}
            </div>
          )}
        </>
      )}
    </HeaderMenu>
  );
}

/** One notification of the menu: a dot and a bold title while unread, its text and when it came. */
function InboxItem({
  DropdownMenu,
  entry,
  onOpen,
}: {
  DropdownMenu: MenuParts;
  entry: InboxEntry;
  onOpen: () => void;
}) {
  const { i18n } = useLingui();
  const language = i18n.locale as Language;
  return (
    <DropdownMenu.Item
      className={cx(menuItemClass, 'items-start')}
      onSelect={onOpen}
      data-testid="bell-entry"
      data-unread={entry.readAt ? undefined : 'true'}
    >
      <span
        aria-hidden="true"
        className={cx(
          'mt-1.5 size-2 shrink-0 rounded-full',
          entry.readAt ? 'bg-transparent' : 'bg-indigo-600',
        )}
      />
      <span className="min-w-0">
        <span className={cx('block', !entry.readAt && 'font-semibold')}>
          {!entry.readAt && <span className="sr-only">{i18n._(msg`Unread:`)} </span>}
          {localizedText(entry.title, language)}
        </span>
        <span className="block text-sm text-slate-700 dark:text-slate-300">
          {localizedText(entry.body, language)}
        </span>
        <span className="block text-xs text-slate-600 dark:text-slate-400">
          {dateTime(entry.createdAt, { i18n })}
        </span>
      </span>
    </DropdownMenu.Item>
  );
}
