/**
 * The server's own wire messages (English and Arabic). Handlers name a message by its key (`smsg`)
 * and the route helper looks it up in the reader's language with `localizeMessage` from the
 * contract (docs/decisions/0051-messages-by-key.md), so every entry here is registered with
 * `registerMessages` when this module loads.
 */
import { BOOKING_STATUS_LABEL, PAYMENT_STATUS_LABEL } from '../../src/contract/areas/booking';
import { messageOf, registerMessages, registerTerms } from '../../src/contract/messages';

export const SERVER_MESSAGES = {
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
    ar: 'يجب أن يتكون ترويسة Idempotency-Key من 8 إلى 200 حرف أو رقم أو "-" أو "_".',
  },
  idempotencyKeyReused: {
    en: 'This Idempotency-Key was already used for a different request.',
    ar: 'استُخدم مفتاح Idempotency-Key هذا من قبل لطلب مختلف.',
  },
  idempotencyInProgress: {
    en: 'The same request is still being processed. Try again in a moment.',
    ar: 'لا يزال الطلب نفسه قيد المعالجة. حاول مرة أخرى بعد لحظة.',
  },
  // sign-in
  signedIn: { en: 'Signed in successfully.', ar: 'تم تسجيل الدخول بنجاح.' },
  badCredentials: { en: 'Invalid email or password.', ar: 'البريد الإلكتروني أو كلمة المرور غير صحيحة.' },
  tooManyLogins: {
    en: 'Too many failed sign-in attempts. Try again in {minutes} minutes.',
    ar: 'محاولات تسجيل دخول فاشلة كثيرة. حاول مرة أخرى بعد {minutes} دقيقة.',
  },
  accountPending: {
    en: 'Your account is waiting for approval by an administrator.',
    ar: 'حسابك بانتظار موافقة المسؤول.',
  },
  accountRejected: {
    en: 'Your registration was not approved. Please contact an administrator.',
    ar: 'لم تتم الموافقة على تسجيلك. يرجى التواصل مع المسؤول.',
  },
  pushServiceNotAllowed: {
    en: 'This push address is not one of the push services browsers use.',
    ar: 'عنوان الإشعارات هذا ليس من خدمات الإشعارات التي تستخدمها المتصفحات.',
  },
  providerInactive: {
    en: 'The service provider you supervise for is not active, so its supervisors cannot sign in. Please contact an administrator.',
    ar: 'مقدّم الخدمة الذي تشرف لديه غير نشط، لذلك لا يمكن لمشرفيه تسجيل الدخول. يرجى التواصل مع المسؤول.',
  },
  accountBlocked: {
    en: 'Your account has been blocked. Please contact an administrator.',
    ar: 'تم حظر حسابك. يرجى التواصل مع المسؤول.',
  },
  signedOut: { en: 'Signed out.', ar: 'تم تسجيل الخروج.' },
  roleLoaded: { en: 'Role and permissions loaded.', ar: 'تم تحميل الدور والصلاحيات.' },
  languageSaved: { en: 'Language saved.', ar: 'تم حفظ اللغة.' },
  // staff digests (docs/decisions/0072-staff-digests.md)
  digestOn: {
    en: 'Your morning digest is on: it comes at 07:00 on the clock you chose.',
    ar: 'تم تفعيل ملخص الصباح: يصلك في الساعة ٠٧:٠٠ حسب التوقيت الذي اخترته.',
  },
  digestOff: { en: 'Your morning digest is off.', ar: 'تم إيقاف ملخص الصباح.' },
  // OTP and registration
  otpSent: {
    en: 'A 6-digit code was sent to {email}. It is valid for 10 minutes.',
    ar: 'تم إرسال رمز من 6 أرقام إلى {email}. الرمز صالح لمدة 10 دقائق.',
  },
  otpWait: {
    en: 'Please wait {seconds} seconds before asking for another code.',
    ar: 'يرجى الانتظار {seconds} ثانية قبل طلب رمز آخر.',
  },
  otpHourly: {
    en: 'Too many codes were sent to this address. Try again in {minutes} minutes.',
    ar: 'تم إرسال رموز كثيرة إلى هذا العنوان. حاول مرة أخرى بعد {minutes} دقيقة.',
  },
  emailTaken: {
    en: 'An account with this email already exists.',
    ar: 'يوجد حساب مسجل بهذا البريد الإلكتروني بالفعل.',
  },
  mailFailed: {
    en: 'The email could not be sent. Please try again later.',
    ar: 'تعذر إرسال البريد الإلكتروني. يرجى المحاولة لاحقًا.',
  },
  otpVerified: { en: 'Your email is verified.', ar: 'تم التحقق من بريدك الإلكتروني.' },
  otpWrong: {
    en: 'The code is not correct. {n} tries left.',
    ar: 'الرمز غير صحيح. المحاولات المتبقية: {n}.',
  },
  otpVoided: {
    en: 'Too many wrong codes. Please ask for a new code.',
    ar: 'تم إدخال رموز خاطئة كثيرة. يرجى طلب رمز جديد.',
  },
  otpMissing: {
    en: 'This code has expired or was not requested. Please ask for a new code.',
    ar: 'انتهت صلاحية هذا الرمز أو لم يتم طلبه. يرجى طلب رمز جديد.',
  },
  registered: {
    en: 'Registration complete. Your account is waiting for approval by an administrator.',
    ar: 'اكتمل التسجيل. حسابك بانتظار موافقة المسؤول.',
  },
  // forgotten password (docs/decisions/0062-forgotten-password.md)
  resetCodeSent: {
    en: 'If {email} belongs to an account, a 6-digit code and a link are on their way to it. They are valid for 30 minutes.',
    ar: 'إذا كان {email} لحساب لدينا، فقد أُرسل إليه رمز من 6 أرقام ورابط. وهما صالحان لمدة 30 دقيقة.',
  },
  resetCodeInvalid: {
    en: 'This code is not valid: it has expired, was used, or was never sent. Please ask for a new code.',
    ar: 'هذا الرمز غير صالح: انتهت صلاحيته أو استُخدم أو لم يُرسل قط. يرجى طلب رمز جديد.',
  },
  resetTooManyTries: {
    en: 'Too many codes were tried for this address. Try again in {minutes} minutes.',
    ar: 'جُرّبت رموز كثيرة لهذا العنوان. حاول مرة أخرى بعد {minutes} دقيقة.',
  },
  passwordWasReset: {
    en: 'Your password was changed and every session of your account was signed out. Sign in with the new password.',
    ar: 'تم تغيير كلمة المرور وتسجيل الخروج من كل جلسات حسابك. سجّل الدخول بكلمة المرور الجديدة.',
  },
  // profile
  profileLoaded: { en: 'Profile loaded.', ar: 'تم تحميل الملف الشخصي.' },
  outboxKeyLoaded: { en: 'Outbox key loaded.', ar: 'تم تحميل مفتاح صندوق الصادر.' },
  profileSaved: { en: 'Profile saved.', ar: 'تم حفظ الملف الشخصي.' },
  imageSaved: { en: 'Profile picture saved.', ar: 'تم حفظ صورة الملف الشخصي.' },
  fileRequired: { en: 'Choose a file to upload.', ar: 'اختر ملفًا لرفعه.' },
  imageType: {
    en: 'The picture must be a JPEG, PNG or WebP image.',
    ar: 'يجب أن تكون الصورة بصيغة JPEG أو PNG أو WebP.',
  },
  imageTooBig: { en: 'The picture must be at most 5 MB.', ar: 'يجب ألا يزيد حجم الصورة عن 5 ميغابايت.' },
  passwordWrong: { en: 'The current password is not correct.', ar: 'كلمة المرور الحالية غير صحيحة.' },
  passwordSame: {
    en: 'The new password must differ from the current one.',
    ar: 'يجب أن تختلف كلمة المرور الجديدة عن الحالية.',
  },
  passwordChanged: {
    en: 'Password changed. Your other sessions were signed out.',
    ar: 'تم تغيير كلمة المرور. تم تسجيل الخروج من جلساتك الأخرى.',
  },
  sessionsLoaded: { en: 'Sessions loaded.', ar: 'تم تحميل الجلسات.' },
  sessionEnded: { en: 'That session was signed out.', ar: 'تم تسجيل الخروج من تلك الجلسة.' },
  otherSessionsEnded: {
    en: 'Your other sessions were signed out.',
    ar: 'تم تسجيل الخروج من جلساتك الأخرى.',
  },
  // two-factor sign-in (docs/security.md, "Two-factor sign-in")
  secondStep: {
    en: 'Enter the code of your authenticator app to finish signing in.',
    ar: 'أدخل الرمز من تطبيق المصادقة لإكمال تسجيل الدخول.',
  },
  enrolFirst: {
    en: 'Your role signs in with a second factor: set it up to go on.',
    ar: 'يسجّل دورك الدخول بعامل تحقق ثانٍ: اضبطه للمتابعة.',
  },
  challengeEnded: {
    en: 'This sign-in has expired or was already used. Sign in again with your password.',
    ar: 'انتهت صلاحية عملية تسجيل الدخول هذه أو استُخدمت من قبل. سجّل الدخول مجددًا بكلمة المرور.',
  },
  codeWrong: {
    en: 'That code is not right. Check it and try again.',
    ar: 'هذا الرمز غير صحيح. تحقّق منه وحاول مرة أخرى.',
  },
  tooManyCodes: {
    en: 'Too many wrong codes. Try again in {minutes} minutes.',
    ar: 'رموز خاطئة كثيرة. حاول مرة أخرى بعد {minutes} دقيقة.',
  },
  enrolmentStarted: {
    en: 'Scan the QR code with your authenticator app, then enter the code it shows.',
    ar: 'امسح رمز QR بتطبيق المصادقة، ثم أدخل الرمز الذي يعرضه.',
  },
  twoFactorLoaded: { en: 'Two-factor sign-in loaded.', ar: 'تم تحميل التحقق بخطوتين.' },
  twoFactorOn: {
    en: 'Two-factor sign-in is on. Keep your recovery codes somewhere safe.',
    ar: 'تم تفعيل التحقق بخطوتين. احفظ رموز الاسترداد في مكان آمن.',
  },
  twoFactorAlreadyOn: { en: 'Two-factor sign-in is already on.', ar: 'التحقق بخطوتين مفعّل بالفعل.' },
  twoFactorNotStarted: {
    en: 'Start turning on two-factor sign-in first.',
    ar: 'ابدأ تفعيل التحقق بخطوتين أولًا.',
  },
  twoFactorOff: { en: 'Two-factor sign-in is off.', ar: 'تم إيقاف التحقق بخطوتين.' },
  twoFactorIsOff: { en: 'Two-factor sign-in is not on.', ar: 'التحقق بخطوتين غير مفعّل.' },
  twoFactorRequired: {
    en: 'Your role must sign in with a second factor: it cannot be turned off.',
    ar: 'يجب أن يسجّل دورك الدخول بعامل تحقق ثانٍ: لا يمكن إيقافه.',
  },
  recoveryCodesRenewed: {
    en: 'New recovery codes were made: the old ones no longer work.',
    ar: 'تم إنشاء رموز استرداد جديدة: لم تعد الرموز القديمة صالحة.',
  },
  twoFactorReset: {
    en: 'The second factor of this account was removed and its owner was told by e-mail.',
    ar: 'تمت إزالة عامل التحقق الثاني لهذا الحساب وأُبلغ صاحبه بالبريد الإلكتروني.',
  },
  ownTwoFactorReset: {
    en: 'Turn your own two-factor sign-in off in My Profile.',
    ar: 'أوقف التحقق بخطوتين الخاص بك من ملفك الشخصي.',
  },
  noSecondFactor: { en: 'This account has no second factor.', ar: 'ليس لهذا الحساب عامل تحقق ثانٍ.' },
  // passkeys (docs/security.md, "Account lifecycle")
  passkeysLoaded: { en: 'Passkeys loaded.', ar: 'تم تحميل مفاتيح المرور.' },
  passkeyOptions: {
    en: 'Confirm with your device to continue.',
    ar: 'أكّد باستخدام جهازك للمتابعة.',
  },
  passkeyAdded: { en: 'Passkey added.', ar: 'تمت إضافة مفتاح المرور.' },
  passkeyRenamed: { en: 'Passkey renamed.', ar: 'تمت إعادة تسمية مفتاح المرور.' },
  passkeyRemoved: { en: 'Passkey removed.', ar: 'تمت إزالة مفتاح المرور.' },
  passkeyChallengeGone: {
    en: 'This passkey request has expired or was already used. Try again.',
    ar: 'انتهت صلاحية طلب مفتاح المرور هذا أو سبق استخدامه. حاول مرة أخرى.',
  },
  passkeyNotVerified: {
    en: 'The passkey could not be verified. Try again.',
    ar: 'تعذّر التحقق من مفتاح المرور. حاول مرة أخرى.',
  },
  passkeyUnknown: {
    en: 'This passkey is not registered here (it may have been removed). Sign in with your password.',
    ar: 'مفتاح المرور هذا غير مسجّل هنا (ربما أُزيل). سجّل الدخول بكلمة المرور.',
  },
  passkeyTaken: {
    en: 'This passkey is already registered.',
    ar: 'مفتاح المرور هذا مسجّل بالفعل.',
  },
  passkeysFull: {
    en: 'An account may have at most {n} passkeys: remove one first.',
    ar: 'يمكن أن يكون للحساب {n} مفتاح مرور على الأكثر: أزل واحدًا أولًا.',
  },
  // messages to guests (docs/decisions/0071-messages-reminders-and-unsubscribe.md)
  messageQueued: { en: 'The message is on its way to {n} guests.', ar: 'الرسالة في طريقها إلى {n} ضيف.' },
  messageScheduled: { en: 'The message is scheduled.', ar: 'جُدولت الرسالة.' },
  mailsRetried: { en: '{n} failed mails will be sent again.', ar: 'ستُرسل {n} رسالة فاشلة مرة أخرى.' },
  reminderSaved: { en: 'Reminder saved.', ar: 'حُفظ التذكير.' },
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
    ar: 'يجب ألا يزيد حجم المستند عن 10 ميغابايت.',
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
  // static app
  appNotBuilt: {
    en: 'The app is not built yet. Run `npm run build` (or `npm start`), then reload this page.',
    ar: 'لم يتم بناء التطبيق بعد. شغّل `npm run build` (أو `npm start`) ثم أعد تحميل هذه الصفحة.',
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
  // invitations (docs/decisions/0063-invitations.md)
  invitationMailed: {
    en: 'Saved. An invitation to set a password was mailed to {email}.',
    ar: 'تم الحفظ. أُرسلت إلى {email} دعوة لتعيين كلمة المرور.',
  },
  invitationNotMailed: {
    en: 'Saved, but the invitation could not be mailed to {email}. Send it again from the list once mail works.',
    ar: 'تم الحفظ، لكن تعذّر إرسال الدعوة إلى {email}. أرسلها مرة أخرى من القائمة عندما يعمل البريد.',
  },
  invitationResent: {
    en: 'A new invitation was mailed to {email}; the former link no longer works.',
    ar: 'أُرسلت دعوة جديدة إلى {email}، ولم يعد الرابط السابق يعمل.',
  },
  invitationResentNotMailed: {
    en: 'A new invitation link was made, but it could not be mailed to {email}; the former link no longer works. Try again later.',
    ar: 'أُنشئ رابط دعوة جديد، لكن تعذّر إرساله إلى {email}، ولم يعد الرابط السابق يعمل. حاول مرة أخرى لاحقًا.',
  },
  invitationRevoked: {
    en: 'The invitation was revoked: its link no longer works. The account stays without a password until you invite it again.',
    ar: 'أُلغيت الدعوة ولم يعد رابطها يعمل. يبقى الحساب بلا كلمة مرور حتى تدعوه مرة أخرى.',
  },
  invitationNotNeeded: {
    en: 'This account already has a password: there is no invitation to send.',
    ar: 'لهذا الحساب كلمة مرور بالفعل: لا توجد دعوة لإرسالها.',
  },
  invitationNonePending: {
    en: 'This account has no pending invitation.',
    ar: 'لا توجد دعوة معلّقة لهذا الحساب.',
  },
  invitationUnknown: {
    en: 'This invitation link is not valid: it may have been replaced by a newer invitation or copied incompletely. Ask whoever invited you for a new invitation.',
    ar: 'رابط الدعوة هذا غير صالح: ربما استُبدل بدعوة أحدث أو نُسخ ناقصًا. اطلب دعوة جديدة ممن دعاك.',
  },
  invitationWithdrawn: {
    en: 'This invitation was withdrawn. Ask whoever invited you for a new invitation.',
    ar: 'سُحبت هذه الدعوة. اطلب دعوة جديدة ممن دعاك.',
  },
  invitationUsed: {
    en: 'This invitation was already used to set a password. Sign in with that password; if it was not you, ask whoever invited you for a new invitation.',
    ar: 'استُخدمت هذه الدعوة بالفعل لتعيين كلمة مرور. سجّل الدخول بكلمة المرور تلك، وإن لم تكن أنت من عيّنها فاطلب دعوة جديدة ممن دعاك.',
  },
  invitationExpired: {
    en: 'This invitation expired on {date}. Ask whoever invited you for a new invitation.',
    ar: 'انتهت صلاحية هذه الدعوة في {date}. اطلب دعوة جديدة ممن دعاك.',
  },
  invitationFound: { en: 'Invitation found.', ar: 'تم العثور على الدعوة.' },
  invitationAccepted: {
    en: 'Your password is set. Sign in with your email and this password.',
    ar: 'تم تعيين كلمة المرور. سجّل الدخول ببريدك الإلكتروني وكلمة المرور هذه.',
  },
} as const satisfies Record<string, { en: string; ar: string }>;

export type ServerMessageKey = keyof typeof SERVER_MESSAGES;

registerMessages(SERVER_MESSAGES);
// The labels a booking move's refusal names (bookingMoveRefused, paymentMoveRefused), said in Arabic in Arabic.
registerTerms([...Object.values(BOOKING_STATUS_LABEL), ...Object.values(PAYMENT_STATUS_LABEL)]);

/** A server message by its key, with its parameters; the route helper looks it up in the reader's language. */
export const smsg = (key: ServerMessageKey, params: Record<string, string | number> = {}): string =>
  messageOf(key, params);
