/**
 * /booking-details?id={id}&view=ticket (docs/decisions/0052-signed-tickets.md): a booking's ticket
 * alone, in the reader's language, to print or to show at the door: the event, its start on the
 * venue's clock, the guest, the tickets and the QR code of the signed ticket.
 */
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Printer } from 'lucide-react';
import type { Language } from '@/contract';
import { NotFoundPage } from '@/components/error-pages/NotFoundPage';
import { QrCode } from '@/components/QrCode';
import { Button } from '@/components/ui';
import { localizedText, Ltr, venueTime } from '@/resources/cells';
import type { RenderContext } from '@/resources/types';
import type { bookingDetailsQuery } from './booking-details';
import type { DetailsData } from './details-frame';

export function Ticket({ data }: { data: DetailsData<typeof bookingDetailsQuery> }) {
  const { i18n } = useLingui();
  const language = i18n.locale as Language;
  const ctx: RenderContext = { i18n, language };
  const { booking, event, ticket } = data;
  const { code } = booking;
  const venue = localizedText(event.locationName, language);
  const city = localizedText(event.cityName, language);
  if (!ticket) return <NotFoundPage />;
  return (
    <article
      data-testid="ticket-page"
      className="mx-auto max-w-md space-y-4 rounded-lg border border-slate-300 bg-white p-6 text-slate-900 print:border-0"
    >
      <header className="space-y-1">
        <p className="text-sm text-slate-600">{i18n._(msg`Ticket`)}</p>
        <h1 className="text-2xl font-semibold">{localizedText(event.title, language)}</h1>
        <p>{venueTime(event.startsAt, event.timeZone, ctx)}</p>
        <p>{i18n._(msg`${venue}, ${city}`)}</p>
      </header>
      <QrCode text={ticket} label={i18n._(msg`Ticket ${code}`)} className="mx-auto size-64" />
      <dl className="grid grid-cols-2 gap-2 text-sm">
        <dt className="text-slate-600">{i18n._(msg`Guest`)}</dt>
        <dd>{booking.customerName}</dd>
        <dt className="text-slate-600">{i18n._(msg`Tickets`)}</dt>
        <dd>{i18n.number(booking.tickets)}</dd>
        <dt className="text-slate-600">{i18n._(msg`Code`)}</dt>
        <dd>
          <Ltr>{code}</Ltr>
        </dd>
      </dl>
      <Button variant="secondary" className="print:hidden" onClick={() => window.print()}>
        <Printer aria-hidden className="size-4" />
        {i18n._(msg`Print`)}
      </Button>
    </article>
  );
}
