import { describe, expect, it } from 'vitest';
import { DEFAULT_PUSH_HOSTS } from '../core/config';
import { isSpecialAddress, pushEndpointAllowed, pushTargetRefusal } from './push-hosts';

describe('push endpoints (server-side request forgery)', () => {
  it('accepts the browsers’ push services and refuses anything else, IP literals included', () => {
    for (const ok of [
      'https://fcm.googleapis.com/fcm/send/abc',
      'https://updates.push.services.mozilla.com/wpush/v2/abc',
      'https://wns2-db5p.notify.windows.com/w/?token=abc',
      'https://web.push.apple.com/QGx',
    ])
      expect(pushEndpointAllowed(ok, DEFAULT_PUSH_HOSTS), ok).toBe(true);
    for (const bad of [
      'https://127.0.0.1/push',
      'https://127.0.0.1:8443/push',
      'https://[::1]/push',
      'https://169.254.169.254/latest/meta-data',
      'https://10.0.0.5/x',
      'https://localhost/x',
      'https://internal.example.com/x',
      'https://fcm.googleapis.com.attacker.example/x',
      'https://notify.windows.com.attacker.example/x',
      'http://fcm.googleapis.com/x',
      'https://user:pw@fcm.googleapis.com/x',
      'not a url',
    ])
      expect(pushEndpointAllowed(bad, DEFAULT_PUSH_HOSTS), bad).toBe(false);
    // an exact entry may name a local service (tests list theirs this way)
    expect(pushEndpointAllowed('https://127.0.0.1:9999/push/1', ['127.0.0.1'])).toBe(true);
  });

  it('refuses a listed name that resolves to loopback, private or link-local addresses', async () => {
    const allowed = ['*.push.example'];
    const resolvingTo = (addresses: string[]) => async () => addresses;
    const url = 'https://node1.push.example/p';
    for (const inside of [
      ['127.0.0.1'],
      ['10.1.2.3'],
      ['192.168.1.1'],
      ['169.254.169.254'],
      ['::1'],
      ['fd00::1'],
      ['::ffff:127.0.0.1'],
      ['93.184.216.34', '172.16.0.1'],
    ])
      expect(await pushTargetRefusal(url, allowed, resolvingTo(inside)), inside.join()).toMatch(/internal/);
    expect(await pushTargetRefusal(url, allowed, resolvingTo(['93.184.216.34']))).toBeNull();
    expect(
      await pushTargetRefusal(url, allowed, async () => {
        throw new Error('ENOTFOUND');
      }),
    ).toMatch(/resolve/);
    expect(await pushTargetRefusal('https://127.0.0.1/p', allowed, resolvingTo(['93.184.216.34']))).toMatch(
      /not an allowed/,
    );
    expect(isSpecialAddress('8.8.8.8')).toBe(false);
    expect(isSpecialAddress('2001:4860:4860::8888')).toBe(false);
  });
});
