/** Messages of the work on lists: saved views, bulk jobs and imports, the audit trail and undo (server/core/messages.ts). */
import type { MessageTable } from './table';

export const WORK_MESSAGES = {
  // saved views (docs/decisions/0022-saved-views.md)
  viewSaved: { en: 'View saved.', ar: 'حُفظت طريقة العرض.' },
  viewDeleted: { en: 'View deleted.', ar: 'حُذفت طريقة العرض.' },
  viewNameTaken: {
    en: 'You already have a view with this name for this list.',
    ar: 'لديك بالفعل طريقة عرض بهذا الاسم لهذه القائمة.',
  },
  viewOnlyAdminsShare: {
    en: 'Only administrators can share a view.',
    ar: 'يمكن للمسؤولين فقط مشاركة طريقة العرض.',
  },
  viewSharedOnlyAdmins: {
    en: 'Only administrators can change a view shared with everyone.',
    ar: 'يمكن للمسؤولين فقط تغيير طريقة عرض مشتركة مع الجميع.',
  },
  viewNotYours: {
    en: 'This view was shared with you: only its owner can change it.',
    ar: 'شورِكت طريقة العرض هذه معك: يمكن لمالكها فقط تغييرها.',
  },
  viewListNotAllowed: {
    en: 'You cannot open this list.',
    ar: 'لا يمكنك فتح هذه القائمة.',
  },
  viewsTooMany: {
    en: 'You can keep at most {n} views per list. Delete one first.',
    ar: 'يمكنك الاحتفاظ بـ {n} طريقة عرض على الأكثر لكل قائمة. احذف واحدة أولًا.',
  },
  // bulk actions (docs/decisions/0021-bulk-actions-and-list-keyboard.md)
  bulkStarted: { en: 'Working on {n} rows.', ar: 'جارٍ العمل على {n} من الصفوف.' },
  bulkTooMany: {
    en: 'At most {n} rows at once: narrow the filter.',
    ar: '{n} صف على الأكثر في المرة الواحدة: ضيّق عامل التصفية.',
  },
  bulkNoRows: { en: 'No rows match.', ar: 'لا توجد صفوف مطابقة.' },
  // import (docs/decisions/0073-import-from-files.md)
  importBadEncoding: {
    en: 'Line {line} is not UTF-8 text: save the file as CSV UTF-8 and try again.',
    ar: 'السطر {line} ليس نصًا بترميز UTF-8: احفظ الملف بصيغة CSV UTF-8 وحاول مرة أخرى.',
  },
  importBadQuotes: {
    en: 'Line {line}: a quoted cell is never closed.',
    ar: 'السطر {line}: خلية بين علامتي اقتباس لم تُغلق.',
  },
  importBadXlsx: {
    en: 'Line {line}: this is not a readable .xlsx spreadsheet.',
    ar: 'السطر {line}: هذا ليس جدول ‎.xlsx‎ قابلًا للقراءة.',
  },
  importZipBomb: {
    en: 'This spreadsheet unpacks to far more than its size: it is refused.',
    ar: 'يتوسع هذا الجدول عند فكّه إلى أكبر بكثير من حجمه: رُفض.',
  },
  importTooManyRows: {
    en: 'The file has more than {n} rows: split it.',
    ar: 'يحتوي الملف على أكثر من {n} صف: قسّمه.',
  },
  importTooLarge: {
    en: 'The file is larger than {mb} MB: split it.',
    ar: 'الملف أكبر من {mb} ميغابايت: قسّمه.',
  },
  importEmpty: { en: 'The file has no header row.', ar: 'لا يحتوي الملف على صف عناوين.' },
  importNotNumber: { en: 'Not a number', ar: 'ليس رقمًا' },
  importNotYesNo: { en: 'Write yes or no', ar: 'اكتب نعم أو لا' },
  importNotOption: { en: 'One of: {options}', ar: 'واحد من: {options}' },
  importRefNone: { en: 'No match for “{text}”', ar: 'لا يوجد تطابق مع «{text}»' },
  importRefAmbiguous: {
    en: 'Several match: {choices}. Write the one you mean as #id.',
    ar: 'يطابق أكثر من سجل: {choices}. اكتب المقصود بصيغة ‎#id‎.',
  },
  importNoSuchColumn: { en: 'The file has no column “{header}”.', ar: 'لا يحتوي الملف على عمود «{header}».' },
  importBadKey: {
    en: 'The key must be a mapped field among: {keys}.',
    ar: 'يجب أن يكون المفتاح حقلًا مربوطًا من بين: {keys}.',
  },
  importNothingValid: {
    en: 'No row of the file can be imported: see the report.',
    ar: 'لا يمكن استيراد أي صف من الملف: راجع التقرير.',
  },
  importStarted: {
    en: 'Importing {n} rows.',
    ar: 'جارٍ استيراد {n} صف.',
  },
  bulkCallerGone: {
    en: 'Your account may no longer do this.',
    ar: 'لم يعد بإمكان حسابك القيام بهذا.',
  },
  // bounds and standing of bulk jobs (docs/decisions/0037-bulk-jobs-bounded-paced-and-purged.md)
  bulkTooManyRunning: {
    en: 'You already have {n} bulk actions running. Start another when one of them has finished (in about {minutes} min).',
    ar: 'لديك بالفعل {n} من الإجراءات الجماعية قيد التنفيذ. ابدأ إجراءً آخر عند انتهاء أحدها (بعد {minutes} دقيقة تقريبًا).',
  },
  bulkStoppedInactive: {
    en: 'Not done: your account is no longer active, so the rest of this bulk action was stopped.',
    ar: 'لم يُنفَّذ: لم يعد حسابك نشطًا، لذا أُوقف باقي هذا الإجراء الجماعي.',
  },
  bulkStoppedProvider: {
    en: 'Not done: the service provider you supervise for is no longer active, so the rest of this bulk action was stopped.',
    ar: 'لم يُنفَّذ: مقدّم الخدمة الذي تشرف لديه لم يعد نشطًا، لذا أُوقف باقي هذا الإجراء الجماعي.',
  },
  bulkStoppedPermission: {
    en: 'Not done: you may no longer do this, so the rest of this bulk action was stopped.',
    ar: 'لم يُنفَّذ: لم يعد مسموحًا لك بهذا، لذا أُوقف باقي هذا الإجراء الجماعي.',
  },
  bulkRowFailed: {
    en: 'This row could not be changed.',
    ar: 'تعذّر تغيير هذا الصف.',
  },
  // audit trail (docs/decisions/0017-audit-trail.md)
  restored: { en: 'Restored as it was before.', ar: 'تمت الاستعادة كما كان من قبل.' },
  notRestorable: {
    en: 'Only a change or a removal of a whole record can be restored.',
    ar: 'لا يمكن استعادة إلا تعديل أو حذف لسجل كامل.',
  },
  restoreRecordGone: {
    en: 'This record was deleted since: restore its removal instead.',
    ar: 'حُذف هذا السجل منذ ذلك الحين: استعد حذفه بدلًا من ذلك.',
  },
  restoreChangedSince: {
    en: 'These fields changed again since: restore the latest change first.',
    ar: 'تغيّرت هذه الحقول مرة أخرى منذ ذلك الحين: استعد آخر تغيير أولًا.',
  },
  restoreExists: {
    en: 'A record with this ID exists again: it cannot be restored over it.',
    ar: 'يوجد سجل بهذا المعرّف مرة أخرى: لا يمكن استعادته فوقه.',
  },
  restoreAccount: {
    en: 'A deleted account cannot be restored: its password is never kept. Create it again.',
    ar: 'لا يمكن استعادة حساب محذوف: كلمة مروره لا تُحفظ أبدًا. أنشئه من جديد.',
  },
  restoreReference: {
    en: 'It cannot be restored: a record it refers to is gone.',
    ar: 'لا يمكن استعادته: سجل يشير إليه لم يعد موجودًا.',
  },
  restoreTaken: {
    en: 'It cannot be restored: its name or code is now used by another record.',
    ar: 'لا يمكن استعادته: اسمه أو رمزه مستخدم الآن في سجل آخر.',
  },
  restoreRule: {
    en: 'It cannot be restored: its values no longer meet the rules.',
    ar: 'لا يمكن استعادته: قيمه لم تعد تستوفي القواعد.',
  },
  restoreSeats: {
    en: 'It cannot be restored: its seats are gone ({n} left).',
    ar: 'لا يمكن استعادته: مقاعده لم تعد متاحة (المتبقي {n}).',
  },
  // undo (docs/decisions/0025-undo.md)
  undoneOne: { en: 'Undone: the record is back as it was.', ar: 'تم التراجع: عاد السجل كما كان.' },
  undone: {
    en: 'Undone: {n} records are back as they were.',
    ar: 'تم التراجع: عادت {n} من السجلات كما كانت.',
  },
  undoneSome: {
    en: '{n} records are back as they were; {m} could not be undone.',
    ar: 'عادت {n} من السجلات كما كانت؛ وتعذّر التراجع عن {m}.',
  },
  undoneNone: {
    en: 'Nothing could be undone ({n} records refused).',
    ar: 'تعذّر التراجع عن أي شيء ({n} من السجلات مرفوضة).',
  },
  undoNothing: {
    en: 'There is no change of yours to undo here.',
    ar: 'لا يوجد تغيير قمت به للتراجع عنه هنا.',
  },
  undoTooLate: {
    en: 'It is too late to undo this change (at most {s} seconds after it).',
    ar: 'فات وقت التراجع عن هذا التغيير (خلال {s} ثانية منه على الأكثر).',
  },
  undoRunning: {
    en: 'This bulk action is still running: undo it when it has finished.',
    ar: 'هذا الإجراء الجماعي لا يزال قيد التنفيذ: تراجع عنه بعد انتهائه.',
  },
  undoNotUndoable: {
    en: 'This kind of change cannot be undone.',
    ar: 'لا يمكن التراجع عن هذا النوع من التغييرات.',
  },
  undoAlready: { en: 'This change was already undone.', ar: 'تم التراجع عن هذا التغيير من قبل.' },
  undoChangedSince: {
    en: 'It changed again since: it was left as it is now.',
    ar: 'تغيّر مرة أخرى منذ ذلك الحين: تُرك كما هو الآن.',
  },
  undoRecordGone: { en: 'It was deleted since.', ar: 'حُذف منذ ذلك الحين.' },
} as const satisfies MessageTable;
