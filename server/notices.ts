/**
 * The texts of the automatic notifications (issue 5), in both languages, with the screen they open.
 * Each recipient reads the one of their language (the push) or of the app's (the in-app entry).
 */
import type { Localized } from '../src/contract/common';
import type { Notice } from './notify';

const both = (en: string, ar: string): Localized => ({ en, ar });

export const notices = {
  providerRegistered: (name: string, userId: number): Notice => ({
    kind: 'provider_registered',
    title: both('A service provider waits for approval', 'مقدم خدمة بانتظار الموافقة'),
    body: both(`${name} registered and waits for your approval.`, `${name} سجّل وينتظر موافقتك.`),
    link: `/serviceprovider-details/${userId}`,
  }),
  eventSubmitted: (title: Localized, eventId: number): Notice => ({
    kind: 'event_submitted',
    title: both('An event waits for approval', 'فعالية بانتظار الموافقة'),
    body: both(`“${title.en}” was submitted for approval.`, `أُرسلت «${title.ar || title.en}» للاعتماد.`),
    link: `/event/details/${eventId}`,
  }),
  adSubmitted: (title: Localized, adId: number): Notice => ({
    kind: 'ad_submitted',
    title: both('An advertisement waits for approval', 'إعلان بانتظار الموافقة'),
    body: both(`“${title.en}” waits for your approval.`, `«${title.ar || title.en}» بانتظار موافقتك.`),
    link: `/advertisement/details/${adId}`,
  }),
  eventDecided: (title: Localized, eventId: number, approved: boolean, reason: string | null): Notice => ({
    kind: 'event_decided',
    title: approved
      ? both('Your event was approved', 'اعتُمدت فعاليتك')
      : both('Your event was rejected', 'رُفضت فعاليتك'),
    body: approved
      ? both(`“${title.en}” is published.`, `نُشرت «${title.ar || title.en}».`)
      : both(
          `“${title.en}” was rejected: ${reason ?? ''}`.trim(),
          `رُفضت «${title.ar || title.en}»: ${reason ?? ''}`.trim(),
        ),
    link: `/event/details/${eventId}`,
  }),
  adDecided: (title: Localized, adId: number, approved: boolean, reason: string | null): Notice => ({
    kind: 'ad_decided',
    title: approved
      ? both('Your advertisement was approved', 'اعتُمد إعلانك')
      : both('Your advertisement was rejected', 'رُفض إعلانك'),
    body: approved
      ? both(`“${title.en}” will be shown between its dates.`, `سيُعرض «${title.ar || title.en}» بين تاريخيه.`)
      : both(
          `“${title.en}” was rejected: ${reason ?? ''}`.trim(),
          `رُفض «${title.ar || title.en}»: ${reason ?? ''}`.trim(),
        ),
    link: `/advertisement/details/${adId}`,
  }),
  bookingCancelled: (code: string, eventTitle: Localized, bookingId: number): Notice => ({
    kind: 'booking_cancelled',
    title: both('A booking was cancelled', 'أُلغي حجز'),
    body: both(
      `Booking ${code} of “${eventTitle.en}” was cancelled.`,
      `أُلغي الحجز ${code} لفعالية «${eventTitle.ar || eventTitle.en}».`,
    ),
    link: `/booking-details?id=${bookingId}`,
  }),
};
