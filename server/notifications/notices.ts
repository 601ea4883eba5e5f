/**
 * The texts of the automatic notifications (docs/decisions/0007-notifications-and-push.md), in both languages, with the screen they open.
 * Each recipient reads the one of their language (the push) or of the app's (the in-app entry).
 */
import type { Localized } from '../../src/contract/common';
import type { Notice } from './notify';

const both = (en: string, ar: string): Localized => ({ en, ar });

/** An approval or a rejection (with its reason, when one was given) told to the record's provider. */
const decided = (
  kind: 'event_decided' | 'ad_decided',
  link: string,
  approved: boolean,
  reason: string | null,
  words: { approved: Localized; rejected: Localized; shown: Localized; refused: Localized },
): Notice => {
  const why = (text: string) => (reason ? `${text}: ${reason}` : `${text}.`);
  return {
    kind,
    title: approved ? words.approved : words.rejected,
    body: approved ? words.shown : both(why(words.refused.en), why(words.refused.ar)),
    link,
  };
};

export const notices = {
  providerRegistered: (name: string, userId: number): Notice => ({
    kind: 'provider_registered',
    title: both('A service provider waits for approval', 'مقدّم خدمة بانتظار الموافقة'),
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
  eventDecided: (title: Localized, eventId: number, approved: boolean, reason: string | null): Notice =>
    decided('event_decided', `/event/details/${eventId}`, approved, reason, {
      approved: both('Your event was approved', 'اعتُمدت فعاليتك'),
      rejected: both('Your event was rejected', 'رُفضت فعاليتك'),
      shown: both(`“${title.en}” is published.`, `نُشرت «${title.ar || title.en}».`),
      refused: both(`“${title.en}” was rejected`, `رُفضت «${title.ar || title.en}»`),
    }),
  adDecided: (title: Localized, adId: number, approved: boolean, reason: string | null): Notice =>
    decided('ad_decided', `/advertisement/details/${adId}`, approved, reason, {
      approved: both('Your advertisement was approved', 'اعتُمد إعلانك'),
      rejected: both('Your advertisement was rejected', 'رُفض إعلانك'),
      shown: both(
        `“${title.en}” will be shown between its dates.`,
        `سيُعرض «${title.ar || title.en}» بين تاريخيه.`,
      ),
      refused: both(`“${title.en}” was rejected`, `رُفض «${title.ar || title.en}»`),
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
