/** Every answer an endpoint can give, as the OpenAPI document (server/http/openapi.ts) lists it. */
import type { AnyEndpoint } from '../../src/contract/http';
import { toSchema, type JsonSchema } from './openapi-schema';

const errorResponse = (description: string, headers?: Record<string, unknown>) => ({
  description,
  ...(headers ? { headers } : {}),
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

const header = (ref: string) => ({ $ref: `#/components/headers/${ref}` });

/**
 * Endpoints under a rate limit (docs/security.md): sign-in and password change (per e-mail and IP),
 * OTP sends and checks, registration, forgotten password's codes and resets (per IP and per
 * address), second-factor codes (per account), invitation links (per IP,
 * docs/decisions/0063-invitations.md). Over it: 429 with Retry-After.
 */
const RATE_LIMITED = new Set([
  'login',
  'sendEmailOtp',
  'verifyEmailOtp',
  'register',
  'changePassword',
  'loginTwoFactor',
  'twoFactorConfirm',
  'twoFactorDisable',
  'twoFactorRecoveryCodes',
  'passwordForgot',
  'passwordReset',
  'invitationLookup',
  'invitationAccept',
]);

/** The second step of a sign-in and its enrolment name their sign-in by a challenge (docs/security.md, "Two-factor sign-in"). */
const CHALLENGED = new Set(['loginTwoFactor', 'loginTwoFactorEnrol']);

/** The headers of a 429 (server/core/errors.ts `tooManyRequests`). */
const RATE_LIMIT_HEADERS = {
  'Retry-After': header('RetryAfter'),
  'RateLimit-Limit': header('RateLimitLimit'),
  'RateLimit-Remaining': header('RateLimitRemaining'),
  'RateLimit-Reset': header('RateLimitReset'),
  'RateLimit-Policy': header('RateLimitPolicy'),
};

/** The sign-in's own refusals: a wrong password, an ended challenge, an account blocked meanwhile. */
const signInErrors = (name: string): Record<string, unknown> => {
  if (name === 'login')
    return { 401: errorResponse('Wrong e-mail or password, or an account that may not sign in') };
  if (!CHALLENGED.has(name)) return {};
  return {
    401: errorResponse('The challenge is unknown, expired, used or out of tries: sign in again'),
    ...(name === 'loginTwoFactor'
      ? { 403: errorResponse('The account may no longer sign in (blocked since its password)') }
      : {}),
  };
};

/** Has the endpoint an `id` (path, query or body): an unknown or unreachable one answers 404. */
const namesRecord = (e: AnyEndpoint) =>
  [e.params, e.query, e.body].some((s) => {
    if (!s) return false;
    const json = toSchema(s, 'input');
    const props = [json, ...((json.anyOf ?? json.oneOf ?? []) as JsonSchema[])].flatMap((x) =>
      Object.keys(x.properties ?? {}),
    );
    return props.some((k) => k === 'id' || k === 'ids' || k.endsWith('Id'));
  });

/** Every answer an endpoint can give (route.ts, errors.ts): success, then errors by status. */
export const responsesOf = (name: string, e: AnyEndpoint) => {
  const session = e.access.kind === 'session';
  const refuses =
    e.access.kind === 'session' && Boolean(e.access.permission || e.access.roles || e.access.permissionBy);
  const hasBody = e.method !== 'GET' && e.method !== 'DELETE';
  const success = String(e.successStatus ?? 200);
  const produces = typeof e.produces === 'string' ? [e.produces] : (e.produces ?? []);
  const file = (mediaType: string) =>
    mediaType === 'text/csv'
      ? { schema: { type: 'string' } }
      : { schema: { type: 'string', contentMediaType: mediaType } };
  const ok = produces.includes('text/event-stream')
    ? {
        description: 'A Server-Sent Events stream (docs/decisions/0019-live-updates-and-many-processes.md)',
        content: { 'text/event-stream': { schema: { type: 'string' } } },
      }
    : produces.length
      ? {
          description: produces.includes('text/csv') ? 'A CSV file (UTF-8)' : 'The file, as an attachment',
          headers: { 'Content-Disposition': header('ContentDisposition') },
          content: Object.fromEntries(produces.map((m) => [m, file(m)])),
        }
      : {
          description: 'Success',
          content: { 'application/json': { schema: toSchema(e.response, 'output') } },
        };
  const responses: Record<string, unknown> = { [success]: ok };
  if (e.mayCreate) responses['201'] = { ...ok, description: 'Created (no id was sent)' };
  // A stored file (ADR 0018): ETag and byte ranges.
  if (produces.length && !produces.includes('text/csv')) {
    responses['206'] = { ...ok, description: 'The byte range asked for in `Range`' };
    responses['304'] = { description: 'Not modified: `If-None-Match` names the file’s ETag' };
    responses['416'] = { description: 'The `Range` starts beyond the end of the file' };
  }
  if (hasBody) responses['400'] = errorResponse('Malformed body');
  if (session) responses['401'] = errorResponse('Not signed in, or the session expired');
  Object.assign(responses, signInErrors(name));
  if (refuses) responses['403'] = errorResponse('The role or permission does not allow it');
  // Saved views (docs/decisions/0022-saved-views.md): of a list the caller may not open (a door account's).
  if (name === 'viewsList' || name === 'viewsCreate')
    responses['403'] = errorResponse('A list the caller may not open, or sharing by a non-admin');
  if (namesRecord(e) || (e.access.kind === 'session' && e.access.owner))
    responses['404'] = errorResponse('No such record, or not one the caller may reach');
  // Undo names a write by its request id (docs/decisions/0025-undo.md).
  if (name === 'undo') responses['404'] = errorResponse('No write of the caller has this request id');
  if (e.idempotent || hasBody)
    responses['409'] = errorResponse(
      'Conflict: a stale version, a record still referenced, a duplicate, or the same Idempotency-Key in progress',
      { 'Retry-After': header('RetryAfterOptional') },
    );
  if (hasBody) responses['413'] = errorResponse('Body, or a file in it, too large');
  responses['422'] = errorResponse('Invalid input (errors per field; unknown fields and parameters too)');
  if (RATE_LIMITED.has(name))
    responses['429'] = errorResponse('Too many attempts: wait as Retry-After says', RATE_LIMIT_HEADERS);
  // A user's bulk jobs running at once (docs/decisions/0037-bulk-jobs-bounded-paced-and-purged.md).
  if (e.method === 'POST' && e.path.endsWith('/bulk'))
    responses['429'] = errorResponse(
      'Too many of your bulk jobs are running: retry after Retry-After',
      RATE_LIMIT_HEADERS,
    );
  if (produces.includes('text/event-stream')) {
    responses['406'] = errorResponse('The request does not accept text/event-stream');
    responses['429'] = errorResponse(
      'Too many open streams for this user: close one, or retry after Retry-After',
      {
        'Retry-After': header('RetryAfter'),
        'RateLimit-Limit': header('RateLimitLimit'),
        'RateLimit-Remaining': header('RateLimitRemaining'),
        'RateLimit-Reset': header('RateLimitReset'),
        'RateLimit-Policy': header('RateLimitPolicy'),
      },
    );
  }
  responses['500'] = errorResponse('Server fault (logged; no detail is given)');
  responses['503'] = errorResponse('The database cannot be reached: retry after Retry-After', {
    'Retry-After': header('RetryAfter'),
  });
  return responses;
};
