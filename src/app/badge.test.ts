import { describe, expect, it, vi } from 'vitest';
import { badgeCount, clearBadge, showBadge } from './badge';

const fakeNavigator = () => ({
  setAppBadge: vi.fn(async (_count?: number) => undefined),
  clearAppBadge: vi.fn(async () => undefined),
});

describe('the app badge', () => {
  it('counts the approvals and the unread notifications, nothing while unknown', () => {
    expect(badgeCount({ unread: 2, approvals: 16 })).toBe(18);
    expect(badgeCount({ unread: 0, approvals: 0 })).toBe(0);
    expect(badgeCount(undefined)).toBe(0);
    expect(badgeCount({ unread: -1, approvals: 3 })).toBe(3);
  });

  it('sets the count, and clears the badge at zero and on Sign Out', async () => {
    const nav = fakeNavigator();
    await showBadge(5, nav);
    expect(nav.setAppBadge).toHaveBeenCalledWith(5);
    await showBadge(0, nav);
    expect(nav.clearAppBadge).toHaveBeenCalledTimes(1);
    await clearBadge(nav);
    expect(nav.clearAppBadge).toHaveBeenCalledTimes(2);
    expect(nav.setAppBadge).toHaveBeenCalledTimes(1);
  });

  it('does nothing without the Badging API and never throws', async () => {
    await expect(showBadge(3, {})).resolves.toBeUndefined();
    await expect(showBadge(3, null)).resolves.toBeUndefined();
    const refusing = {
      setAppBadge: vi.fn(async () => {
        throw new DOMException('not allowed', 'NotAllowedError');
      }),
    };
    await expect(showBadge(3, refusing)).resolves.toBeUndefined();
    // Without clearAppBadge, zero clears it too.
    await showBadge(0, refusing);
    expect(refusing.setAppBadge).toHaveBeenLastCalledWith(0);
  });
});
