import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './types';

/** The app's Content-Security-Policy: same-origin everything, no inline script. */
export const APP_CSP = [
  "default-src 'self'",
  "img-src 'self' data: blob:",
  "style-src 'self' 'unsafe-inline'",
  "script-src 'self'",
  "connect-src 'self'",
  "worker-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** Uploaded files: shown as images at most, never run as a page. */
export const UPLOAD_CSP =
  "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox; frame-ancestors 'none'";

/**
 * Security headers on every answer (a handler may set its own stricter CSP or Cache-Control first).
 * The one place that makes answers private: every answer of an endpoint of the contract, whatever
 * its path (`/get-token`, `/sendNotification`) and whether it succeeded or not, and every other
 * `/api/…` answer (404, 405) is never stored and varies by caller and language.
 */
export const securityHeaders = (): MiddlewareHandler<AppEnv> => async (c, next) => {
  await next();
  const h = c.res.headers;
  const set = (name: string, value: string) => {
    if (!h.has(name)) h.set(name, value);
  };
  if (c.get('endpoint') || c.req.path.startsWith('/api/')) {
    set('Cache-Control', 'no-store');
    h.append('Vary', 'Accept-Language, Authorization');
  }
  set('Content-Security-Policy', APP_CSP);
  set('X-Content-Type-Options', 'nosniff');
  set('X-Frame-Options', 'DENY');
  set('Referrer-Policy', 'strict-origin-when-cross-origin');
  set('Cross-Origin-Opener-Policy', 'same-origin');
  set('Cross-Origin-Resource-Policy', 'same-origin');
  set('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=(), usb=()');
  // HSTS only when the answer really goes out over HTTPS (directly, or behind a trusted proxy).
  const proto = new URL(c.req.url).protocol;
  const forwarded = c.get('deps')?.config.trustProxy
    ? c.req.header('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase()
    : undefined;
  if (proto === 'https:' || forwarded === 'https') set('Strict-Transport-Security', HSTS);
};

/** One year, subdomains included (sent over HTTPS only). */
export const HSTS = 'max-age=31536000; includeSubDomains';
