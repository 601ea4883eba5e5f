/**
 * "Bookings to confirm" (docs/decisions/0083-a-dashboard-that-leads-to-work.md): how many bookings
 * wait, the oldest few with the bookings area's own Confirm (loaded with its first press, with its
 * confirmation and offline rules), and the bookings list filtered to them.
 */
import { msg, plural } from '@lingui/core/macro';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Button } from '@/components/ui';
import { RecordCard } from '@/components/RecordCard';
import { dateTime, localizedText, Ltr } from '@/resources/cells';
import { useFormat } from './dashboard-data';
import { listLink, TO_CONFIRM, toConfirmQuery, type BookingRow } from './work-lists';
import { WorkWidget } from './WorkWidget';

const ConfirmBooking = lazy(() => import('./ConfirmBooking'));

export function BookingsToConfirm() {
  const f = useFormat();
  const query = useQuery(toConfirmQuery());
  const all = listLink('/booking', TO_CONFIRM);
  return (
    <WorkWidget
      testId="to-confirm"
      title={f.i18n._(msg`Bookings to confirm`)}
      unit={(n) => f.i18n._(msg`${plural(n, { one: '# booking waiting', other: '# bookings waiting' })}`)}
      query={query}
      empty={{
        text: f.i18n._(msg`No booking is waiting to be confirmed.`),
        link: { to: '/booking', label: f.i18n._(msg`Open the bookings`) },
      }}
      link={{ to: all, label: (n) => f.i18n._(msg`Review all waiting (${f.count(n)})`) }}
      rows={(bookings) =>
        bookings.map((booking) => (
          <RecordCard
            key={booking.id}
            data-testid="to-confirm-booking"
            title={<Ltr>{booking.code}</Ltr>}
            to={`/booking-details?id=${booking.id}`}
            fields={[
              {
                id: 'event',
                label: f.i18n._(msg`Event`),
                value: localizedText(booking.eventTitle, f.language),
              },
              { id: 'customer', label: f.i18n._(msg`Customer`), value: booking.customerName },
              {
                id: 'total',
                label: f.i18n._(msg`Total`),
                value: <span className="tabular-nums">{f.money(booking.total)}</span>,
              },
              { id: 'booked', label: f.i18n._(msg`Booked`), value: dateTime(booking.createdAt, f.ctx) },
            ]}
            after={<Confirm booking={booking} />}
          />
        ))
      }
    />
  );
}

/** The Confirm button: the bookings area's action loads with the first press, then asks as it does there. */
function Confirm({ booking }: { booking: BookingRow }) {
  const f = useFormat();
  const [pressed, setPressed] = useState(false);
  const label = f.i18n._(msg`Confirm`);
  const button = (props: { onClick?: () => void; loading?: boolean; disabled?: boolean }) => (
    <Button variant="secondary" className="shrink-0" data-testid="to-confirm-confirm" {...props}>
      {label}
      <span className="sr-only">{f.i18n._(msg`: ${booking.code}`)}</span>
    </Button>
  );
  if (!pressed) return button({ onClick: () => setPressed(true) });
  return (
    <Suspense fallback={button({ loading: true })}>
      <ConfirmBooking booking={booking} button={button} />
    </Suspense>
  );
}
