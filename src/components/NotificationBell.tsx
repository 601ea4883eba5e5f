/**
 * The header's bell (docs/decisions/0007-notifications-and-push.md): the unread count and the latest in-app notifications; choosing one
 * marks it read and opens its screen. Its counts also set the app icon's badge (src/app/badge.ts). It refreshes every minute, when the window regains focus,
 * and at once when the service worker receives a push.
 */
import { msg, plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Bell, CheckCheck } from 'lucide-react';
import { useEffect } from 'react';
import type { InboxEntry, Language } from '@/contract';
import { routes } from '@/contract/routes.gen';
import { badgeCount, showBadge } from '@/app/badge';
import { call } from '@/lib/api';
import { dateTime, localizedText } from '@/lib/format';
import { linkTarget } from './AppLink';
import { HeaderMenu, menuItemClass } from './menu';
import { cx } from './ui';

const inboxQuery = () =>
  queryOptions({
    queryKey: ['inbox'] as const,
    queryFn: async ({ signal }) =>
      (await call(routes.notificationInbox, { query: { limit: 10 }, signal })).data,
    refetchInterval: 60_000,
    staleTime: 10_000,
    // Always asked afresh when the app opens: a restored copy would hide what arrived meanwhile.
    meta: { persist: false },
  });

const READ_KEY = ['inbox', 'read'] as const;

export function NotificationBell() {
  const { i18n } = useLingui();
  const language = i18n.locale as Language;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const inbox = useQuery(inboxQuery());
  const read = useMutation({
    mutationKey: READ_KEY,
    mutationFn: (body: { ids?: number[]; all?: boolean }) => call(routes.notificationRead, { body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: inboxQuery().queryKey }),
  });

  // A write elsewhere (an approval decided, a record changed) may change what waits: the counts, and
  // with them the app icon's badge, are asked again. Marking read refreshes them itself.
  useEffect(
    () =>
      queryClient.getMutationCache().subscribe((event) => {
        if (
          event.type === 'updated' &&
          event.action.type === 'success' &&
          event.mutation.options.mutationKey?.[0] !== READ_KEY[0]
        )
          void queryClient.invalidateQueries({ queryKey: inboxQuery().queryKey });
      }),
    [queryClient],
  );

  // The service worker says a push arrived (refresh), or asks to open a notification's screen.
  useEffect(() => {
    if (!('serviceWorker' in navigator)) return;
    const onMessage = (event: MessageEvent) => {
      const data = event.data as { type?: unknown; url?: unknown } | null;
      if (data?.type === 'PUSH_RECEIVED')
        void queryClient.invalidateQueries({ queryKey: inboxQuery().queryKey });
      const base = `${window.location.origin}${import.meta.env.BASE_URL}`;
      if (data?.type === 'NAVIGATE' && typeof data.url === 'string' && data.url.startsWith(base))
        void navigate(linkTarget(`/${data.url.slice(base.length)}`));
    };
    navigator.serviceWorker.addEventListener('message', onMessage);
    return () => navigator.serviceWorker.removeEventListener('message', onMessage);
  }, [queryClient, navigate]);

  const unread = inbox.data?.unread ?? 0;
  const approvals = inbox.data?.approvals;
  // The app icon's badge follows what waits (src/app/badge.ts): set when the counts change, cleared at zero.
  useEffect(() => {
    if (approvals === undefined) return;
    void showBadge(badgeCount({ unread, approvals }));
  }, [unread, approvals]);
  const items = inbox.data?.items ?? [];
  const open = (entry: InboxEntry) => {
    if (!entry.readAt) read.mutate({ ids: [entry.id] });
    if (entry.link) void navigate(linkTarget(entry.link));
  };
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
                  read.mutate({ all: true });
                }}
                data-testid="bell-read-all"
              >
                <CheckCheck aria-hidden="true" className="size-4" />
                {i18n._(msg`Mark all as read`)}
              </DropdownMenu.Item>
            )}
          </div>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200 dark:bg-slate-700" />
          {items.length === 0 ? (
            <p className="px-2 py-3 text-sm text-slate-700 dark:text-slate-300">
              {inbox.isError
                ? i18n._(msg`The notifications could not be loaded.`)
                : i18n._(msg`No notifications yet.`)}
            </p>
          ) : (
            <div className="max-h-96 overflow-y-auto">
              {items.map((entry) => (
                <DropdownMenu.Item
                  key={entry.id}
                  className={cx(menuItemClass, 'items-start')}
                  onSelect={() => open(entry)}
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
              ))}
            </div>
          )}
        </>
      )}
    </HeaderMenu>
  );
}
