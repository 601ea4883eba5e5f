/**
 * The Chromium of the browser tests and the bench: Debian's, through playwright-core
 * (docs/architecture.md §7: never a downloaded browser), with the same flags everywhere.
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

/**
 * Debian's Chromium, the browser users run: the bench, and the journeys that need the desktop
 * browser around the page (notifications the service worker shows, a window it focuses, an app
 * installed into a profile).
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Debian's headless shell of the same Chromium (apt `chromium-headless-shell`, the same source and
 * version): Blink and V8 without the desktop browser, what Playwright itself runs headless. A journey
 * costs about a third less CPU in it (docs/decisions/0041-browser-journeys-in-the-headless-shell.md).
 * Full Chromium where it is not installed.
 */
export const HEADLESS_SHELL_PATH =
  process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell';

/** `shell`: the headless shell when installed; `full`: Debian's Chromium. */
export type ChromiumKind = 'full' | 'shell';

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

export const chromiumExecutable = (kind: ChromiumKind) =>
  kind === 'shell' && existsSync(HEADLESS_SHELL_PATH) ? HEADLESS_SHELL_PATH : CHROMIUM_PATH;

/** A Chromium whose contexts are incognito-like (a persistent profile: `chromium.launchPersistentContext` with these). */
export const launchChromium = (kind: ChromiumKind = 'full'): Promise<Browser> =>
  chromium.launch({ executablePath: chromiumExecutable(kind), args: CHROMIUM_ARGS });
