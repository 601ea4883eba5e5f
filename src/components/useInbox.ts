/**
 * The header bell's inbox (src/components/NotificationBell.tsx): the latest notifications and the
 * counts, asked again every minute, after a write elsewhere and when a push arrives; marking read;
 * the app icon's badge (src/app/badge.ts); the service worker's requests to open a screen.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import type { InboxEntry } from '@/contract';
import { routes } from '@/contract/routes.gen';
import { badgeCount, showBadge } from '@/app/badge';
import { call } from '@/lib/api';
import { linkTarget } from './AppLink';

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

export function useInbox() {
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
  return {
    unread,
    items,
    failed: inbox.isError,
    open,
    readAll: () => read.mutate({ all: true }),
  };
}
