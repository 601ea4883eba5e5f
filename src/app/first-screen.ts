/**
 * Work that can wait until the first screen is on screen (docs/decisions/0010-signed-in-first-load.md): the app's requests to the server
 * and the service worker's registration start once the browser has shown the page the reader opened,
 * so they do not compete with it for the network and the main thread. main.tsx holds them for the
 * first screen of a page load; elsewhere (a later screen, tests) they go at once.
 */

/** The longest the first screen holds work back (a hidden tab paints nothing). */
export const FIRST_SCREEN_MAX_WAIT_MS = 3000;
/** After the commit, how long to wait for the browser to report the screen's largest paint. */
export const PAINT_REPORT_WAIT_MS = 500;

let release: () => void = () => undefined;
let gate: Promise<void> = Promise.resolve();

/** Called by main.tsx before the first render: work waiting on afterFirstScreen() holds from now. */
export function holdUntilFirstScreen(maxWaitMs = FIRST_SCREEN_MAX_WAIT_MS): void {
  gate = new Promise<void>((resolve) => {
    release = resolve;
    setTimeout(resolve, maxWaitMs);
  });
}

/**
 * Called once the first screen is committed. The held work goes when the browser reports the
 * screen's largest paint (it reports it once the frame is shown), else once a frame has passed and
 * the wait for that report is over (browsers without the report, a screen with nothing larger than
 * the boot spinner).
 */
export function firstScreenCommitted(): void {
  const committedAt = performance.now();
  const types = typeof PerformanceObserver === 'undefined' ? [] : PerformanceObserver.supportedEntryTypes;
  if (!types.includes('largest-contentful-paint')) {
    // The frame callback runs before the frame's paint, the timer task after it.
    requestAnimationFrame(() => setTimeout(release, 0));
    return;
  }
  const observer = new PerformanceObserver((list) => {
    if (list.getEntries().some((entry) => entry.startTime >= committedAt)) done();
  });
  const timer = setTimeout(() => requestAnimationFrame(() => setTimeout(done, 0)), PAINT_REPORT_WAIT_MS);
  function done() {
    observer.disconnect();
    clearTimeout(timer);
    release();
  }
  observer.observe({ type: 'largest-contentful-paint', buffered: true });
}

/** Settles once the first screen has been shown (at once when nothing holds it). */
export const afterFirstScreen = (): Promise<void> => gate;
