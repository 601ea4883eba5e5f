/** Messages of the door: admission, door accounts, door sales and seat leases (server/core/messages.ts). */
import type { MessageTable } from './table';

export const DOOR_MESSAGES = {
  // the door
  doorAdmitted: { en: 'Admitted: {n} of {tickets}.', ar: 'تم الدخول: {n} من {tickets}.' },
  doorAlready: {
    en: 'Already admitted at {at} on “{device}”.',
    ar: 'تم الدخول من قبل في {at} على «{device}».',
  },
  doorRefused: { en: 'Not admitted.', ar: 'لم يُسمح بالدخول.' },
  // who opens the door
  doorAccountsSaved: { en: 'The door accounts were saved.', ar: 'تم حفظ حسابات البوابة.' },
  doorAccountsOfStaff: {
    en: 'Choose door accounts of staff or of the event’s service provider.',
    ar: 'اختر حسابات بوابة تابعة لفريق العمل أو لمقدّم خدمة الفعالية.',
  },
  doorAccountsOfYours: {
    en: 'Choose door accounts of your own.',
    ar: 'اختر حسابات بوابة تابعة لك.',
  },
  // door sales and seat leases
  leaseTaken: { en: 'This device holds {n} seats.', ar: 'يحجز هذا الجهاز {n} مقاعد.' },
  leaseTooMany: {
    en: 'Only {n} seats are free.',
    ar: 'المقاعد المتاحة {n} فقط.',
  },
  leaseReturned: { en: 'The unsold seats were given back.', ar: 'أُعيدت المقاعد غير المباعة.' },
  leaseUnknown: { en: 'This device has no such lease.', ar: 'لا يملك هذا الجهاز هذه الحصة من المقاعد.' },
  leaseEnded: {
    en: 'This lease has ended: take new seats to sell.',
    ar: 'انتهت هذه الحصة: خذ مقاعد جديدة للبيع.',
  },
  leaseNotYours: {
    en: 'This lease was taken by another user: sell within a lease of your own.',
    ar: 'أخذ هذه الحصة مستخدم آخر: بِع ضمن حصة خاصة بك.',
  },
  leaseNotYoursToReturn: {
    en: 'Only the user who took this lease can give its seats back.',
    ar: 'لا يعيد مقاعد هذه الحصة إلا المستخدم الذي أخذها.',
  },
  leaseShort: {
    en: 'Only {n} left in this device’s lease.',
    ar: 'لم يتبقَّ سوى {n} في حصة هذا الجهاز.',
  },
  doorSold: { en: 'Sold: {code}.', ar: 'تم البيع: {code}.' },
} as const satisfies MessageTable;
