/** Messages of every endpoint: generic answers, live updates across processes, validation, idempotency, the generic resource answers and the static app (server/core/messages.ts). */
import type { MessageTable } from './table';

export const COMMON_MESSAGES = {
  // generic
  ok: { en: 'Done.', ar: 'تم.' },
  badJson: { en: 'The request body is not valid JSON.', ar: 'نص الطلب ليس بتنسيق JSON صالح.' },
  jsonTooDeep: {
    en: 'The request body is nested too deeply (at most {n} levels).',
    ar: 'نص الطلب متداخل بعمق كبير جدًا (الحد الأقصى {n} مستوى).',
  },
  jsonTooMany: {
    en: 'The request body holds too many values (at most {n}).',
    ar: 'نص الطلب يحتوي على قيم كثيرة جدًا (الحد الأقصى {n}).',
  },
  needJson: {
    en: 'Send the request body as JSON (Content-Type: application/json).',
    ar: 'أرسل نص الطلب بتنسيق JSON (Content-Type: application/json).',
  },
  needMultipart: {
    en: 'Send the request as multipart/form-data.',
    ar: 'أرسل الطلب بتنسيق multipart/form-data.',
  },
  tooLarge: {
    en: 'The request is too large (at most {size}).',
    ar: 'الطلب كبير جدًا (الحد الأقصى {size}).',
  },
  notFound: { en: 'Not found.', ar: 'غير موجود.' },
  // many processes and live updates (docs/decisions/0019-live-updates-and-many-processes.md)
  healthy: { en: 'The server is up.', ar: 'الخادم يعمل.' },
  ready: { en: 'The server is ready.', ar: 'الخادم جاهز.' },
  notReadyDatabase: {
    en: 'The server cannot reach its database or has not migrated it yet.',
    ar: 'لا يستطيع الخادم الوصول إلى قاعدة بياناته أو لم يُكمل ترحيلها بعد.',
  },
  stopping: { en: 'The server is stopping: try again.', ar: 'الخادم يتوقف: حاول مرة أخرى.' },
  liveNeedsAccept: {
    en: 'This stream needs Accept: text/event-stream.',
    ar: 'يتطلب هذا البث الترويسة Accept: text/event-stream.',
  },
  liveTooMany: {
    en: 'Too many live streams are open for this user (at most {n}): close one.',
    ar: 'عدد كبير جدًا من البث المباشر مفتوح لهذا المستخدم (الحد الأقصى {n}): أغلق أحدها.',
  },
  noEndpoint: {
    en: 'This API endpoint does not exist.',
    ar: 'نقطة الوصول هذه غير موجودة في الواجهة البرمجية.',
  },
  methodNotAllowed: {
    en: 'This method is not allowed here.',
    ar: 'هذه الطريقة غير مسموح بها هنا.',
  },
  signInFirst: { en: 'Please sign in to continue.', ar: 'يرجى تسجيل الدخول للمتابعة.' },
  sessionExpired: {
    en: 'Your session has expired. Please sign in again.',
    ar: 'انتهت صلاحية جلستك. يرجى تسجيل الدخول مرة أخرى.',
  },
  forbidden: { en: 'You do not have permission to do this.', ar: 'ليس لديك صلاحية للقيام بهذا.' },
  serverError: {
    en: 'Something went wrong on the server. Please try again.',
    ar: 'حدث خطأ في الخادم. يرجى المحاولة مرة أخرى.',
  },
  conflict: {
    en: 'This record was changed by someone else. Reload it and try again.',
    ar: 'عدّل شخص آخر هذا السجل. أعد تحميله وحاول مرة أخرى.',
  },
  // generic validation (messages of zod issues that a schema does not name itself)
  atLeast: { en: 'Must be at least {n}', ar: 'يجب ألا يقل عن {n}' },
  atMost: { en: 'Must be at most {n}', ar: 'يجب ألا يزيد عن {n}' },
  minItems: { en: 'Choose at least {n}', ar: 'اختر {n} على الأقل' },
  maxItems: { en: 'Choose at most {n}', ar: 'اختر {n} على الأكثر' },
  // idempotency
  idempotencyKeyInvalid: {
    en: 'The Idempotency-Key header must be 8 to 200 letters, digits, "-" or "_".',
    ar: 'يجب أن يتكون ترويسة Idempotency-Key من ٨ إلى ٢٠٠ حرف أو رقم أو "-" أو "_".',
  },
  idempotencyKeyReused: {
    en: 'This Idempotency-Key was already used for a different request.',
    ar: 'استُخدم مفتاح Idempotency-Key هذا من قبل لطلب مختلف.',
  },
  idempotencyInProgress: {
    en: 'The same request is still being processed. Try again in a moment.',
    ar: 'لا يزال الطلب نفسه قيد المعالجة. حاول مرة أخرى بعد لحظة.',
  },
  // resources (generic)
  loaded: { en: 'Loaded.', ar: 'تم التحميل.' },
  created: { en: 'Saved.', ar: 'تم الحفظ.' },
  saved: { en: 'Changes saved.', ar: 'تم حفظ التغييرات.' },
  deleted: { en: 'Deleted.', ar: 'تم الحذف.' },
  stillUsed: {
    en: 'This record is still in use and cannot be deleted.',
    ar: 'لا يزال هذا السجل مستخدمًا ولا يمكن حذفه.',
  },
  duplicate: { en: 'This value is already used.', ar: 'هذه القيمة مستخدمة بالفعل.' },
  versionRequired: {
    en: 'Send the version of the record you edited.',
    ar: 'أرسل رقم إصدار السجل الذي عدّلته.',
  },
  // static app
  appNotBuilt: {
    en: 'The app is not built yet. Run `npm run build` (or `npm start`), then reload this page.',
    ar: 'لم يتم بناء التطبيق بعد. شغّل `npm run build` (أو `npm start`) ثم أعد تحميل هذه الصفحة.',
  },
} as const satisfies MessageTable;
