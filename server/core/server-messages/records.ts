/** Messages of the areas' records: masters, providers, users and supervisors, events and their messages to guests, advertisements, bookings and pages (server/core/messages.ts). */
import type { MessageTable } from './table';

export const RECORD_MESSAGES = {
  // messages to guests (docs/decisions/0071-messages-reminders-and-unsubscribe.md)
  messageQueued: { en: 'The message is on its way to {n} guests.', ar: 'الرسالة في طريقها إلى {n} ضيف.' },
  messageScheduled: { en: 'The message is scheduled.', ar: 'جُدولت الرسالة.' },
  mailsRetried: { en: '{n} failed mails will be sent again.', ar: 'ستُرسل {n} رسالة فاشلة مرة أخرى.' },
  reminderSaved: { en: 'Reminder saved.', ar: 'حُفظ التذكير.' },
  // masters
  usedByCities: {
    en: 'This country is still used by {n} cities. Delete or move them first.',
    ar: 'لا تزال هذه الدولة مستخدمة في {n} من المدن. احذفها أو انقلها أولًا.',
  },
  masterNotYours: {
    en: 'You can change or delete only the entries you added. Ask an administrator to change this one.',
    ar: 'يمكنك تعديل أو حذف الإدخالات التي أضفتها فقط. اطلب من المسؤول تعديل هذا الإدخال.',
  },
  masterUsedByOthers: {
    en: "Other providers' records use this entry, so only an administrator can change or delete it.",
    ar: 'تستخدم سجلات مقدّمي خدمات آخرين هذا الإدخال، لذا لا يمكن تعديله أو حذفه إلا من قبل المسؤول.',
  },
  usedByLocations: {
    en: 'This city is still used by {n} locations. Delete or move them first.',
    ar: 'لا تزال هذه المدينة مستخدمة في {n} من المواقع. احذفها أو انقلها أولًا.',
  },
  cityUsedByProviders: {
    en: 'This city is still used by {n} service providers.',
    ar: 'لا تزال هذه المدينة مستخدمة لدى {n} من مقدّمي الخدمات.',
  },
  categoryUsedByProviders: {
    en: 'This category is still used by {n} service providers.',
    ar: 'لا تزال هذه الفئة مستخدمة لدى {n} من مقدّمي الخدمات.',
  },
  isoTaken: {
    en: 'Another country already has this ISO code.',
    ar: 'توجد دولة أخرى تستخدم رمز ISO هذا.',
  },
  unknownCountry: { en: 'Choose an existing country.', ar: 'اختر دولة موجودة.' },
  unknownCity: { en: 'Choose an existing city.', ar: 'اختر مدينة موجودة.' },
  cityNotInCountry: {
    en: 'This city is not in the chosen country.',
    ar: 'هذه المدينة ليست ضمن الدولة المختارة.',
  },
  unknownCategory: { en: 'Choose an existing category.', ar: 'اختر فئة موجودة.' },
  iconMissing: {
    en: 'The icon was not found. Please upload it again.',
    ar: 'لم يتم العثور على الأيقونة. يرجى رفعها مرة أخرى.',
  },
  iconSaved: { en: 'Icon uploaded.', ar: 'تم رفع الأيقونة.' },
  // service providers
  usedBySupervisors: {
    en: 'This service provider still has {n} supervisors. Remove them first.',
    ar: 'لا يزال لدى مقدّم الخدمة هذا {n} من المشرفين. احذفهم أولًا.',
  },
  unknownProvider: { en: 'Choose an existing service provider.', ar: 'اختر مقدّم خدمة موجودًا.' },
  documentType: {
    en: 'The document must be a PDF, JPEG or PNG file.',
    ar: 'يجب أن يكون المستند ملف PDF أو JPEG أو PNG.',
  },
  documentTooBig: {
    en: 'The document must be at most 10 MB.',
    ar: 'يجب ألا يزيد حجم المستند عن ١٠ ميغابايت.',
  },
  tooManyDocuments: {
    en: 'A service provider can keep at most {n} documents.',
    ar: 'يمكن لمقدّم الخدمة الاحتفاظ بـ {n} مستندًا على الأكثر.',
  },
  uploadQuotaExceeded: {
    en: 'Your storage space is full: your files use {used} MB of your {quota} MB, and this file needs {size} MB. Remove pictures or documents you no longer need, or ask an administrator for more space.',
    ar: 'مساحة التخزين الخاصة بك ممتلئة: تستخدم ملفاتك {used} ميغابايت من أصل {quota} ميغابايت، ويحتاج هذا الملف إلى {size} ميغابايت. احذف الصور أو المستندات التي لم تعد تحتاجها، أو اطلب من المسؤول مساحة أكبر.',
  },
  documentSaved: { en: 'Document uploaded.', ar: 'تم رفع المستند.' },
  documentsRemoved: { en: 'Documents removed.', ar: 'تمت إزالة المستندات.' },
  providerApproved: {
    en: 'The service provider is approved and can sign in.',
    ar: 'تمت الموافقة على مقدّم الخدمة ويمكنه تسجيل الدخول.',
  },
  providerRejected: { en: 'The registration was rejected.', ar: 'تم رفض التسجيل.' },
  providerBlocked: { en: 'The service provider is blocked.', ar: 'تم حظر مقدّم الخدمة.' },
  reasonNeeded: { en: 'Please give a reason.', ar: 'يرجى ذكر السبب.' },
  // users and supervisors
  statusSaved: { en: 'Status saved.', ar: 'تم حفظ الحالة.' },
  ownRole: { en: 'You cannot change your own role.', ar: 'لا يمكنك تغيير دورك.' },
  ownStatus: { en: 'You cannot change your own status.', ar: 'لا يمكنك تغيير حالتك.' },
  lastAdmin: {
    en: 'The last active administrator cannot be blocked or lose the role.',
    ar: 'لا يمكن حظر آخر مسؤول نشط أو سحب دوره.',
  },
  providerAccounts: {
    en: 'Service provider accounts are managed in the service provider area.',
    ar: 'تُدار حسابات مقدّمي الخدمات من قسم مقدّمي الخدمات.',
  },
  supervisorRole: {
    en: 'A supervisor keeps the manager role while it belongs to a service provider.',
    ar: 'يحتفظ المشرف بدور المدير ما دام تابعًا لمقدّم خدمة.',
  },
  // events
  eventNotEditable: {
    en: 'A cancelled or completed event cannot be edited.',
    ar: 'لا يمكن تعديل فعالية ملغاة أو مكتملة.',
  },
  transitionNotAllowed: {
    en: 'The status cannot change from {from} to {to}.',
    ar: 'لا يمكن تغيير الحالة من {from} إلى {to}.',
  },
  bookingMoveRefused: {
    en: 'This booking is “{from}”: it cannot be changed to “{to}”.',
    ar: 'هذا الحجز «{from}»: لا يمكن تغييره إلى «{to}».',
  },
  paymentMoveRefused: {
    en: 'The payment of this booking is “{from}”: it cannot be marked “{to}”.',
    ar: 'دفع هذا الحجز «{from}»: لا يمكن جعله «{to}».',
  },
  cancelledPaymentRefused: {
    en: 'This booking is cancelled: its payment cannot be marked “{to}”.',
    ar: 'هذا الحجز ملغى: لا يمكن جعل دفعه «{to}».',
  },
  adminOnlyTransition: {
    en: 'Only an administrator can approve or reject.',
    ar: 'يمكن للمسؤول فقط الموافقة أو الرفض.',
  },
  eventNotEnded: {
    en: 'An event can be completed only after it has ended.',
    ar: 'لا يمكن إكمال الفعالية إلا بعد انتهائها.',
  },
  eventStarted: { en: 'This event has already started.', ar: 'بدأت هذه الفعالية بالفعل.' },
  capacityBelowSold: {
    en: 'The capacity cannot be lower than the {n} seats already taken (sold, or held by door devices).',
    ar: 'لا يمكن أن تقل السعة عن {n} من المقاعد المأخوذة (المباعة أو التي تحجزها أجهزة البوابة).',
  },
  usedByBookings: {
    en: 'This event still has {n} bookings.',
    ar: 'لا تزال لهذه الفعالية {n} من الحجوزات.',
  },
  usedByAds: {
    en: 'This event is still the target of {n} advertisements.',
    ar: 'لا تزال هذه الفعالية هدفًا لـ {n} من الإعلانات.',
  },
  usedByEvents: {
    en: 'This record is still used by {n} events.',
    ar: 'لا يزال هذا السجل مستخدمًا في {n} من الفعاليات.',
  },
  unknownLocation: { en: 'Choose an existing location.', ar: 'اختر موقعًا موجودًا.' },
  locationNotInCity: {
    en: 'This location is not in the chosen city.',
    ar: 'هذا الموقع ليس ضمن المدينة المختارة.',
  },
  unknownSupervisor: {
    en: 'Choose supervisors of the event’s service provider.',
    ar: 'اختر مشرفين تابعين لمقدّم خدمة الفعالية.',
  },
  imageMissing: {
    en: 'The image was not found. Please upload it again.',
    ar: 'لم يتم العثور على الصورة. يرجى رفعها مرة أخرى.',
  },
  imageUploaded: { en: 'Image uploaded.', ar: 'تم رفع الصورة.' },
  featuredOnlyApproved: {
    en: 'Only approved events can be featured.',
    ar: 'يمكن تمييز الفعاليات المعتمدة فقط.',
  },
  eventApproved: { en: 'The event is approved.', ar: 'تمت الموافقة على الفعالية.' },
  eventRejected: { en: 'The event was rejected.', ar: 'تم رفض الفعالية.' },
  featuredSaved: { en: 'Featured setting saved.', ar: 'تم حفظ إعداد التمييز.' },
  specialistsSaved: { en: 'Specialists saved.', ar: 'تم حفظ المتخصصين.' },
  tooManySpecialists: {
    en: 'An event can have at most {n} specialists.',
    ar: 'يمكن أن يكون للفعالية {n} من المتخصصين على الأكثر.',
  },
  // advertisements
  targetEventRequired: {
    en: 'Choose the event the advertisement leads to.',
    ar: 'اختر الفعالية التي يقود إليها الإعلان.',
  },
  targetUrlRequired: {
    en: 'Enter the https address the advertisement leads to.',
    ar: 'أدخل عنوان https الذي يقود إليه الإعلان.',
  },
  targetNotBoth: {
    en: 'Leave this empty: the advertisement leads to the other target.',
    ar: 'اترك هذا الحقل فارغًا: الإعلان يقود إلى الهدف الآخر.',
  },
  unknownEvent: { en: 'Choose an existing event.', ar: 'اختر فعالية موجودة.' },
  eventOfOtherProvider: {
    en: 'The event must belong to the advertisement’s service provider.',
    ar: 'يجب أن تكون الفعالية تابعة لمقدّم خدمة الإعلان.',
  },
  adExpired: { en: 'This advertisement has expired.', ar: 'انتهت مدة هذا الإعلان.' },
  adApproved: { en: 'The advertisement is approved.', ar: 'تمت الموافقة على الإعلان.' },
  adRejected: { en: 'The advertisement was rejected.', ar: 'تم رفض الإعلان.' },
  // bookings
  soldOut: {
    en: 'Not enough seats left: {n} remaining.',
    ar: 'لا توجد مقاعد كافية: المتبقي {n}.',
  },
  eventNotBookable: {
    en: 'This event is not open for bookings.',
    ar: 'هذه الفعالية غير متاحة للحجز.',
  },
  bookingLocked: {
    en: 'The event and the ticket count change only while the booking is pending.',
    ar: 'لا يمكن تغيير الفعالية وعدد التذاكر إلا والحجز قيد الانتظار.',
  },
  noChange: { en: 'Nothing to change.', ar: 'لا يوجد ما يتغير.' },
  // pages
  slugTaken: {
    en: 'Another page already uses this address.',
    ar: 'توجد صفحة أخرى تستخدم هذا العنوان.',
  },
  notificationSent: {
    en: 'This notification has already been sent; it can no longer be changed.',
    ar: 'أُرسل هذا الإشعار بالفعل؛ لم يعد من الممكن تغييره.',
  },
  notificationSending: {
    en: 'This notification is being sent.',
    ar: 'يجري إرسال هذا الإشعار.',
  },
  notificationQueued: { en: 'Notification sent.', ar: 'أُرسل الإشعار.' },
  notificationNobody: {
    en: 'This notification reaches nobody: its audience has no active account. Edit its audience first.',
    ar: 'لا يصل هذا الإشعار إلى أحد: لا يوجد حساب نشط في جمهوره. عدّل الجمهور أولًا.',
  },
  subscribed: { en: 'Notifications are on for this device.', ar: 'الإشعارات مفعّلة على هذا الجهاز.' },
  unsubscribed: { en: 'Notifications are off for this device.', ar: 'الإشعارات متوقفة على هذا الجهاز.' },
  pageRequired: {
    en: 'This page is required and cannot be deleted.',
    ar: 'هذه الصفحة مطلوبة ولا يمكن حذفها.',
  },
} as const satisfies MessageTable;
