import { createRootRoute, Outlet } from '@tanstack/react-router';
import { Direction } from 'radix-ui';
import { directionOf } from '@/app/i18n';
import { NoticeHost } from '@/app/notify';
import { useSession } from '@/app/session';
import { UpdatePrompt } from '@/components/UpdatePrompt';

export const Route = createRootRoute({
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
