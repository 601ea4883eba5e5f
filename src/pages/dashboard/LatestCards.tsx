/** The dashboard's latest bookings on a phone (./DashboardParts.tsx): the cards the lists use. */
import type { MessageDescriptor } from '@lingui/core';
import { BookingStatusBadge } from '@/areas/booking-status';
import { RecordCard } from '@/components/RecordCard';
import { dateTime, localizedText, Ltr } from '@/resources/cells';
import { useFormat, type AdminData } from './dashboard-data';

/** The latest bookings on a phone: the cards the lists use (no total cut mid-number, no status off-screen). */
export default function LatestCards({
  rows,
  canOpen,
  latest,
}: {
  rows: AdminData['latestBookings'];
  canOpen: boolean;
  latest: Record<'event' | 'customer' | 'total' | 'booked', MessageDescriptor>;
}) {
  const f = useFormat();
  return (
    <ul
      data-testid="latest-bookings"
      data-layout="cards"
      aria-labelledby="latest-title"
      className="-mx-3 divide-y divide-slate-100 dark:divide-slate-800"
    >
      {rows.map((row) => (
        <RecordCard
          key={row.id}
          data-testid="latest-booking"
          title={<Ltr>{row.code}</Ltr>}
          to={canOpen ? `/booking-details?id=${row.id}` : null}
          status={<BookingStatusBadge status={row.status} ctx={f.ctx} />}
          fields={[
            {
              id: 'event',
              label: f.i18n._(latest.event),
              value: localizedText(row.eventTitle, f.language),
            },
            { id: 'customer', label: f.i18n._(latest.customer), value: row.customerName },
            {
              id: 'total',
              label: f.i18n._(latest.total),
              value: <span className="tabular-nums">{f.money(row.total)}</span>,
            },
            { id: 'booked', label: f.i18n._(latest.booked), value: dateTime(row.createdAt, f.ctx) },
          ]}
        />
      ))}
    </ul>
  );
}
