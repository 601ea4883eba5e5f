/**
 * The one Chromium of the browser tests and the bench: Debian's, through playwright-core
 * (docs/architecture.md §7: never a downloaded browser), with the same flags everywhere.
 */
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // The origin is http://localhost:<port> (a secure context); make sure it means 127.0.0.1.
  '--host-resolver-rules=MAP localhost 127.0.0.1',
];

/** A Chromium whose contexts are incognito-like (a persistent profile: `chromium.launchPersistentContext` with these). */
export const launchChromium = (): Promise<Browser> =>
  chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
