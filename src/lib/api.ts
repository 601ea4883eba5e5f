/**
 * The API client: one `call(endpoint, options)` typed from the contract's endpoint descriptors.
 *
 * - Built on ofetch (body serialisation, answer parsing, timeout, retry, hooks); the app configures it
 *   at start (`configureApi`: the session's token and language, when calls may go out, what a 401
 *   does), so this module imports nothing of the layers above it (docs/architecture.md §9).
 * - Accept JSON, bearer token, Accept-Language = current language.
 * - Timeout 30 s (docs/architecture.md §4, a departure from the product's "none"): a call never
 *   hangs forever. A read that meets 502/504 (an instance restarting behind the proxy) is tried
 *   once more.
 * - Errors become `ApiError { status, message, fieldErrors }`; the message is the server's message,
 *   else the client error's message, else "Something went wrong" (docs/product.md §8).
 * - A 401 from any call but the login removes the token and sends the user to /login (docs/product.md §2, §4).
 */
import { t } from '@lingui/core/macro';
import type { AnyEndpoint, RequestOf, ResponseOf } from '@/contract';
import { buildPath, type RouteRef } from '@/contract/plain';
import { FetchError, ofetch } from 'ofetch';

export const API_TIMEOUT_MS = 30_000;

export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status; 0 when no answer arrived (offline, timeout, aborted). */
  readonly status: number;
  /** Messages per field (`name.en`, `phone`, ...), already in the reader's language. */
  readonly fieldErrors: Record<string, string>;
  /** True when the call was cancelled by its caller. */
  readonly aborted: boolean;

  constructor(
    status: number,
    message: string,
    fieldErrors: Record<string, string> = {},
    options: { cause?: unknown; aborted?: boolean } = {},
  ) {
    super(message, { cause: options.cause });
    this.status = status;
    this.fieldErrors = fieldErrors;
    this.aborted = options.aborted ?? false;
  }
}

export interface ApiConfig {
  /** Prefix of every path (empty: same origin). */
  baseURL: string;
  timeoutMs: number;
  /** The token and language of the moment, read when a call is made (the app plugs in its session). */
  credentials: () => { token: string | null; language: string };
  /** Resolves when calls may go out (the app holds them until its first screen is shown). */
  ready: () => Promise<void>;
  /**
   * A 401 on a signed-in call: the app removes the token and shows the sign-in screen, saying why
   * with the server's message when it sent one (docs/product.md §4).
   */
  onUnauthorized: (serverMessage: string | undefined) => void | Promise<void>;
  /**
   * Signed out (or signing out), a call that needs a session is refused here (a 401 ApiError)
   * instead of sent to meet the server's 401. The app turns it on; tests may call without a token.
   */
  requireToken: boolean;
}

const config: ApiConfig = {
  baseURL: '',
  timeoutMs: API_TIMEOUT_MS,
  credentials: () => ({ token: null, language: document.documentElement.lang || 'en' }),
  ready: () => Promise.resolve(),
  requireToken: false,
  onUnauthorized: () => {
    window.location.assign(`${import.meta.env.BASE_URL}login`);
  },
};

export const configureApi = (patch: Partial<ApiConfig>) => {
  Object.assign(config, patch);
};

/** What a call needs of an endpoint: method, path, access (no schemas). */
type CallTarget = Omit<RouteRef, 'endpoint'>;

/**
 * A call target typed as the contract's endpoint `E` without importing its schemas (docs/decisions/0010-signed-in-first-load.md): the
 * app calls through `routes` (src/contract/routes.gen.ts); the sign-in screens, whose first load is
 * smaller still, through the few `plainRoutes` they need.
 */
export const endpointRef = <E extends AnyEndpoint>(target: CallTarget): RouteRef<E> => target;

export type CallOptions<E extends AnyEndpoint> = {
  body?: RequestOf<E>['body'] | FormData;
  params?: Record<string, string | number>;
  query?: Record<string, string | number | boolean | null | undefined>;
  signal?: AbortSignal;
  /** Replays of offline writes reuse their key; fresh idempotent writes get a new one. */
  idempotencyKey?: string;
  /**
   * When an offline write was made on the device (ms since the epoch): sent as `Device-Time` so
   * the audit trail records it (docs/decisions/0017-audit-trail.md).
   */
  deviceTime?: number;
  /** Leave a 401 alone (Sign Out calls the server best effort). */
  ignoreUnauthorized?: boolean;
};

/** The fallback order of docs/product.md §8: server message, then client error message, then a generic text. */
export function resolveMessage(serverMessage: unknown, clientMessage: unknown): string {
  if (typeof serverMessage === 'string' && serverMessage.trim() !== '') return serverMessage;
  if (typeof clientMessage === 'string' && clientMessage.trim() !== '') return clientMessage;
  return t`Something went wrong`;
}

/** The message of any thrown value, with the same fallback. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof Error) return resolveMessage(undefined, error.message);
  if (typeof error === 'string') return resolveMessage(undefined, error);
  return resolveMessage(undefined, undefined);
}

/** Answers are read as `message`, falling back to the whole body when it is short plain text. */
const serverMessageOf = (data: unknown): string | undefined => {
  if (data && typeof data === 'object' && 'message' in data) {
    const { message } = data as { message: unknown };
    return typeof message === 'string' ? message : undefined;
  }
  if (typeof data === 'string' && data.length <= 300 && !/^\s*</.test(data)) return data;
  return undefined;
};

const fieldErrorsOf = (data: unknown): Record<string, string> => {
  if (!data || typeof data !== 'object' || !('errors' in data)) return {};
  const { errors } = data as { errors: unknown };
  if (!errors || typeof errors !== 'object') return {};
  return Object.fromEntries(
    Object.entries(errors).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
};

/** The client-side message of an error that has no answer (network down, timeout). */
const clientMessageOf = (error: unknown, timedOut: boolean): string | undefined => {
  if (timedOut) return t`The server did not answer in time. Please try again.`;
  if (error instanceof TypeError) return t`Cannot reach the server. Check your connection and try again.`;
  return error instanceof Error ? error.message : undefined;
};

const newIdempotencyKey = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

/** The headers of an authenticated request (for the XHR uploads and file downloads). */
export function requestHeaders(): Record<string, string> {
  const { token, language } = config.credentials();
  const headers: Record<string, string> = { 'Accept-Language': language };
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
}

/** An absolute-or-same-origin URL of a path with a query (empty values left out). */
export function apiUrl(path: string, query: Record<string, unknown> = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    search.set(key, String(value));
  }
  const qs = search.toString();
  return `${config.baseURL}${path}${qs ? `?${qs}` : ''}`;
}

/** A raw answer of a non-JSON call (file download): an ApiError unless it succeeded; 401 → /login. */
export async function errorOfResponse(response: Response): Promise<ApiError> {
  let data: unknown;
  try {
    data = await response.json();
  } catch {
    data = undefined;
  }
  if (response.status === 401) void handleUnauthorized(serverMessageOf(data));
  return new ApiError(response.status, resolveMessage(serverMessageOf(data), undefined), fieldErrorsOf(data));
}

/** The answer of an XHR (upload): an ApiError with the server's message and field errors. */
export function errorOfXhr(status: number, text: string): ApiError {
  let data: unknown = text;
  try {
    data = JSON.parse(text);
  } catch {
    // plain text answer
  }
  if (status === 401) void handleUnauthorized(serverMessageOf(data));
  if (status === 0)
    return new ApiError(0, resolveMessage(undefined, clientMessageOf(new TypeError('network'), false)));
  return new ApiError(status, resolveMessage(serverMessageOf(data), undefined), fieldErrorsOf(data));
}

export { newIdempotencyKey };

/**
 * Reads are tried once more when a proxy answers that the instance behind it is gone (502, 504); the
 * server's own 503 (database busy) is shown to the user, with a Retry.
 */
const RETRY_STATUS = [502, 504];
const RETRY_DELAY_MS = 500;

/** The caller's signal and the timeout as one signal (the caller's alone where `any` is missing). */
const withTimeout = (signal: AbortSignal | undefined, ms: number): AbortSignal | undefined => {
  if (!signal) return undefined;
  return typeof AbortSignal.any === 'function' ? AbortSignal.any([signal, AbortSignal.timeout(ms)]) : signal;
};

/** Calls one endpoint of the contract. */
export async function call<E extends AnyEndpoint>(
  endpoint: E | RouteRef<E>,
  options: CallOptions<E> = {},
): Promise<ResponseOf<E>> {
  // The session is read now: a call made just before Sign Out still carries the token it revokes.
  const headers: Record<string, string> = { Accept: 'application/json', ...requestHeaders() };
  if (config.requireToken && endpoint.access.kind !== 'public' && !headers.Authorization)
    throw new ApiError(401, t`Please sign in.`);
  if (endpoint.idempotent)
    Object.assign(headers, { 'Idempotency-Key': options.idempotencyKey ?? newIdempotencyKey() });
  if (options.deviceTime !== undefined)
    Object.assign(headers, { 'Device-Time': new Date(options.deviceTime).toISOString() });
  const query = Object.fromEntries(
    Object.entries(options.query ?? {}).filter(([, value]) => value !== undefined && value !== null),
  );
  try {
    return (await ofetch(buildPath(endpoint.path, options.params), {
      baseURL: config.baseURL || undefined,
      method: endpoint.method,
      headers,
      query,
      // JSON bodies go as JSON; form data (uploads) as multipart, its boundary set by the browser.
      body: endpoint.method === 'GET' ? undefined : (options.body as Record<string, unknown> | FormData),
      // ofetch's own timeout applies when the caller brings no signal; else the two are combined.
      timeout: options.signal ? undefined : config.timeoutMs,
      signal: withTimeout(options.signal, config.timeoutMs),
      retry: endpoint.method === 'GET' ? 1 : 0,
      retryStatusCodes: RETRY_STATUS,
      retryDelay: RETRY_DELAY_MS,
      // The first screen paints before the app talks to the server (app/first-screen.ts).
      onRequest: () => config.ready(),
      onResponseError: ({ response }) => {
        if (response.status === 401 && !options.ignoreUnauthorized && endpoint.access.kind !== 'public')
          void handleUnauthorized(serverMessageOf(response._data));
      },
    })) as ResponseOf<E>;
  } catch (error) {
    throw toApiError(options, error);
  }
}

const isTimeout = (error: unknown) => error instanceof Error && error.name === 'TimeoutError';

function toApiError(options: CallOptions<AnyEndpoint>, error: unknown): ApiError {
  if (error instanceof FetchError && error.response) {
    const { data } = error;
    return new ApiError(
      error.response.status,
      resolveMessage(serverMessageOf(data), undefined),
      fieldErrorsOf(data),
      {
        cause: error,
      },
    );
  }
  const cause = error instanceof FetchError ? (error.cause ?? error) : error;
  const timedOut = isTimeout(cause);
  const aborted = !timedOut && Boolean(options.signal?.aborted);
  return new ApiError(0, resolveMessage(undefined, clientMessageOf(cause, timedOut)), {}, { cause, aborted });
}

let redirecting = false;

/** A 401: the app removes the stored token and sends the user to /login, with the server's reason. */
async function handleUnauthorized(serverMessage: string | undefined) {
  if (redirecting) return;
  redirecting = true;
  try {
    await config.onUnauthorized(serverMessage);
  } finally {
    redirecting = false;
  }
}
