import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { Direction } from 'radix-ui';
import { directionOf } from '@/app/i18n';
import { NoticeHost } from '@/app/notify';
import { useSession } from '@/app/session';
import { UpdatePrompt } from '@/components/UpdatePrompt';

export interface RouterContext {
  queryClient: QueryClient;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
});

function RootLayout() {
  const { language } = useSession();
  const dir = directionOf(language);
  return (
    <Direction.Provider dir={dir}>
      <Outlet />
      <NoticeHost dir={dir} />
      <UpdatePrompt />
    </Direction.Provider>
  );
}
