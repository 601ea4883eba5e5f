import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import type { AppEnv } from './types';

/**
 * The app's Content-Security-Policy: same-origin everything, no inline script, no eval. WebAssembly
 * may compile (`'wasm-unsafe-eval'`, which allows no JavaScript eval): the door's camera decodes QR
 * codes with a decoder built to WebAssembly, served from this origin (docs/decisions/0055-the-door.md).
 */
export const APP_CSP = [
  "default-src 'self'",
  "img-src 'self' data: blob:",
  "style-src 'self' 'unsafe-inline'",
  "script-src 'self' 'wasm-unsafe-eval'",
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
 * The headers every answer carries, by Hono's secure-headers middleware: no framing, no sniffing,
 * the referrer's origin only across origins, one browsing context group, the camera for this origin
 * only (the door's scanner, docs/decisions/0055-the-door.md), and no microphone, location, payment or
 * USB. A handler's own header is kept. The CSP (a handler may set a stricter
 * one) and HSTS (only over HTTPS) are set below.
 */
const appHeaders = secureHeaders({
  xFrameOptions: 'DENY',
  referrerPolicy: 'strict-origin-when-cross-origin',
  crossOriginOpenerPolicy: 'same-origin',
  crossOriginResourcePolicy: 'same-origin',
  permissionsPolicy: { camera: ['self'], microphone: [], geolocation: [], payment: [], usb: [] },
  strictTransportSecurity: false,
  overwrite: false,
});

/**
 * Security headers on every answer (a handler may set its own stricter CSP or Cache-Control first).
 * The one place that makes answers private: every answer of an endpoint of the contract, whatever
 * its path (`/get-token`, `/sendNotification`) and whether it succeeded or not, and every other
 * `/api/…` answer (404, 405) is never stored and varies by caller and language.
 */
export const securityHeaders = (): MiddlewareHandler<AppEnv> => async (c, next) => {
  await appHeaders(c, next);
  const h = c.res.headers;
  const set = (name: string, value: string) => {
    if (!h.has(name)) h.set(name, value);
  };
  if (c.get('endpoint') || c.req.path.startsWith('/api/')) {
    set('Cache-Control', 'no-store');
    h.append('Vary', 'Accept-Language, Authorization');
  }
  set('Content-Security-Policy', APP_CSP);
  // HSTS only when the answer really goes out over HTTPS (directly, or behind a trusted proxy).
  const proto = new URL(c.req.url).protocol;
  const forwarded = c.get('deps')?.config.trustProxy
    ? c.req.header('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase()
    : undefined;
  if (proto === 'https:' || forwarded === 'https') set('Strict-Transport-Security', HSTS);
};

/** One year, subdomains included (sent over HTTPS only). */
export const HSTS = 'max-age=31536000; includeSubDomains';
