/**
 * Messages that cross the wire: validation messages of the contract's schemas and the server's
 * answers. Schemas and the server name a message by its key (`msg`); `localizeMessage` looks it
 * up in the reader's language, on the server (from Accept-Language) and in the app (for client-side
 * validation), so both speak with one voice. Parameters are written `{name}`.
 *
 * Add every new validation message here with its English and Arabic text (the server's own are in
 * server/core/messages.ts); the keys are typed, so a message without an entry does not compile.
 */
import { formatCount, type Language } from './plain';

export const MESSAGES = {
  required: { en: 'Required', ar: 'هذا الحقل مطلوب' },
  invalidEmail: { en: 'Please enter a valid email.', ar: 'يرجى إدخال بريد إلكتروني صالح.' },
  invalidOtp: { en: 'Please enter a valid OTP.', ar: 'يرجى إدخال رمز تحقق صالح.' },
  twoFactorCode: {
    en: 'Enter the 6-digit code of your authenticator app, or a recovery code (xxxxx-xxxxx).',
    ar: 'أدخل الرمز المكوّن من ٦ أرقام من تطبيق المصادقة، أو رمز استرداد (xxxxx-xxxxx).',
  },
  verifyFirst: {
    en: 'Please verify your email OTP before submitting.',
    ar: 'يرجى التحقق من رمز البريد الإلكتروني قبل الإرسال.',
  },
  minChars: { en: 'At least {n} characters', ar: '{n} أحرف على الأقل' },
  maxChars: { en: 'At most {n} characters', ar: '{n} حرفًا على الأكثر' },
  invalidPhone: { en: 'Enter a phone number of 7 to 20 digits', ar: 'أدخل رقم هاتف من ٧ إلى ٢٠ رقمًا' },
  invalidValue: { en: 'Invalid value', ar: 'قيمة غير صالحة' },
  unknownField: { en: 'Unknown field', ar: 'حقل غير معروف' },
  onlyProviders: { en: 'Only service providers can register', ar: 'يمكن لمقدّمي الخدمات فقط التسجيل' },
  pendingOnRegistration: {
    en: 'A new registration always starts as pending',
    ar: 'يبدأ كل تسجيل جديد بحالة قيد المراجعة',
  },
  validationFailed: { en: 'Please correct the highlighted fields.', ar: 'يرجى تصحيح الحقول المحددة.' },
  somethingWrong: { en: 'Something went wrong', ar: 'حدث خطأ ما' },
  idsOrFilter: {
    en: 'Send either the ids of the rows or the filter, not both',
    ar: 'أرسل إما معرّفات الصفوف أو عامل التصفية، وليس كليهما',
  },
  // resources (lists, forms)
  viewTooLarge: {
    en: 'The view is too large (at most {n} bytes).',
    ar: 'طريقة العرض كبيرة جدًا (الحد الأقصى {n} بايت).',
  },
  pageSize: { en: 'Page size must be one of {sizes}', ar: 'يجب أن يكون حجم الصفحة أحد القيم {sizes}' },
  isoCode: { en: 'Enter the 2-letter ISO code (e.g. SA)', ar: 'أدخل رمز ISO المكوّن من حرفين (مثل SA)' },
  dialCode: { en: 'Enter a dialling code like +966', ar: 'أدخل رمز اتصال مثل ‎+966' },
  latitude: { en: 'Latitude must be between -90 and 90', ar: 'يجب أن يكون خط العرض بين ‎-٩٠ و٩٠' },
  longitude: {
    en: 'Longitude must be between -180 and 180',
    ar: 'يجب أن يكون خط الطول بين ‎-١٨٠ و١٨٠',
  },
  timeZone: {
    en: 'Choose one from the list, e.g. Asia/Muscat',
    ar: 'اختر قيمة من القائمة، مثل Asia/Muscat',
  },
  sortOrder: { en: 'Enter a whole number from 0 to 9999', ar: 'أدخل عددًا صحيحًا من ٠ إلى ٩٩٩٩' },
  reasonRequired: {
    en: 'Please give a reason for the rejection.',
    ar: 'يرجى ذكر سبب الرفض.',
  },
  invalidImagePath: { en: 'Upload the image first', ar: 'ارفع الصورة أولًا' },
  ticketOrBooking: {
    en: 'Send the ticket or the booking, not both',
    ar: 'أرسل التذكرة أو الحجز، وليس كليهما',
  },
  // events, advertisements, bookings, pages
  invalidDateTime: {
    en: 'Choose a date and a time, e.g. 25 Dec 2026, 7:00 PM',
    ar: 'اختر تاريخًا ووقتًا، مثل ٢٥ ديسمبر ٢٠٢٦، ٧:٠٠ م',
  },
  invalidDate: { en: 'Choose a date, e.g. 25 Dec 2026', ar: 'اختر تاريخًا، مثل ٢٥ ديسمبر ٢٠٢٦' },
  endAfterStart: { en: 'The end must be after the start', ar: 'يجب أن تكون النهاية بعد البداية' },
  endNotBeforeStart: {
    en: 'The end date cannot be before the start date',
    ar: 'لا يمكن أن يكون تاريخ الانتهاء قبل تاريخ البدء',
  },
  price: {
    en: 'Enter a price of SAR 0.00 or more, e.g. SAR 150.00',
    ar: 'أدخل سعرًا من ٠٫٠٠ ر.س. أو أكثر، مثل ١٥٠٫٠٠ ر.س.',
  },
  capacity: { en: 'Enter a capacity from 1 to {max}', ar: 'أدخل سعة من ١ إلى {max}' },
  tickets: { en: 'Enter from 1 to {max} tickets', ar: 'أدخل من ١ إلى {max} تذاكر' },
  leaseSeats: { en: 'Enter from 1 to {max} seats', ar: 'أدخل من ١ إلى {max} مقاعد' },
  coverNotInImages: {
    en: 'The cover must be one of the event’s images',
    ar: 'يجب أن تكون صورة الغلاف إحدى صور الفعالية',
  },
  httpsUrl: {
    en: 'Enter a full https:// address',
    ar: 'أدخل عنوانًا كاملًا يبدأ بـ https://',
  },
  slug: {
    en: 'Use lower-case letters, digits and dashes (e.g. privacy-policy)',
    ar: 'استخدم أحرفًا إنجليزية صغيرة وأرقامًا وشرطات (مثل privacy-policy)',
  },
  customerName: { en: 'Enter the customer’s name', ar: 'أدخل اسم العميل' },
  statusOrPayment: {
    en: 'Choose a new status or payment status',
    ar: 'اختر حالة جديدة أو حالة دفع جديدة',
  },
  searchTooShort: { en: 'Type at least {n} characters', ar: 'اكتب {n} أحرف على الأقل' },
  appLink: {
    en: 'Enter a screen of the app that starts with / (e.g. /booking)',
    ar: 'أدخل شاشة من التطبيق تبدأ بـ / (مثل ⁦/booking⁩)',
  },
  chooseOne: { en: 'Choose at least one', ar: 'اختر واحدًا على الأقل' },
  sendAtPast: { en: 'Choose a time in the future', ar: 'اختر وقتًا في المستقبل' },
  periodOrRange: {
    en: 'Choose a named period or a range of days, not both',
    ar: 'اختر فترة مسماة أو نطاقًا من الأيام، وليس كليهما',
  },
  rangeTooLong: { en: 'Choose at most {n} days', ar: 'اختر {n} يومًا على الأكثر' },
} as const satisfies Record<string, { en: string; ar: string }>;

export type MessageKey = keyof typeof MESSAGES;

type Entry = { en: string; ar: string };
type Params = Record<string, string | number>;

/**
 * A message on its way to a reader is its key and parameters, written as one string
 * (`msg:minChars?n=3`) so that it fits wherever zod and errors carry a message; `localizeMessage`
 * looks the key up and fills the text of the reader's language: the server for its answers, the app
 * for its own validation messages (docs/decisions/0051-messages-by-key.md).
 */
const PREFIX = 'msg:';
/** Marks a parameter whose value is a number (`messageOf`). */
const NUMBER_MARK = '#';

/** A message of the table above (or of one registered with `registerMessages`) by its key. */
export const messageOf = (key: string, params: Params = {}): string => {
  // A number's name is marked (`#n=158`): the reader's language writes it in its own digits.
  const query = new URLSearchParams(
    Object.entries(params).map(([name, value]): [string, string] => [
      typeof value === 'number' ? `${NUMBER_MARK}${name}` : name,
      String(value),
    ]),
  );
  return `${PREFIX}${key}${query.size ? `?${query}` : ''}`;
};

/** A contract message by its key, with `{name}` parameters. */
export const msg = (key: MessageKey, params: Params = {}): string => messageOf(key, params);

const fill = (template: string, params: Params) =>
  template.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? `{${name}}`));

const catalog = new Map<string, Entry>(Object.entries(MESSAGES));

/**
 * Words a message may carry as a parameter (a status's label), each with its Arabic: the Arabic
 * message says them in Arabic too.
 */
const terms = new Map<string, string>();
export const registerTerms = (entries: readonly Entry[]) => {
  for (const entry of entries) terms.set(entry.en, entry.ar);
};

/** Adds entries (the server registers its own messages at start-up); a key means one message. */
export const registerMessages = (entries: Record<string, Entry>) => {
  for (const [key, entry] of Object.entries(entries)) {
    const known = catalog.get(key);
    if (known && known !== entry) throw new Error(`Two messages share the key "${key}"`);
    catalog.set(key, entry);
  }
};

/** The message in `lang`; a text that is not a message (`msg:…`) is returned unchanged. */
export const localizeMessage = (text: string, lang: Language): string => {
  if (!text.startsWith(PREFIX)) return text;
  const at = text.indexOf('?');
  const key = text.slice(PREFIX.length, at < 0 ? undefined : at);
  const entry = catalog.get(key);
  if (!entry) return text;
  const params: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(at < 0 ? '' : text.slice(at + 1)))
    if (name.startsWith(NUMBER_MARK))
      params[name.slice(NUMBER_MARK.length)] = formatCount(Number(value), lang);
    else params[name] = lang === 'ar' ? (terms.get(value) ?? value) : value;
  return fill(entry[lang], params);
};

/** Every registered message by its key (for the completeness test). */
export const knownMessages = (): ReadonlyMap<string, Entry> => catalog;
