/**
 * The API client: one `call(endpoint, options)` typed from the contract's endpoint descriptors.
 *
 * - Accept JSON, bearer token from the stored loginToken, Accept-Language = current language.
 * - Timeout 30 s (DESIGN.md §4 deviation from SPEC's "none"): a call never hangs forever.
 * - Errors become `ApiError { status, message, fieldErrors }`; the message is the server's message,
 *   else the client error's message, else "Something went wrong" (SPEC §8).
 * - A 401 from any call but the login removes the token and sends the user to /login (SPEC §2, §4).
 */
import { t } from '@lingui/core/macro';
import type { AnyEndpoint, RequestOf, ResponseOf } from '@/contract';
import { buildPath, type RouteRef } from '@/contract/plain';
import { afterFirstScreen } from '@/app/first-screen';
import { getSession, removeToken } from '@/app/session';

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
  /** Where a 401 sends the user (the router is plugged in at start-up). */
  onUnauthorized: () => void;
}

const config: ApiConfig = {
  baseURL: '',
  timeoutMs: API_TIMEOUT_MS,
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
 * A call target typed as the contract's endpoint `E` without importing its schemas (issue 8): the
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
  /** Leave a 401 alone (Sign Out calls the server best effort). */
  ignoreUnauthorized?: boolean;
};

/** The fallback order of SPEC §8: server message, then client error message, then a generic text. */
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

class TimeoutError extends Error {
  override readonly name = 'TimeoutError';
}

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
  const session = getSession();
  const headers: Record<string, string> = { 'Accept-Language': session.language };
  if (session.loginToken) headers.Authorization = `Bearer ${session.loginToken}`;
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
  if (response.status === 401) void handleUnauthorized();
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
  if (status === 401) void handleUnauthorized();
  if (status === 0)
    return new ApiError(0, resolveMessage(undefined, clientMessageOf(new TypeError('network'), false)));
  return new ApiError(status, resolveMessage(serverMessageOf(data), undefined), fieldErrorsOf(data));
}

export { newIdempotencyKey };

/** An answer outside 2xx, with its body. */
class HttpError extends Error {
  override readonly name = 'HttpError';
  readonly status: number;
  readonly data: unknown;
  constructor(status: number, data: unknown) {
    super(`HTTP ${status}`);
    this.status = status;
    this.data = data;
  }
}

/** An answer's body: parsed when it is JSON (or its text when it does not parse), else its text. */
async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  if (!/[/+]json\b/i.test(response.headers.get('content-type') ?? '')) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Calls one endpoint of the contract. */
export async function call<E extends AnyEndpoint>(
  endpoint: E | RouteRef<E>,
  options: CallOptions<E> = {},
): Promise<ResponseOf<E>> {
  // The session is read now: a call made just before Sign Out still carries the token it revokes.
  const session = getSession();
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': session.language,
  };
  if (session.loginToken) headers.Authorization = `Bearer ${session.loginToken}`;
  if (endpoint.idempotent) headers['Idempotency-Key'] = options.idempotencyKey ?? newIdempotencyKey();

  // One controller for the caller's signal and the timeout.
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new TimeoutError('The operation was aborted due to timeout'));
  }, config.timeoutMs);
  const onAbort = () => controller.abort(options.signal?.reason);
  if (options.signal?.aborted) onAbort();
  else options.signal?.addEventListener('abort', onAbort, { once: true });

  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(options.query ?? {}))
    if (value !== undefined && value !== null) search.set(key, String(value));
  const qs = search.toString();
  const url = `${config.baseURL}${buildPath(endpoint.path, options.params)}${qs ? `?${qs}` : ''}`;

  // JSON bodies are sent as JSON; form data (uploads) as multipart, its boundary set by the browser.
  const raw = endpoint.method === 'GET' ? undefined : options.body;
  const isForm = typeof FormData !== 'undefined' && raw instanceof FormData;
  if (raw !== undefined && !isForm) headers['Content-Type'] = 'application/json';

  try {
    // The first screen paints before the app talks to the server (app/first-screen.ts).
    await afterFirstScreen();
    const response = await fetch(url, {
      method: endpoint.method,
      headers,
      body: raw === undefined ? undefined : isForm ? raw : JSON.stringify(raw),
      signal: controller.signal,
    });
    const data = await readBody(response);
    if (!response.ok) throw new HttpError(response.status, data);
    return data as ResponseOf<E>;
  } catch (error) {
    throw toApiError(endpoint, options, error, timedOut);
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onAbort);
  }
}

function toApiError(
  endpoint: CallTarget,
  options: CallOptions<AnyEndpoint>,
  error: unknown,
  timedOut: boolean,
): ApiError {
  if (error instanceof HttpError) {
    const { status } = error;
    const apiError = new ApiError(
      status,
      resolveMessage(serverMessageOf(error.data), undefined),
      fieldErrorsOf(error.data),
      { cause: error },
    );
    if (status === 401 && !options.ignoreUnauthorized && endpoint.access.kind !== 'public') {
      void handleUnauthorized();
    }
    return apiError;
  }
  const cause = error;
  const aborted = !timedOut && Boolean(options.signal?.aborted);
  return new ApiError(0, resolveMessage(undefined, clientMessageOf(cause, timedOut)), {}, { cause, aborted });
}

let redirecting = false;

/** A 401: the stored token is removed and the user goes to /login. */
async function handleUnauthorized() {
  if (redirecting) return;
  redirecting = true;
  try {
    await removeToken();
    config.onUnauthorized();
  } finally {
    redirecting = false;
  }
}
