/**
 * Password hashing with node:crypto scrypt (docs/architecture.md §4): a random 16-byte salt per password, the
 * cost parameters stored with the hash so they can be raised later, constant-time comparison.
 * Format: `scrypt$<N>$<r>$<p>$<salt b64url>$<hash b64url>`.
 */
import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const scrypt = (password: string, salt: Buffer, keylen: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scryptCb(password.normalize('NFKC'), salt, keylen, options, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );

const N = 16384;
const R = 8;
const P = 1;
const KEYLEN = 32;
const MAXMEM = 64 * 1024 * 1024;

export const hashPassword = async (password: string): Promise<string> => {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, KEYLEN, { N, r: R, p: P, maxmem: MAXMEM });
  return ['scrypt', N, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
};

/**
 * Whether `password` is the one `stored` hashes. An account with no password yet (invited, its
 * invitee has not set one) matches nothing, after as long as a real check takes.
 */
export const verifyPassword = async (password: string, stored: string | null): Promise<boolean> => {
  if (stored === null) return (await burnPasswordCheck(password), false);
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, n, r, p, saltText, hashText] = parts as [string, string, string, string, string, string];
  const expected = Buffer.from(hashText, 'base64url');
  if (expected.length === 0) return false;
  const key = await scrypt(password, Buffer.from(saltText, 'base64url'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: MAXMEM,
  });
  return timingSafeEqual(key, expected);
};

/** A fixed hash to check unknown e-mails against, so they take as long as known ones. */
let dummy: Promise<string> | null = null;
export const burnPasswordCheck = async (password: string) => {
  dummy ??= hashPassword('not-a-real-password-' + randomBytes(8).toString('hex'));
  await verifyPassword(password, await dummy);
};
