/**
 * The database being unreachable is not a server bug: the API answers 503 with a clear, localised
 * message and Retry-After, and serves again by itself once the database is back (the pool opens
 * new connections on the next request).
 */
import { messageOf, registerMessages } from '../../src/contract/messages';

export const DB_FAULT_MESSAGES = {
  dbUnavailable: {
    en: 'The service is temporarily unavailable (the database cannot be reached). Please try again in a moment.',
    ar: 'الخدمة غير متاحة مؤقتًا (تعذر الوصول إلى قاعدة البيانات). يرجى المحاولة مرة أخرى بعد لحظات.',
  },
  diskFull: {
    en: 'The server has run out of storage space, so nothing was saved. Please try again later; an administrator has to free space.',
    ar: 'نفدت مساحة التخزين على الخادم، لذلك لم يُحفظ شيء. يرجى المحاولة لاحقًا؛ يجب على المسؤول توفير مساحة.',
  },
};
registerMessages(DB_FAULT_MESSAGES);
export const dbFaultMessage = (key: keyof typeof DB_FAULT_MESSAGES) => messageOf(key);

/**
 * Is `err` (or an error it wraps) a full disk: the file system (ENOSPC, EDQUOT) or PostgreSQL
 * (53100 disk_full)? Answered 507 with a message instead of a generic 500 (docs/security.md).
 */
export const isDiskFull = (err: unknown): boolean => {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 6; depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (code === 'ENOSPC' || code === 'EDQUOT' || code === '53100') return true;
    if (typeof message === 'string' && /No space left on device|could not extend file/i.test(message))
      return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
};

/** Seconds a client should wait before trying again. */
export const DB_RETRY_AFTER_S = 5;

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** PostgreSQL: connection exceptions (08…), shutdown and start-up (57P01–57P03), too many clients. */
const PG_CODES = /^(08\d{3}|57P0[1-3]|53300)$/;
const MESSAGES =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended unexpectedly|server closed the connection unexpectedly|the database system is (starting up|shutting down)/i;

/** Is `err` (or an error it wraps) the database being unreachable? */
export const isDbUnavailable = (err: unknown): boolean => {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 6; depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || PG_CODES.test(code))) return true;
    if (typeof message === 'string' && MESSAGES.test(message)) return true;
    if (e instanceof AggregateError && e.errors.some(isDbUnavailable)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
};
