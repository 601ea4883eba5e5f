/**
 * /event/door-list/{id} (docs/decisions/0055-the-door.md): an event's guests on paper, for when
 * every device is down: the event, its venue and days, the time it was printed, and each guest by
 * name with the booking code, phone, tickets, guests admitted and status. A table that prints on A4
 * in either language (the shell hides itself in print).
 */
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { Printer } from 'lucide-react';
import type { DoorState, Language } from '@/contract';
import { BOOKING_STATUS_TEXT } from '@/areas/booking-status';
import { doorQuery } from '@/areas/door-keep';
import { SEAT_HOLDING } from '@/contract/areas/booking';
import { NotFoundPage } from '@/components/error-pages/NotFoundPage';
import { Alert, Button } from '@/components/ui';
import { ApiError, errorMessage } from '@/lib/api';
import { dateTime, localizedText, Ltr, venueTime } from '@/resources/cells';
import { DetailsSkeleton } from '@/resources/DetailsPage';
import { parseId } from '@/resources/screens';
import type { RenderContext } from '@/resources/types';

const cell = 'border border-slate-300 px-2 py-1 text-start align-top';

function GuestTable({ state, ctx }: { state: DoorState; ctx: RenderContext }) {
  const { i18n, language } = ctx;
  const collator = new Intl.Collator(language, { sensitivity: 'base' });
  // The guests who hold seats: the kept list also names bookings that do not (ADR 0059).
  const guests = state.guests
    .filter((guest) => SEAT_HOLDING.includes(guest.status))
    .sort((a, b) => collator.compare(a.name, b.name) || a.bookingId - b.bookingId);
  if (guests.length === 0) return <p>{i18n._(msg`No guests yet.`)}</p>;
  return (
    <div className="overflow-x-auto print:overflow-visible">
      <table className="w-full border-collapse text-sm print:text-xs" data-testid="door-list">
        <thead className="bg-slate-100 dark:bg-slate-800 print:bg-slate-100">
          <tr>
            <th scope="col" className={cell}>
              {i18n._(msg`Name`)}
            </th>
            <th scope="col" className={cell}>
              {i18n._(msg`Code`)}
            </th>
            <th scope="col" className={cell}>
              {i18n._(msg`Phone`)}
            </th>
            <th scope="col" className={cell}>
              {i18n._(msg`Tickets`)}
            </th>
            <th scope="col" className={cell}>
              {i18n._(msg`Admitted`)}
            </th>
            <th scope="col" className={cell}>
              {i18n._(msg`Status`)}
            </th>
          </tr>
        </thead>
        <tbody>
          {guests.map((guest) => (
            <tr key={guest.bookingId} className="break-inside-avoid">
              <td className={cell}>{guest.name}</td>
              <td className={`${cell} font-mono whitespace-nowrap`}>
                <Ltr>{guest.code}</Ltr>
              </td>
              <td className={`${cell} whitespace-nowrap`}>
                <Ltr>{guest.phone}</Ltr>
              </td>
              <td className={`${cell} tabular-nums`}>{i18n.number(guest.tickets)}</td>
              {/* Left empty to tick by hand when nobody is in yet. */}
              <td className={`${cell} tabular-nums`}>
                {guest.admitted > 0 ? i18n.number(guest.admitted) : ''}
              </td>
              <td className={cell}>{i18n._(BOOKING_STATUS_TEXT[guest.status])}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function DoorList({ state }: { state: DoorState }) {
  const { i18n } = useLingui();
  const language = i18n.locale as Language;
  const ctx: RenderContext = { i18n, language };
  const { event } = state;
  const printed = dateTime(new Date().toISOString(), ctx);
  const admitted = i18n.number(state.admitted);
  const expected = i18n.number(state.expected);
  return (
    <article className="mx-auto max-w-5xl space-y-4 print:max-w-none" aria-labelledby="door-list-title">
      {/* A4, narrow margins: the list is for reading at a table, not for binding. */}
      <style>{'@page { size: A4; margin: 12mm; }'}</style>
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="space-y-1">
          <p className="text-sm text-slate-700 dark:text-slate-300 print:text-slate-700">
            {i18n._(msg`Door list`)}
          </p>
          <h1 id="door-list-title" className="text-2xl font-semibold print:text-xl">
            {localizedText(event.title, language)}
          </h1>
          <p>{localizedText(event.locationName, language)}</p>
          <p>
            {venueTime(event.startsAt, event.timeZone, ctx)} – {venueTime(event.endsAt, event.timeZone, ctx)}
          </p>
          <p className="text-sm">{i18n._(msg`Admitted ${admitted} of ${expected}`)}</p>
          <p
            className="text-sm text-slate-700 dark:text-slate-300 print:text-slate-700"
            data-testid="printed-at"
          >
            {i18n._(msg`Printed ${printed}`)}
          </p>
        </div>
        <Button variant="secondary" className="print:hidden" onClick={() => window.print()}>
          <Printer aria-hidden className="size-4" />
          {i18n._(msg`Print`)}
        </Button>
      </header>
      <GuestTable state={state} ctx={ctx} />
    </article>
  );
}

export function DoorListPage() {
  const { i18n } = useLingui();
  const id = parseId((useParams({ strict: false }) as { id?: unknown }).id);
  const door = useQuery({ ...doorQuery(id ?? 0), enabled: id !== null });
  if (id === null || (door.error instanceof ApiError && door.error.status === 404)) return <NotFoundPage />;
  if (door.isPending) return <DetailsSkeleton rows={8} />;
  if (door.isError)
    return (
      <Alert kind="error">
        <p>{errorMessage(door.error)}</p>
        <Button className="mt-3" onClick={() => void door.refetch()}>
          {i18n._(msg`Retry`)}
        </Button>
      </Alert>
    );
  return <DoorList state={door.data} />;
}
