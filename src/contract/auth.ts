import { z } from 'zod';
import { email, id, language, localized, otp, password, phone, version } from './common';
import { msg } from './messages';
import { plainRoutes } from './plain';
import { endpoint, ok, okMessage, publicAccess, signedIn } from './http';
import { permission, role, userStatus } from './roles';

/* ------------------------------------------------------------------ login */

export const loginBody = z.strictObject({
  email: z
    .string({ error: msg('required') })
    .trim()
    .toLowerCase()
    .min(1, msg('required'))
    .max(254),
  password: z
    .string({ error: msg('required') })
    .min(1, msg('required'))
    .max(1024),
});

/**
 * The signed-in user's key for the changes the app keeps on the device until they are sent
 * (docs/decisions/0036-each-users-outbox-sealed-on-the-device.md): `key` is an AES-256-GCM key
 * (32 bytes), `id` names the sealed copy on the device; both base64url. The same for every session of
 * the user, and given to no one else.
 */
const outboxKey = z.object({
  id: z.string(),
  key: z.string(),
});

/**
 * docs/product.md §3: token, message, name (per language; the en value is used), email, profileImage,
 * role; the language saved on the server, which the app applies after sign-in
 * (docs/decisions/0023-screens-for-staff.md); and the user's outbox key (above).
 */
export const signedInAnswer = z.object({
  status: z.number().int(),
  message: z.string(),
  token: z.string(),
  name: localized(),
  email: z.string(),
  profileImage: z.string().nullable(),
  role,
  language,
  outboxKey,
});

/**
 * The password was right, but the account signs in with a second factor (docs/security.md,
 * "Two-factor sign-in"): no token yet, a challenge the server minted for POST /api/login/2fa
 * (valid 5 minutes, one use). `enrol`: the account's role must have a second factor and it has
 * none: it enrols first (POST /api/login/2fa/enrol).
 */
const secondStepAnswer = z.object({
  status: z.number().int(),
  message: z.string(),
  twoFactor: z.literal(true),
  challenge: z.string(),
  enrol: z.boolean(),
});

/** A sign-in's answer: the session (no second factor), or the second step. */
const loginResponse = z.union([signedInAnswer, secondStepAnswer]);

/* ------------------------------------------------------------- registration */

const sendOtpBody = z.strictObject({ email });
const verifyOtpBody = z.strictObject({ email, otp });

/** docs/product.md §3: role is fixed to serviceprovider and status to "0"; the server enforces both. */
export const registerBody = z.strictObject({
  name: z
    .string({ error: msg('required') })
    .trim()
    .min(2, msg('minChars', { n: 2 }))
    .max(100, msg('maxChars', { n: 100 })),
  phone,
  email,
  password,
  otp,
  role: z.literal('serviceprovider', { error: msg('onlyProviders') }).default('serviceprovider'),
  status: z.literal('0', { error: msg('pendingOnRegistration') }).default('0'),
});

const registeredUser = z.object({
  id: z.number().int(),
  email: z.string(),
  role,
  status: userStatus,
});

/* ---------------------------------------------------------------- session */

const roleResponse = z.object({
  status: z.number().int(),
  message: z.string(),
  /** docs/product.md §7: the role string in `data`. */
  data: role,
  permissions: z.array(permission),
});

const setLanguageBody = z.strictObject({ language });

/* ---------------------------------------------------------------- profile */

const profile = z.object({
  id: z.number().int(),
  name: localized(),
  email: z.string(),
  phone: z.string().nullable(),
  role,
  status: userStatus,
  language,
  profileImage: z.string().nullable(),
  createdAt: z.string(),
  version,
});
export type Profile = z.infer<typeof profile>;

const updateProfileBody = z.strictObject({
  name: localized(100),
  phone: phone.nullable(),
  version,
});

export const changePasswordBody = z.strictObject({
  currentPassword: z
    .string({ error: msg('required') })
    .min(1, msg('required'))
    .max(1024),
  newPassword: password,
});

/* ---------------------------------------------------------------- sessions */

/**
 * One of the signed-in user's sessions (docs/security.md, "Sessions and devices"): `device` and
 * `browser` are read by the server from the user agent it recorded at sign-in (null when it names
 * none it knows), `current` marks the caller's own session.
 */
const accountSession = z.object({
  id: z.number().int(),
  device: z.string().nullable(),
  browser: z.string().nullable(),
  ip: z.string().nullable(),
  signedInAt: z.string(),
  lastSeenAt: z.string(),
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSession>;

const endedSessions = z.object({ ended: z.number().int() });

/* ---------------------------------------------------------------- endpoints */

const tag = 'Session';

export const authApi = {
  login: endpoint({
    ...plainRoutes.login,
    summary:
      'Sign in with e-mail and password; answers an opaque bearer token, or, for an account with a second factor, `{ twoFactor: true, challenge, enrol }` for POST /api/login/2fa.',
    tag,
    body: loginBody,
    response: loginResponse,
  }),
  register: endpoint({
    method: 'POST',
    path: '/api/register',
    summary:
      'Register a service provider account (status "0": waits for approval). Needs a verified e-mail OTP.',
    tag,
    access: publicAccess,
    body: registerBody,
    response: ok(registeredUser),
    successStatus: 201,
  }),
  sendEmailOtp: endpoint({
    method: 'POST',
    path: '/api/sendEmailOTP',
    summary: 'Send a 6-digit one-time code to an e-mail address (valid 10 minutes).',
    tag,
    access: publicAccess,
    body: sendOtpBody,
    response: okMessage,
  }),
  verifyEmailOtp: endpoint({
    method: 'POST',
    path: '/api/verifyEmailOTP',
    summary: 'Verify the one-time code sent to an e-mail address.',
    tag,
    access: publicAccess,
    body: verifyOtpBody,
    response: okMessage,
  }),
  role: endpoint({
    method: 'GET',
    path: '/api/master/role',
    summary: "The signed-in user's role (in data) and permission list.",
    tag,
    access: signedIn,
    response: roleResponse,
  }),
  setLanguage: endpoint({
    ...plainRoutes.setLanguage,
    summary: "Save the signed-in user's language (en or ar).",
    tag,
    body: setLanguageBody,
    response: okMessage,
  }),
  logout: endpoint({
    method: 'POST',
    path: '/api/logout',
    summary: 'Sign out: revokes the bearer token on the server.',
    tag,
    access: signedIn,
    response: okMessage,
  }),
  profile: endpoint({
    method: 'GET',
    path: '/api/profile',
    summary: "The signed-in user's profile (My Profile).",
    tag,
    access: signedIn,
    response: ok(profile),
  }),
  outboxKey: endpoint({
    method: 'GET',
    path: '/api/profile/outbox-key',
    summary:
      "The signed-in user's key for the unsent changes their app keeps on this device (the login answer carries it too).",
    tag,
    access: signedIn,
    response: ok(outboxKey),
  }),
  updateProfile: endpoint({
    method: 'PUT',
    path: '/api/profile',
    summary: 'Update name and phone. A stale version answers 409.',
    tag,
    access: signedIn,
    body: updateProfileBody,
    response: ok(profile),
    idempotent: true,
  }),
  uploadProfileImage: endpoint({
    method: 'POST',
    path: '/api/profile/image',
    summary: 'Replace the profile picture (multipart field "file": JPEG, PNG or WebP up to 5 MB).',
    tag,
    access: signedIn,
    multipart: true,
    files: ['file'],
    response: ok(profile),
  }),
  changePassword: endpoint({
    method: 'POST',
    path: '/api/profile/password',
    summary: 'Change the password (current password required). Signs out every other session.',
    tag,
    access: signedIn,
    body: changePasswordBody,
    response: okMessage,
  }),
  sessions: endpoint({
    method: 'GET',
    path: '/api/profile/sessions',
    summary:
      "The signed-in user's live sessions, newest first: device, browser, IP, signed in, last seen; `current` marks the caller's.",
    tag,
    access: signedIn,
    response: ok(z.array(accountSession)),
  }),
  endSession: endpoint({
    method: 'DELETE',
    path: '/api/profile/sessions/:id',
    summary:
      "End one of the signed-in user's sessions at once (its token stops working). Another user's or an unknown session answers 404.",
    tag,
    access: signedIn,
    params: z.strictObject({ id }),
    response: okMessage,
  }),
  endOtherSessions: endpoint({
    method: 'POST',
    path: '/api/profile/sessions/end-others',
    summary: "End every session of the signed-in user except the caller's own; answers how many ended.",
    tag,
    access: signedIn,
    response: ok(endedSessions),
  }),
} as const;
