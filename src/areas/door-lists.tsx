/**
 * The door's guest search (a guest without a ticket, found by name, phone or code, is admitted by
 * booking) and its log: the latest admissions, with those that came second to another device's
 * (docs/decisions/0055-the-door.md).
 */
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Search } from 'lucide-react';
import { useDeferredValue, useId, useMemo, useState } from 'react';
import { SEAT_HOLDING } from '@/contract/areas/booking';
import { DOOR_LOG_SIZE, type DoorGuest, type DoorState } from '@/contract/door';
import { Button, inputClass } from '@/components/ui';
import { Ltr } from '@/resources/cells';
import { BOOKING_STATUS_TEXT } from './booking-status';
import { withWaiting, type WaitingAdmission } from './door-judge';
import { clockAt } from './door-words';

const SHOWN = 8;
const digits = (text: string) => text.replace(/\D/g, '');

const matches = (guest: DoorGuest, query: string) => {
  const q = query.trim().toLowerCase();
  if (!q) return false;
  const d = digits(q);
  return (
    guest.name.toLowerCase().includes(q) ||
    guest.code.toLowerCase().includes(q) ||
    (d.length >= 3 && digits(guest.phone).includes(d))
  );
};

export function GuestSearch({
  guests,
  waiting,
  onAdmit,
}: {
  guests: readonly DoorGuest[];
  waiting: readonly WaitingAdmission[];
  onAdmit: (bookingId: number) => void;
}) {
  const { i18n } = useLingui();
  const id = useId();
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  // Thousands of guests: walked only when something is typed, and once per query.
  const found = useMemo(
    () => (deferred.trim() ? guests.filter((guest) => matches(guest, deferred)).slice(0, SHOWN) : []),
    [guests, deferred],
  );
  return (
    <div className="space-y-3">
      <label htmlFor={id} className="block text-sm font-medium">
        {i18n._(msg`Search by name or phone`)}
      </label>
      <div className="relative">
        <Search aria-hidden className="pointer-events-none absolute start-3 top-3 size-4 text-slate-500" />
        <input
          id={id}
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          className={`${inputClass(false)} ps-9`}
          data-testid="door-search"
          autoComplete="off"
        />
      </div>
      {deferred.trim() && !found.length && <p className="text-sm">{i18n._(msg`No guest found.`)}</p>}
      <ul className="divide-y divide-slate-200 dark:divide-slate-700" data-testid="door-guests">
        {found.map((kept) => {
          const guest = withWaiting(kept, waiting);
          return (
            <li key={guest.bookingId} className="flex flex-wrap items-center gap-x-4 gap-y-1 py-2">
              <div className="min-w-0 flex-1 basis-48">
                <p className="font-medium">{guest.name}</p>
                <p className="text-sm text-slate-600 dark:text-slate-300">
                  <Ltr>{guest.phone}</Ltr> · <Ltr>{guest.code}</Ltr>
                </p>
              </div>
              <span className="text-sm tabular-nums">
                {/* The kept list names every booking (ADR 0059): one without seats shows its status. */}
                {SEAT_HOLDING.includes(guest.status)
                  ? i18n._(msg`${i18n.number(guest.admitted)} of ${i18n.number(guest.tickets)} in`)
                  : i18n._(BOOKING_STATUS_TEXT[guest.status])}
              </span>
              <Button
                variant="secondary"
                aria-label={i18n._(msg`Admit ${guest.name}`)}
                onClick={() => onAdmit(guest.bookingId)}
              >
                {i18n._(msg`Admit`)}
              </Button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

export function DoorLog({
  log,
  timeZone,
  waiting,
  guests,
}: {
  log: DoorState['log'];
  timeZone: string;
  waiting: readonly WaitingAdmission[];
  guests: readonly DoorGuest[];
}) {
  const { i18n } = useLingui();
  const names = useMemo(() => new Map(guests.map((g) => [g.bookingId, g.name])), [guests]);
  // A ticket admitted on its signature names a booking newer than the kept list.
  const nameOf = (id: number) => {
    // The booking's number reads as a reference, as written (not a count in the reader's digits).
    const bookingId = String(id);
    return names.get(id) ?? i18n._(msg`Booking ${bookingId} (not on the kept list)`);
  };
  if (!log.length && !waiting.length) return <p className="text-sm">{i18n._(msg`No one admitted yet.`)}</p>;
  // The latest first, as many as the screen's log holds: a door offline all evening queues
  // hundreds, and redrawing them all would slow every scan (their number is in the door's status).
  const shownWaiting = waiting.slice(-DOOR_LOG_SIZE).reverse();
  return (
    <ol className="divide-y divide-slate-200 dark:divide-slate-700" data-testid="door-log">
      {shownWaiting.map((w, i) => (
        <li key={`waiting-${waiting.length - i}`} className="py-2" data-testid="door-log-waiting">
          <p>
            <span className="tabular-nums">{clockAt(i18n, w.at, timeZone)}</span> · {nameOf(w.bookingId)} ·{' '}
            {i18n._(msg`${i18n.number(w.count)} admitted on “${w.deviceName}”`)}
          </p>
          <p className="text-sm text-amber-800 dark:text-amber-300">{i18n._(msg`Waiting to be sent`)}</p>
        </li>
      ))}
      {log.slice(0, DOOR_LOG_SIZE - shownWaiting.length).map((entry) => (
        <li
          key={entry.id}
          className="py-2"
          data-testid="door-log-entry"
          data-second={entry.lostTo ? 'yes' : 'no'}
        >
          <p>
            <span className="tabular-nums">{clockAt(i18n, entry.deviceAt, timeZone)}</span> · {entry.name} ·{' '}
            {i18n._(msg`${i18n.number(entry.count)} admitted on “${entry.deviceName}”`)}
          </p>
          {entry.lostTo && (
            <p className="text-sm text-amber-800 dark:text-amber-300">
              {i18n._(
                msg`Came second: already admitted at ${clockAt(i18n, entry.lostTo.deviceAt, timeZone)} on “${entry.lostTo.deviceName}”`,
              )}
            </p>
          )}
        </li>
      ))}
    </ol>
  );
}
