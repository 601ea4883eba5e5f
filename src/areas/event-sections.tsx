/**
 * Sections of the event's details screen (event-details.tsx): its bookings summary, its gallery (cover
 * first) and its supervisors.
 */
import { msg } from '@lingui/core/macro';
import { BOOKING_STATUSES, type UserStatus } from '@/contract';
import { profileImageUrl } from '@/app/session';
import { AppLink } from '@/components/AppLink';
import { Badge, localizedText, Ltr, StatusBadge } from '@/resources/cells';
import type { RenderContext } from '@/resources/types';
import { BOOKING_STATUS_TEXT, money } from './booking-status';
import { DetailsCard, type DetailsData } from './details-frame';
import type { eventDetailsQuery } from './event-details';

type EventDetailsData = DetailsData<typeof eventDetailsQuery>;

export function EventBookings({
  eventId,
  bookings,
  ctx,
}: {
  eventId: number;
  bookings: EventDetailsData['bookings'];
  ctx: RenderContext;
}) {
  const { i18n } = ctx;
  return (
    <DetailsCard titleId="event-bookings-title" title={i18n._(msg`Bookings`)} testId="event-bookings">
      <dl className="grid grid-cols-2 gap-3">
        {(
          [
            [msg`Bookings`, i18n.number(bookings.total)],
            [msg`Tickets sold`, i18n.number(bookings.soldTickets)],
            [msg`Seats left`, i18n.number(bookings.remaining)],
            [msg`Revenue (paid)`, money(bookings.revenue, ctx)],
          ] as const
        ).map(([label, value], index) => (
          <div key={index} className="rounded-lg bg-slate-50 p-3 dark:bg-slate-800/60">
            <dt className="text-sm text-slate-700 dark:text-slate-300">{i18n._(label)}</dt>
            <dd className="text-xl font-semibold">{value}</dd>
          </div>
        ))}
      </dl>
      <ul className="mt-4 space-y-1 text-sm">
        {BOOKING_STATUSES.filter((status) => bookings.byStatus[status]).map((status) => (
          <li key={status} className="flex justify-between gap-2">
            <span>{i18n._(BOOKING_STATUS_TEXT[status])}</span>
            <span>
              {i18n._(
                msg`${i18n.number(bookings.byStatus[status]?.count ?? 0)} bookings, ${i18n.number(bookings.byStatus[status]?.tickets ?? 0)} tickets`,
              )}
            </span>
          </li>
        ))}
      </ul>
      {bookings.total > 0 && (
        <AppLink
          to={`/booking?eventId=${eventId}`}
          className="mt-4 inline-block text-sm font-medium text-indigo-700 underline dark:text-indigo-300"
        >
          {i18n._(msg`See the bookings of this event`)}
        </AppLink>
      )}
    </DetailsCard>
  );
}

export function EventGallery({
  title,
  gallery,
  ctx,
}: {
  title: EventDetailsData['event']['title'];
  gallery: EventDetailsData['gallery'];
  ctx: RenderContext;
}) {
  const { i18n, language } = ctx;
  return (
    <DetailsCard titleId="event-gallery-title" title={i18n._(msg`Gallery`)}>
      {gallery.length === 0 ? (
        <p className="text-slate-700 dark:text-slate-300">{i18n._(msg`No images yet.`)}</p>
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4" data-testid="event-gallery">
          {gallery.map((image, index) => (
            <li key={image.path} className="relative">
              <img
                src={profileImageUrl(image.path)}
                alt={
                  image.cover
                    ? i18n._(msg`Cover image of ${localizedText(title, language)}`)
                    : i18n._(msg`Image ${index + 1} of ${localizedText(title, language)}`)
                }
                loading="lazy"
                className="aspect-video w-full rounded-lg object-cover"
              />
              {image.cover && (
                <span className="absolute start-2 top-2 rounded bg-slate-900/80 px-2 py-0.5 text-xs font-medium text-white">
                  {i18n._(msg`Cover`)}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </DetailsCard>
  );
}

export function EventSupervisors({
  supervisors,
  ctx,
}: {
  supervisors: EventDetailsData['supervisors'];
  ctx: RenderContext;
}) {
  const { i18n, language } = ctx;
  return (
    <DetailsCard titleId="event-supervisors-title" title={i18n._(msg`Supervisors`)}>
      {supervisors.length === 0 ? (
        <p className="text-slate-700 dark:text-slate-300">{i18n._(msg`No supervisors assigned.`)}</p>
      ) : (
        <ul className="divide-y divide-slate-200 dark:divide-slate-800" data-testid="event-supervisors">
          {supervisors.map((supervisor) => (
            <li key={supervisor.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span>
                <span className="block font-medium">
                  {localizedText(supervisor.name, language)}
                  {supervisor.role === 'door' && (
                    <span className="ms-2">
                      <Badge tone="grey">{i18n._(msg`Door only`)}</Badge>
                    </span>
                  )}
                </span>
                <span className="block text-sm text-slate-700 dark:text-slate-300">
                  <Ltr>{supervisor.email}</Ltr>
                  {supervisor.phone && (
                    <>
                      {' · '}
                      <Ltr>{supervisor.phone}</Ltr>
                    </>
                  )}
                </span>
              </span>
              <StatusBadge status={supervisor.status as UserStatus} ctx={ctx} />
            </li>
          ))}
        </ul>
      )}
    </DetailsCard>
  );
}
