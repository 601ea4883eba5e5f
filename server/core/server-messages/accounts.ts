/** Messages of accounts: sign-in, registration, passwords, the profile, two factors, passkeys, invitations and staff digests (server/core/messages.ts). */
import type { MessageTable } from './table';

export const ACCOUNT_MESSAGES = {
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
    ar: 'تم إرسال رمز من ٦ أرقام إلى {email}. الرمز صالح لمدة ١٠ دقائق.',
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
    ar: 'إذا كان {email} لحساب لدينا، فقد أُرسل إليه رمز من ٦ أرقام ورابط. وهما صالحان لمدة ٣٠ دقيقة.',
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
  imageTooBig: { en: 'The picture must be at most 5 MB.', ar: 'يجب ألا يزيد حجم الصورة عن ٥ ميغابايت.' },
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
} as const satisfies MessageTable;
