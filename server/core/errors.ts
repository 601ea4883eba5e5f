/**
 * Errors that become answers. Handlers throw `HttpError`s with messages by key (`smsg`); the
 * route helper looks up the message and field errors in the reader's language and writes
 * `{ status, message, errors? }` with the real HTTP status. Anything else thrown is a server fault: logged, answered with a generic 500.
 */
import { smsg } from './messages';

export type FieldErrors = Record<string, string>;

export class HttpError extends Error {
  /**
   * The handler's writes go with this refusal: the request's transaction rolls back
   * (server/http/idempotency.ts `inWriteTransaction`). Other refusals commit what was written
   * before them (a throttle's slot, a counted try). Set with `undoingWrites`.
   */
  undoesWrites = false;

  constructor(
    readonly status: number,
    message: string,
    readonly errors?: FieldErrors,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** `err`, taking the handler's writes back with it (`HttpError.undoesWrites`). */
export const undoingWrites = (err: HttpError): HttpError => {
  err.undoesWrites = true;
  return err;
};

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message = smsg('signInFirst')) => new HttpError(401, message);
export const forbidden = (message = smsg('forbidden')) => new HttpError(403, message);
export const notFound = (message = smsg('notFound')) => new HttpError(404, message);
export const conflict = (message = smsg('conflict'), errors?: FieldErrors) =>
  new HttpError(409, message, errors);
export const tooLarge = (message: string, errors?: FieldErrors) => new HttpError(413, message, errors);

/** A rate limit: at most `max` within `windowMs`. */
interface RateLimit {
  max: number;
  windowMs: number;
}

/**
 * 429 with Retry-After in whole seconds (at least 1) and the limit that was hit in the RateLimit
 * header fields of the IETF draft (draft-ietf-httpapi-ratelimit-headers-06, as most servers send
 * them): RateLimit-Limit, RateLimit-Remaining (0), RateLimit-Reset (seconds), RateLimit-Policy.
 */
export const tooManyRequests = (message: string, retryAfterMs: number, limit: RateLimit) => {
  const seconds = String(Math.max(1, Math.ceil(retryAfterMs / 1000)));
  return new HttpError(429, message, undefined, {
    'Retry-After': seconds,
    'RateLimit-Limit': String(limit.max),
    'RateLimit-Remaining': '0',
    'RateLimit-Reset': seconds,
    'RateLimit-Policy': `${limit.max};w=${Math.round(limit.windowMs / 1000)}`,
  });
};

/** A single-field validation failure: the field's message is also the answer's message. */
export const fieldError = (field: string, message: string, status = 422) =>
  new HttpError(status, message, { [field]: message });
