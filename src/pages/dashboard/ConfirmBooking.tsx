/**
 * The bookings area's Confirm on the dashboard (./BookingsToConfirm.tsx), loaded with its first press:
 * the same action, confirmation, outbox and notices as the bookings list's (src/areas/booking.tsx,
 * src/resources/actions.tsx), started at once for the press that loaded it.
 */
import { useEffect, useRef } from 'react';
import { bookingArea, confirmBookingAction, type Booking } from '@/areas/booking';
import { useNeedsServer, useRecordActions } from '@/resources/actions';
import type { BookingRow } from './work-lists';

export default function ConfirmBooking({
  booking,
  button,
}: {
  booking: BookingRow;
  button: (props: { onClick?: () => void; disabled?: boolean }) => React.ReactNode;
}) {
  const { start, dialogs } = useRecordActions(bookingArea);
  const needsServer = useNeedsServer()(confirmBookingAction);
  const row: Booking = booking;
  const started = useRef(false);
  useEffect(() => {
    if (started.current || needsServer) return;
    started.current = true;
    start(confirmBookingAction, row);
  }, [needsServer, row, start]);
  return (
    <div className="shrink-0">
      {button({ onClick: () => start(confirmBookingAction, row), disabled: Boolean(needsServer) })}
      {needsServer && (
        <p className="mt-1 max-w-48 text-xs text-slate-700 dark:text-slate-300">{needsServer}</p>
      )}
      {dialogs}
    </div>
  );
}
