/**
 * Errors that become answers. Handlers throw `HttpError`s with English texts; the route helper
 * localises the message and field errors and writes `{ status, message, errors? }` with the real
 * HTTP status. Anything else thrown is a server fault: logged, answered with a generic 500.
 */
import { smsg } from '../messages';

export type FieldErrors = Record<string, string>;

export class HttpError extends Error {
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

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message = smsg('signInFirst')) => new HttpError(401, message);
export const forbidden = (message = smsg('forbidden')) => new HttpError(403, message);
export const notFound = (message = smsg('notFound')) => new HttpError(404, message);
export const conflict = (message = smsg('conflict'), errors?: FieldErrors) =>
  new HttpError(409, message, errors);
export const tooLarge = (message: string, errors?: FieldErrors) => new HttpError(413, message, errors);

/** 429 with Retry-After in whole seconds (at least 1). */
export const tooManyRequests = (message: string, retryAfterMs: number) =>
  new HttpError(429, message, undefined, {
    'Retry-After': String(Math.max(1, Math.ceil(retryAfterMs / 1000))),
  });

/** A single-field validation failure: the field's message is also the answer's message. */
export const fieldError = (field: string, message: string, status = 422) =>
  new HttpError(status, message, { [field]: message });
