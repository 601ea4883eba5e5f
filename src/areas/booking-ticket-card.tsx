/**
 * The ticket card of a booking's details (docs/decisions/0052-signed-tickets.md): the QR code of the
 * ticket the server signed, and the way to the ticket's own page, to print or to show at the door.
 */
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Printer } from 'lucide-react';
import { AppLink } from '@/components/AppLink';
import { QrCode } from '@/components/QrCode';
import { DetailsCard } from './details-frame';

const linkClass =
  'inline-flex min-h-11 items-center gap-2 rounded-md border border-slate-300 px-3 py-2 text-sm font-medium hover:bg-slate-50 dark:border-slate-600 dark:hover:bg-slate-800';

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
    <DetailsCard titleId="ticket-title" title={i18n._(msg`Ticket`)} testId="booking-ticket">
      {ticket ? (
        <div className="flex flex-wrap items-center gap-4">
          <QrCode text={ticket} label={i18n._(msg`Ticket ${code}`)} className="size-40" />
          <AppLink to={`/booking-details?id=${bookingId}&view=ticket`} className={linkClass}>
            <Printer aria-hidden className="size-4" />
            {i18n._(msg`Print the ticket`)}
          </AppLink>
        </div>
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {i18n._(msg`No ticket: the booking holds no seats.`)}
        </p>
      )}
    </DetailsCard>
  );
}
