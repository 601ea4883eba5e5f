import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** An opaque bearer token: 256 random bits, base64url (43 characters). */
export const newToken = () => randomBytes(32).toString('base64url');

/** What the database keeps of a token: its SHA-256, hex. */
export const hashToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/** A uniformly random 6-digit code, leading zeros kept. */
export const newOtpCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

/** Salted SHA-256 of an OTP code: `<salt>$<hash>`. */
export const hashOtp = (email: string, code: string, salt = randomBytes(16).toString('base64url')) =>
  `${salt}$${createHash('sha256').update(`${salt}:${email}:${code}`, 'utf8').digest('base64url')}`;

export const otpMatches = (email: string, code: string, stored: string) => {
  const salt = stored.split('$')[0] ?? '';
  const a = Buffer.from(hashOtp(email, code, salt));
  const b = Buffer.from(stored);
  return a.length === b.length && timingSafeEqual(a, b);
};
