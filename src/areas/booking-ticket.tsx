/**
 * A booking's ticket (docs/product.md, "The door"): its QR code carries the ticket text the server
 * signed (src/contract/tickets.ts), which a door device verifies with the public key alone. On the
 * booking's details as a card, and as a page of its own to print or to show on a phone
 * (/booking-ticket?id={id}), in the reader's language.
 */
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useQuery } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import { Printer } from 'lucide-react';
import type { Language } from '@/contract';
import { AppLink } from '@/components/AppLink';
import { NotFoundPage } from '@/components/error-pages/NotFoundPage';
import { QrCode } from '@/components/QrCode';
import { localizedText, Ltr, venueTime } from '@/resources/cells';
import { cardClass, DetailsSkeleton, RecordLoadError } from '@/resources/DetailsPage';
import { NotSavedHere, useNotSavedHere } from '@/resources/NotSavedHere';
import { failedToLoad } from '@/resources/queries';
import { parseId } from '@/resources/screens';
import type { RenderContext } from '@/resources/types';
import { bookingDetailsQuery } from './booking-details';

const buttonClass =
  'inline-flex min-h-11 items-center gap-2 rounded-md border border-slate-300 px-3 py-2 text-sm font-medium hover:bg-slate-50 dark:border-slate-600 dark:hover:bg-slate-800';

/** The ticket card of a booking's details: the QR code and a way to the printable ticket. */
export function TicketCard({
  bookingId,
  code,
  ticket,
}: {
  bookingId: number;
  code: string;
  ticket: string | null;
}) {
  const { i18n } = useLingui();
  return (
    <section className={cardClass} aria-labelledby="ticket-title" data-testid="booking-ticket">
      <h2 id="ticket-title" className="mb-4 text-lg font-semibold">
        {i18n._(msg`Ticket`)}
      </h2>
      {ticket ? (
        <div className="flex flex-wrap items-center gap-4">
          <QrCode text={ticket} label={i18n._(msg`Ticket ${code}`)} className="size-40" />
          <AppLink to={`/booking-ticket?id=${bookingId}`} className={buttonClass}>
            <Printer aria-hidden className="size-4" />
            {i18n._(msg`Open the ticket to print`)}
          </AppLink>
        </div>
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {i18n._(
            msg`A booking has a ticket while it holds seats: once it is confirmed, until it is cancelled.`,
          )}
        </p>
      )}
    </section>
  );
}

/** /booking-ticket?id={id}: the ticket alone, to print or to show at the door. */
export function TicketPage() {
  const { i18n } = useLingui();
  const language = i18n.locale as Language;
  const search = useSearch({ strict: false }) as { id?: unknown };
  const id = parseId(search.id);
  const details = useQuery({ ...bookingDetailsQuery(id ?? 0), enabled: id !== null });
  const notSaved = useNotSavedHere(details);
  if (id === null) return <NotFoundPage />;
  if (notSaved) return <NotSavedHere onRetry={() => void details.refetch()} />;
  if (details.isPending) return <DetailsSkeleton />;
  if (failedToLoad(details) || details.data === undefined)
    return <RecordLoadError error={details.error} retry={() => void details.refetch()} />;
  const { booking, event, ticket } = details.data;
  const ctx: RenderContext = { i18n, language };
  if (!ticket) return <NotFoundPage />;
  return (
    <article className="mx-auto max-w-md space-y-4 rounded-lg border border-slate-300 bg-white p-6 text-slate-900 print:border-0">
      <header className="space-y-1">
        <p className="text-sm text-slate-600">{i18n._(msg`Ticket`)}</p>
        <h1 className="text-2xl font-semibold">{localizedText(event.title, language)}</h1>
        <p>{venueTime(event.startsAt, event.timeZone, ctx)}</p>
        <p>
          {localizedText(event.locationName, language)}, {localizedText(event.cityName, language)}
        </p>
      </header>
      <QrCode text={ticket} label={i18n._(msg`Ticket ${booking.code}`)} className="mx-auto size-64" />
      <dl className="grid grid-cols-2 gap-2 text-sm">
        <dt className="text-slate-600">{i18n._(msg`Guest`)}</dt>
        <dd>{booking.customerName}</dd>
        <dt className="text-slate-600">{i18n._(msg`Tickets`)}</dt>
        <dd>{i18n.number(booking.tickets)}</dd>
        <dt className="text-slate-600">{i18n._(msg`Code`)}</dt>
        <dd>
          <Ltr>{booking.code}</Ltr>
        </dd>
      </dl>
      <button type="button" className={`${buttonClass} print:hidden`} onClick={() => window.print()}>
        <Printer aria-hidden className="size-4" />
        {i18n._(msg`Print`)}
      </button>
    </article>
  );
}
