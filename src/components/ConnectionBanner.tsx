/**
 * Says when the app works from saved data: the device is offline, or the server cannot be reached
 * (it refreshes by itself when the server is back).
 */
import { msg, plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { CloudOff, WifiOff } from 'lucide-react';
import { useConnection } from '@/app/connection';
import { useOutbox } from '@/app/outbox';
import { AppLink } from './AppLink';

export function ConnectionBanner() {
  const { i18n } = useLingui();
  const state = useConnection();
  const outbox = useOutbox();
  const waiting = outbox.length;
  if (state === 'online' && waiting === 0) return null;
  const Icon = state === 'offline' ? WifiOff : CloudOff;
  return (
    <div
      role="status"
      data-testid="connection-banner"
      data-state={state}
      className="flex items-center gap-2 border-b border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
    >
      <Icon aria-hidden="true" className="size-4 shrink-0" />
      {state !== 'online' && (
        <p>
          {state === 'offline'
            ? i18n._(msg`You are offline. Showing saved data; it refreshes when the connection returns.`)
            : i18n._(
                msg`The server cannot be reached right now. Showing saved data; it refreshes by itself when the server is back.`,
              )}
        </p>
      )}
      {waiting > 0 && (
        <AppLink to="/outbox" className="ms-auto font-medium underline" data-testid="outbox-link">
          {i18n._(
            msg`Outbox: ${plural(waiting, { one: '# change waiting to be sent', other: '# changes waiting to be sent' })}`,
          )}
        </AppLink>
      )}
    </div>
  );
}
