/**
 * The app icon's badge (docs/decisions/0015-installed-app.md): the number of things that wait for the
 * signed-in user — approvals they may act on and unread notifications (the inbox answer carries
 * both). The app sets it whenever the counts change, clears it at zero and on Sign Out; the service
 * worker sets it when a push arrives (sw/notifications.ts). Browsers without the Badging API
 * (`navigator.setAppBadge`) are left alone.
 */

/** What is used of a Navigator (a real one fits; tests pass fakes). */
export interface BadgeNavigator {
  setAppBadge?: (contents?: number) => Promise<void>;
  clearAppBadge?: () => Promise<void>;
}

/** What waits: approvals and unread notifications; nothing while they are unknown. */
export const badgeCount = (counts: { unread: number; approvals: number } | undefined): number =>
  counts ? Math.max(0, counts.unread) + Math.max(0, counts.approvals) : 0;

const navigatorOrNull = (): BadgeNavigator | null =>
  typeof navigator === 'undefined' ? null : (navigator as BadgeNavigator);

/** Shows `count` on the icon, or clears it at zero; never throws (no permission, not installed…). */
export async function showBadge(count: number, nav = navigatorOrNull()): Promise<void> {
  if (!nav || typeof nav.setAppBadge !== 'function') return;
  try {
    if (count > 0) await nav.setAppBadge(count);
    else if (typeof nav.clearAppBadge === 'function') await nav.clearAppBadge();
    else await nav.setAppBadge(0);
  } catch {
    // The badge is a hint: a refusal changes nothing else.
  }
}

/** Sign Out: nothing waits for anyone on this device any more. */
export const clearBadge = (nav = navigatorOrNull()): Promise<void> => showBadge(0, nav);
