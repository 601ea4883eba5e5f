import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Link } from '@tanstack/react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Bell, BellOff, ChevronDown, LogOut, UserRound } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { notify } from '@/app/notify';
import {
  disablePush,
  enablePush,
  pushStatusQuery,
  pushSupported,
  PushRefused,
  PushTimedOut,
} from '@/app/push';
import { roleLabel } from '@/app/roles';
import { displayName, useSession } from '@/app/session';
import { Avatar } from './Avatar';
import { HeaderMenu, menuItemClass, type MenuParts } from './menu';
import { Spinner } from './ui';
import { useSignOut } from './useSignOut';

// Radix's dialogs load only when Sign Out has to ask (docs/decisions/0010-signed-in-first-load.md).
const SignOutDialog = lazy(() =>
  import('./SignOutDialog').then((module) => ({ default: module.SignOutDialog })),
);

/** The user's name, e-mail and role, My Profile and Sign Out (docs/product.md §2 header). */
export function ProfileMenu() {
  const { i18n } = useLingui();
  const session = useSession();
  const signOut = useSignOut();
  const name = displayName(session);
  const role = roleLabel(i18n, session.role);

  return (
    <>
      <HeaderMenu
        testId="profile-menu"
        label={i18n._(msg`Account menu for ${name}`)}
        contentClassName="w-64"
        contentTestId="profile-menu-content"
        trigger={
          <>
            <Avatar path={session.profileImage} />
            <span className="hidden max-w-40 truncate md:inline">{name}</span>
            <ChevronDown aria-hidden="true" className="hidden size-4 md:inline" />
          </>
        }
      >
        {(DropdownMenu) => (
          <>
            <DropdownMenu.Label className="px-2 py-2">
              <span className="block truncate font-semibold" data-testid="profile-name">
                {name}
              </span>
              <span
                className="block truncate text-sm text-slate-700 dark:text-slate-300"
                data-testid="profile-email"
              >
                {session.email}
              </span>
              <span
                className="mt-1 inline-block rounded bg-indigo-100 px-2 py-0.5 text-xs font-medium text-indigo-900 dark:bg-indigo-900 dark:text-indigo-100"
                data-testid="profile-role"
              >
                {role}
              </span>
            </DropdownMenu.Label>
            <DropdownMenu.Separator className="my-1 h-px bg-slate-200 dark:bg-slate-700" />
            <DropdownMenu.Item asChild className={menuItemClass}>
              <Link to="/profile">
                <UserRound aria-hidden="true" className="size-4" />
                {i18n._(msg`My Profile`)}
              </Link>
            </DropdownMenu.Item>
            <PushMenuItem DropdownMenu={DropdownMenu} />
            <DropdownMenu.Item
              className={menuItemClass}
              disabled={signOut.signingOut !== null}
              onSelect={(event) => {
                event.preventDefault();
                signOut.start();
              }}
            >
              {signOut.signingOut ? (
                <Spinner className="size-4" />
              ) : (
                <LogOut aria-hidden="true" className="size-4" />
              )}
              {i18n._(msg`Sign Out`)}
            </DropdownMenu.Item>
          </>
        )}
      </HeaderMenu>
      {signOut.confirmMounted && (
        <Suspense fallback={null}>
          <SignOutDialog {...signOut.dialog} />
        </Suspense>
      )}
    </>
  );
}

/**
 * "Enable notifications" / "Turn off notifications" for this device: permission is asked only here.
 * Hidden where the browser has no web push or the server has no VAPID key.
 */
function PushMenuItem({ DropdownMenu }: { DropdownMenu: MenuParts }) {
  const { i18n } = useLingui();
  const queryClient = useQueryClient();
  const supported = pushSupported();
  const status = useQuery({ ...pushStatusQuery(), enabled: supported });
  const [busy, setBusy] = useState(false);
  if (!supported || !status.data?.publicKey) return null;
  const on = status.data.subscribed && Notification.permission === 'granted';
  const toggle = async () => {
    setBusy(true);
    try {
      if (on) {
        await disablePush();
        notify.success(i18n._(msg`Notifications are off for this device.`));
      } else {
        await enablePush(status.data!.publicKey!);
        notify.success(i18n._(msg`Notifications are on for this device.`));
      }
    } catch (error) {
      if (error instanceof PushRefused)
        notify.error(
          i18n._(
            msg`The browser blocks notifications for this app. Allow them in the site settings, then try again.`,
          ),
        );
      else if (error instanceof PushTimedOut)
        notify.error(
          i18n._(
            msg`This browser did not turn on notifications within 10 seconds: it may have no push service. Try again, or use another browser.`,
          ),
        );
      else notify.error(error);
    } finally {
      setBusy(false);
      await queryClient.invalidateQueries({ queryKey: pushStatusQuery().queryKey });
    }
  };
  return (
    <DropdownMenu.Item
      className={menuItemClass}
      disabled={busy}
      data-testid="push-toggle"
      data-state-on={on ? 'true' : 'false'}
      onSelect={(event) => {
        event.preventDefault();
        void toggle();
      }}
    >
      {busy ? (
        <Spinner className="size-4" />
      ) : on ? (
        <BellOff aria-hidden="true" className="size-4" />
      ) : (
        <Bell aria-hidden="true" className="size-4" />
      )}
      {on ? i18n._(msg`Turn off notifications`) : i18n._(msg`Enable notifications`)}
    </DropdownMenu.Item>
  );
}
