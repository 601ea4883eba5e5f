/**
 * What the door device keeps (docs/decisions/0055-the-door.md): how old its guest list is, how many
 * admissions wait to be sent, and the admissions it sent late that came second to another device's
 * or that the server refused. Keeping the list is a switch per event, on by default
 * (docs/decisions/0059-door-list-accounts-and-leases.md).
 */
import { msg, plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { CloudOff, X } from 'lucide-react';
import { useState } from 'react';
import { useConnection } from '@/app/connection';
import { Button, cx } from '@/components/ui';
import type { LateVerdict } from './door-admit';
import { setKeepOffline, useKeepOffline } from './door-keep';
import { clockAt, REFUSAL_WORDS } from './door-words';

export function DoorStatus({
  eventId,
  asOf,
  updatedAt,
  waiting,
}: {
  eventId: number;
  asOf: string;
  updatedAt: number;
  waiting: number;
}) {
  const { i18n } = useLingui();
  const connection = useConnection();
  const keep = useKeepOffline(eventId);
  // The server's time when the list was read: how old the kept list is.
  const when = i18n.date(new Date(asOf), { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
      <KeepSwitch eventId={eventId} keep={keep} />
      <p
        className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-700 dark:text-slate-300"
        data-testid="door-kept"
        data-kept={keep ? 'yes' : 'no'}
        data-updated={updatedAt}
      >
        {connection !== 'online' && <CloudOff aria-hidden className="size-4" />}
        <span>
          {keep
            ? i18n._(msg`Guest list kept on this device, as of ${when}`)
            : i18n._(msg`Guest list not kept on this device: offline, tickets are not judged.`)}
        </span>
        <span data-testid="door-waiting" data-count={waiting}>
          {waiting
            ? i18n._(
                plural(waiting, {
                  one: '# admission waiting to be sent',
                  other: '# admissions waiting to be sent',
                }),
              )
            : i18n._(msg`Nothing waiting to be sent`)}
        </span>
      </p>
    </div>
  );
}

/** "Keep available offline": the event's list on this device, or not (removed when switched off). */
function KeepSwitch({ eventId, keep }: { eventId: number; keep: boolean }) {
  const { i18n } = useLingui();
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      role="switch"
      aria-checked={keep}
      disabled={busy}
      data-testid="door-keep"
      onClick={() => {
        setBusy(true);
        void setKeepOffline(eventId, !keep).finally(() => setBusy(false));
      }}
      className="inline-flex min-h-10 items-center gap-3 rounded-md text-sm font-medium"
    >
      <span
        aria-hidden
        className={cx(
          'relative inline-block h-6 w-11 shrink-0 rounded-full transition-colors',
          keep ? 'bg-emerald-700' : 'bg-slate-400 dark:bg-slate-600',
        )}
      >
        <span
          className={cx(
            'absolute top-0.5 size-5 rounded-full bg-white shadow transition-all',
            keep ? 'start-[1.375rem]' : 'start-0.5',
          )}
        />
      </span>
      {i18n._(msg`Keep available offline`)}
    </button>
  );
}

export function SecondNotices({
  notices,
  timeZone,
  onDismiss,
}: {
  notices: readonly LateVerdict[];
  timeZone: string;
  onDismiss: (id: string) => void;
}) {
  const { i18n } = useLingui();
  if (!notices.length) return null;
  return (
    <ul className="space-y-2" data-testid="door-second">
      {notices.map((notice) => (
        <li
          key={notice.id}
          role="alert"
          data-late={'first' in notice ? 'already' : 'refused'}
          className="flex items-start gap-3 rounded-md border border-amber-400 bg-amber-50 p-3 text-amber-950 dark:bg-amber-950 dark:text-amber-100"
        >
          <p className="flex-1">{lateWords(i18n, notice, timeZone)}</p>
          <Button variant="ghost" aria-label={i18n._(msg`Dismiss`)} onClick={() => onDismiss(notice.id)}>
            <X aria-hidden className="size-4" />
          </Button>
        </li>
      ))}
    </ul>
  );
}

function lateWords(i18n: ReturnType<typeof useLingui>['i18n'], notice: LateVerdict, timeZone: string) {
  if ('first' in notice) {
    const { guest, first } = notice;
    return i18n._(
      msg`Sent late: ${guest?.name ?? ''} was already admitted at ${clockAt(i18n, first.deviceAt, timeZone)} on “${first.deviceName}”. Not counted twice.`,
    );
  }
  const who = notice.guest?.name ?? i18n._(msg`Booking ${notice.bookingId ?? ''}`);
  const reason = i18n._(REFUSAL_WORDS[notice.reason]);
  return i18n._(msg`Sent late and refused by the server: ${who} (${reason}). Not counted.`);
}
