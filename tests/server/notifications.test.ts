/**
 * Notifications and web push (docs/decisions/0007-notifications-and-push.md), end to end on the server: pushes go to a fake HTTPS push
 * service on 127.0.0.1 whose receiver keys the test holds, so it decrypts each payload (RFC 8291)
 * and checks its content and headers.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { USER_STATUS } from '../../src/contract/roles';
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPng } from '../../server/seed/demo-data';
import { notificationPushes, notifications, pushSubscriptions, users } from '../../server/db/schema';
import { claimDue, runDueNotifications, SENDING_LEASE_MS, settle } from '../../server/notifications/notify';
import { createApp } from '../../server/app';
import { SERVER_MESSAGES } from '../../server/core/messages';
import { DEFAULT_PUSH_HOSTS } from '../../server/core/config';
import type { PushConfig } from '../../server/notifications/push';
import { createTestServer, DEMO, type TestServer } from '../setup/server';
import { startFakePushService, type FakePushService, type FakeSubscription } from '../support/fake-push';
import { signInAs } from '../support/kit';

let t: TestServer;
let push: FakePushService;
let vapid: PushConfig;
let adminToken: string;
let providerToken: string;

const subscribe = async (token: string, sub: FakeSubscription) => {
  const res = await t.request('POST', '/get-token', { token, body: sub.subscription });
  expect(res.status, res.text).toBe(201);
};

const payloadOf = async (sub: FakeSubscription, since = 0) => {
  const message = await push.waitFor((m) => m.id === sub.id && m.at >= since);
  return { message, payload: JSON.parse(sub.decrypt(message.body)) as Record<string, unknown> };
};

const draft = async (token: string, body: Record<string, unknown>) => {
  const res = await t.request('POST', '/api/notification', {
    token,
    body: {
      title: { en: 'Gates open early', ar: 'تُفتح البوابات مبكرًا' },
      body: { en: 'Doors open at five today.', ar: 'تُفتح الأبواب في الخامسة اليوم.' },
      ...body,
    },
  });
  expect(res.status, res.text).toBe(201);
  return res.body.data as { id: number; status: string };
};

beforeAll(async () => {
  push = await startFakePushService();
  const keys = webpush.generateVAPIDKeys();
  vapid = { ...keys, subject: 'mailto:admin@example.com', agent: push.agent };
  // The local fake push service is allowed by configuration, as an operator would list a host.
  t = await createTestServer({
    demoData: true,
    push: vapid,
    config: { pushAllowedHosts: [...DEFAULT_PUSH_HOSTS, '127.0.0.1'] },
  });
  adminToken = await signInAs(t, 'admin');
  providerToken = await signInAs(t, 'provider');
}, 120_000);

afterAll(async () => {
  await t?.close();
  await push?.close();
});

describe('web push', () => {
  it('refuses subscriptions outside the allowed push services, and never posts to one stored anyway', async () => {
    const device = push.newSubscription();
    await subscribe(adminToken, device); // 127.0.0.1 is allowed by this suite's configuration
    for (const endpoint of ['https://10.0.0.1/push', 'https://localhost:9/x', 'https://evil.example.com/p']) {
      const res = await t.request('POST', '/get-token', {
        token: adminToken,
        body: { ...device.subscription, endpoint },
      });
      expect([res.status, res.body.errors?.endpoint], endpoint).toEqual([
        422,
        SERVER_MESSAGES.pushServiceNotAllowed.en,
      ]);
    }
    // a row written before the rule (or by hand) is dropped at the first send, never posted to
    const strict = createApp({ ...t.deps, config: { ...t.config, pushAllowedHosts: DEFAULT_PUSH_HOSTS } });
    const before = push.received.length;
    const n = await draft(adminToken, { audienceType: 'roles', audienceRoles: ['admin'] });
    const sent = await strict.request('/sendNotification', {
      method: 'POST',
      headers: { Authorization: `Bearer ${adminToken}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ id: n.id }),
    });
    expect(sent.status).toBe(200);
    await settle();
    expect(push.received.length).toBe(before);
    const left = await t.db.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, device.subscription.endpoint));
    expect(left).toHaveLength(0);
  });

  it('sends a written notification to each device, encrypted, in the recipient’s language', async () => {
    const key = await t.request('GET', '/get-token', { token: adminToken });
    expect(key.body.data).toEqual({ publicKey: vapid.publicKey, subscribed: false });
    const device = push.newSubscription();
    await subscribe(adminToken, device);
    expect((await t.request('GET', '/get-token', { token: adminToken })).body.data.subscribed).toBe(true);
    // The admin reads Arabic.
    await t.db.db.update(users).set({ language: 'ar' }).where(eq(users.email, DEMO.admin.email));

    const n = await draft(adminToken, { audienceType: 'roles', audienceRoles: ['admin'], link: '/booking' });
    expect(n.status).toBe('draft');
    expect(push.received.filter((m) => m.id === device.id)).toHaveLength(0);
    const since = Date.now();
    const sent = await t.request('POST', '/sendNotification', { token: adminToken, body: { id: n.id } });
    expect(sent.status, sent.text).toBe(200);
    expect(sent.body.data).toMatchObject({ status: 'sent', delivered: 1, failed: 0, removed: 0 });
    expect(sent.body.data.recipients).toBeGreaterThanOrEqual(1);

    const { message, payload } = await payloadOf(device, since);
    // What waits for the admin, as the inbox counts it: the app icon's badge.
    const counts = (await t.request('GET', '/api/notification/inbox', { token: adminToken })).body.data as {
      unread: number;
      approvals: number;
    };
    expect(counts.approvals).toBeGreaterThan(0);
    // Title, body and link in the reader's language, the badge count, and nothing else of substance.
    expect(payload).toEqual({
      title: 'تُفتح البوابات مبكرًا',
      body: 'تُفتح الأبواب في الخامسة اليوم.',
      link: '/booking',
      tag: `notification-${n.id}`,
      lang: 'ar',
      badge: counts.unread + counts.approvals,
    });
    expect(message.method).toBe('POST');
    expect(message.headers['content-encoding']).toBe('aes128gcm');
    expect(message.headers.ttl).toBe('86400');
    expect(message.headers.urgency).toBe('normal');
    expect(message.headers.topic).toBe(`notification-${n.id}`);
    expect(message.headers.authorization).toMatch(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=/);
    expect(message.headers.authorization).toContain(`k=${vapid.publicKey}`);
    // The wrong keys cannot read it.
    expect(() => push.newSubscription().decrypt(message.body)).toThrow();

    // Sent once: again is refused, and the in-app entry is there.
    const again = await t.request('POST', '/sendNotification', { token: adminToken, body: { id: n.id } });
    expect(again.status).toBe(409);
    const inbox = await t.request('GET', '/api/notification/inbox', { token: adminToken });
    expect(inbox.body.data.items[0]).toMatchObject({ kind: 'message', link: '/booking', readAt: null });
    expect(inbox.body.data.unread).toBeGreaterThanOrEqual(1);
    const read = await t.request('POST', '/api/notification/inbox/read', {
      token: adminToken,
      body: { all: true },
    });
    expect(read.body.data.unread).toBe(0);
    await t.db.db.update(users).set({ language: 'en' }).where(eq(users.email, DEMO.admin.email));
  });

  it('removes a subscription the push service reports gone (410) and counts it', async () => {
    const gone = push.newSubscription();
    push.respondWith(gone.id, 410);
    const token = await signInAs(t, 'admin');
    await subscribe(token, gone);
    const n = await draft(adminToken, { audienceType: 'roles', audienceRoles: ['admin'] });
    const sent = await t.request('POST', '/sendNotification', { token: adminToken, body: { id: n.id } });
    expect(sent.body.data.removed).toBe(1);
    const left = await t.db.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, gone.subscription.endpoint));
    expect(left).toHaveLength(0);
  });

  it('signing out removes the device of that session', async () => {
    const device = push.newSubscription();
    const token = await signInAs(t, 'admin');
    await subscribe(token, device);
    expect(await t.request('POST', '/api/logout', { token })).toMatchObject({ status: 200 });
    const left = await t.db.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, device.subscription.endpoint));
    expect(left).toHaveLength(0);
  });
});

describe('scheduled notifications', () => {
  it('are sent exactly once, by one of several processes, and not again after a restart', async () => {
    const device = push.newSubscription();
    const token = await signInAs(t, 'manager');
    await subscribe(token, device);
    const sendAt = new Date(t.clock.now().getTime() + 60 * 60_000).toISOString();
    const n = await draft(adminToken, { audienceType: 'roles', audienceRoles: ['manager'], sendAt });
    expect(n.status).toBe('scheduled');
    // Not yet due.
    expect(await runDueNotifications(t.deps)).toBe(0);
    t.clock.advance(61 * 60_000);
    // Two processes look at the same database at once (separate dependency sets).
    const [a, b] = await Promise.all([
      runDueNotifications({ ...t.deps }),
      runDueNotifications({ ...t.deps }),
    ]);
    expect(a + b).toBe(1);
    // A restarted process finds nothing left to send.
    expect(await runDueNotifications({ ...t.deps })).toBe(0);
    const messages = push.received.filter((m) => m.id === device.id);
    expect(messages).toHaveLength(1);
    const [row] = await t.db.db.select().from(notifications).where(eq(notifications.id, n.id));
    expect(row).toMatchObject({ status: 'sent', delivered: 1 });
  });

  it('a notification left `sending` by a dead process is resumed after its lease; each device gets it at most once', async () => {
    const token = await signInAs(t, 'manager');
    const [first, second] = [push.newSubscription(), push.newSubscription()];
    await subscribe(token, first);
    await subscribe(token, second);
    const sendAt = new Date(t.clock.now().getTime() + 60_000).toISOString();
    const n = await draft(adminToken, { audienceType: 'roles', audienceRoles: ['manager'], sendAt });
    t.clock.advance(2 * 60_000);
    // A process claims it, pushes to the first device, and dies (kill -9) before the second.
    const claimed = await claimDue({ ...t.deps });
    expect(claimed.map((c) => c.id)).toContain(n.id);
    const [firstRow] = await t.db.db
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, first.subscription.endpoint));
    await t.db.db
      .insert(notificationPushes)
      .values({ notificationId: n.id, subscriptionId: firstRow!.id, at: t.clock.now() });
    // Within the lease nobody takes it over.
    expect(await runDueNotifications({ ...t.deps })).toBe(0);
    t.clock.advance(SENDING_LEASE_MS);
    const since = Date.now();
    // After it, several processes at once: one resumes it.
    const [a, b] = await Promise.all([
      runDueNotifications({ ...t.deps }),
      runDueNotifications({ ...t.deps }),
    ]);
    expect(a + b).toBe(1);
    await push.waitFor((m) => m.id === second.id && m.at >= since);
    expect(push.received.filter((m) => m.id === first.id && m.at >= since)).toHaveLength(0);
    expect(push.received.filter((m) => m.id === second.id)).toHaveLength(1);
    const [row] = await t.db.db.select().from(notifications).where(eq(notifications.id, n.id));
    expect(row!.status).toBe('sent');
  });

  it('refuses a time in the past, and changes to a sent notification', async () => {
    const past = new Date(t.clock.now().getTime() - 60_000).toISOString();
    const res = await t.request('POST', '/api/notification', {
      token: adminToken,
      body: {
        title: { en: 'Late', ar: 'متأخر' },
        body: { en: 'x', ar: 'x' },
        audienceType: 'all',
        sendAt: past,
      },
    });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors)).toEqual(['sendAt']);

    const n = await draft(adminToken, { audienceType: 'roles', audienceRoles: ['manager'] });
    const sent = await t.request('POST', '/sendNotification', { token: adminToken, body: { id: n.id } });
    const record = sent.body.data as Record<string, unknown> & { version: number };
    const edit = await t.request('PUT', `/api/notification/${n.id}`, {
      token: adminToken,
      body: {
        title: record.title,
        body: { en: 'Changed', ar: 'تغيّر' },
        audienceType: 'roles',
        audienceRoles: ['manager'],
        version: record.version,
      },
    });
    expect(edit.status).toBe(409);
    const [row] = await t.db.db.select().from(notifications).where(eq(notifications.id, n.id));
    expect(row!.body.en).toBe('Doors open at five today.');
  });
});

describe('a notification’s audience', () => {
  it('refuses an empty audience, counts it before sending, refuses one that reaches nobody, and lists whom a sent one reached', async () => {
    const base = { title: { en: 'x', ar: 'x' }, body: { en: 'x', ar: 'x' } };
    for (const [audience, field] of [
      [{ audienceType: 'roles', audienceRoles: [] }, 'audienceRoles'],
      [{ audienceType: 'users', audienceUserIds: [] }, 'audienceUserIds'],
    ] as const) {
      const saved = await t.request('POST', '/api/notification', {
        token: adminToken,
        body: { ...base, ...audience },
      });
      expect(saved.status).toBe(422);
      expect(Object.keys(saved.body.errors)).toEqual([field]);
      const counted = await t.request('POST', '/api/notification/audience', {
        token: adminToken,
        body: audience,
      });
      expect(counted.status).toBe(422);
      expect(Object.keys(counted.body.errors)).toEqual([field]);
    }
    const managers = await t.db.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, 'manager'), eq(users.status, USER_STATUS.active)));
    const count = async (token: string, body: Record<string, unknown>) => {
      const res = await t.request('POST', '/api/notification/audience', { token, body });
      expect(res.status, res.text).toBe(200);
      return res.body.data.count as number;
    };
    expect(await count(adminToken, { audienceType: 'roles', audienceRoles: ['manager'] })).toBe(
      managers.length,
    );
    // A provider counts its own supervisors only, and may not write to roles.
    const providerCount = await count(providerToken, { audienceType: 'all' });
    const refused = await t.request('POST', '/api/notification/audience', {
      token: providerToken,
      body: { audienceType: 'roles', audienceRoles: ['manager'] },
    });
    expect(refused.status).toBe(422);

    // A chosen user blocked after the draft was written: the audience reaches nobody, and Send now
    // is refused with the reason, changing nothing.
    const [manager] = managers;
    const lone = await draft(adminToken, { audienceType: 'users', audienceUserIds: [manager!.id] });
    expect(await count(adminToken, { audienceType: 'users', audienceUserIds: [manager!.id] })).toBe(1);
    const sendAt = new Date(t.clock.now().getTime() + 60_000).toISOString();
    const timed = await draft(adminToken, {
      audienceType: 'users',
      audienceUserIds: [manager!.id],
      sendAt,
    });
    await t.db.db.update(users).set({ status: USER_STATUS.blocked }).where(eq(users.id, manager!.id));
    try {
      expect(await count(adminToken, { audienceType: 'users', audienceUserIds: [manager!.id] })).toBe(0);
      const nobody = await t.request('POST', '/sendNotification', {
        token: adminToken,
        body: { id: lone.id },
      });
      expect(nobody.status).toBe(409);
      expect(nobody.body.message).toBe(SERVER_MESSAGES.notificationNobody!.en);
      const [kept] = await t.db.db.select().from(notifications).where(eq(notifications.id, lone.id));
      expect(kept).toMatchObject({ status: 'draft', recipients: 0, sentAt: null });
      // A scheduled one whose time comes with nobody to reach fails instead of "sent to 0".
      t.clock.advance(61_000);
      await runDueNotifications(t.deps);
      const [failed] = await t.db.db.select().from(notifications).where(eq(notifications.id, timed.id));
      expect(failed).toMatchObject({ status: 'failed', recipients: 0 });
    } finally {
      await t.db.db.update(users).set({ status: USER_STATUS.active }).where(eq(users.id, manager!.id));
    }

    // Before sending the view lists nobody; after, each recipient, whether they read it and their devices.
    const n = await draft(adminToken, { audienceType: 'roles', audienceRoles: ['manager'] });
    const before = await t.request('GET', `/api/notification/${n.id}/recipients`, { token: adminToken });
    expect(before.body.data.items).toEqual([]);
    const sent = await t.request('POST', '/sendNotification', { token: adminToken, body: { id: n.id } });
    expect(sent.body.data.recipients).toBe(managers.length);
    const managerToken = await signInAs(t, 'manager');
    await t.request('POST', '/api/notification/inbox/read', { token: managerToken, body: { all: true } });
    const after = await t.request('GET', `/api/notification/${n.id}/recipients`, { token: adminToken });
    const items = after.body.data.items as { email: string; readAt: string | null; devices: number }[];
    expect(items.map((i) => i.email).sort()).toEqual(
      (
        await t.db.db
          .select({ email: users.email })
          .from(users)
          .where(
            inArray(
              users.id,
              managers.map((m) => m.id),
            ),
          )
      )
        .map((u) => u.email)
        .sort(),
    );
    const demoManager = items.find((i) => i.email === DEMO.manager.email)!;
    expect(demoManager.readAt).not.toBeNull();
    // The manager's device subscribed in an earlier test got the push.
    expect(demoManager.devices).toBeGreaterThanOrEqual(0);
    // Another provider's, or a provider asking for staff's: not found.
    const theirs = await t.request('GET', `/api/notification/${n.id}/recipients`, { token: providerToken });
    expect(theirs.status).toBe(404);
    expect(providerCount).toBeGreaterThan(0);
  });
});

describe('automatic notifications', () => {
  it('an admin who enabled notifications gets a push within seconds of a provider registering', async () => {
    const device = push.newSubscription();
    const admin = await signInAs(t, 'admin');
    await subscribe(admin, device);
    const email = 'fresh.provider@example.net';
    expect((await t.request('POST', '/api/sendEmailOTP', { body: { email } })).status).toBe(200);
    const otp = t.smtp.lastOtpFor(email)!;
    expect((await t.request('POST', '/api/verifyEmailOTP', { body: { email, otp } })).status).toBe(200);
    const since = Date.now();
    const reg = await t.request('POST', '/api/register', {
      body: { name: 'Huda Saleh', phone: '+966501112299', email, password: 'Huda-Pass-2026!', otp },
    });
    expect(reg.status, reg.text).toBe(201);
    const { payload } = await payloadOf(device, since);
    expect(Date.now() - since).toBeLessThan(5_000);
    expect(payload).toEqual({
      title: 'A service provider waits for approval',
      body: 'Huda Saleh registered and waits for your approval.',
      link: `/serviceprovider-details/${reg.body.data.id as number}`,
      tag: expect.stringMatching(/^provider_registered-\d+$/) as unknown as string,
      lang: 'en',
      badge: expect.any(Number) as unknown as number,
    });
    // The badge counts the new provider among the approvals, and the notice among the unread.
    const counts = (await t.request('GET', '/api/notification/inbox', { token: admin })).body.data as {
      unread: number;
      approvals: number;
    };
    expect(payload.badge).toBe(counts.unread + counts.approvals);
    expect(counts.approvals).toBeGreaterThanOrEqual(1);
    expect(counts.unread).toBeGreaterThanOrEqual(1);
  });

  it('admins hear at once of an ad waiting for approval; the provider of the decision; muting works', async () => {
    const adminDevice = push.newSubscription();
    const providerDevice = push.newSubscription();
    const admin = await signInAs(t, 'admin');
    await subscribe(admin, adminDevice);
    await subscribe(providerToken, providerDevice);

    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(demoPng())], { type: 'image/png' }), 'ad.png');
    const image = await t.request('POST', '/api/advertisement/image', { token: providerToken, body: form });
    const since = Date.now();
    const ad = await t.request('POST', '/api/advertisement', {
      token: providerToken,
      body: {
        title: { en: 'Spring nights', ar: 'ليالي الربيع' },
        image: image.body.data.path,
        targetType: 'url',
        url: 'https://example.com/spring',
        placement: 'home_banner',
        startsOn: '2026-12-01',
        endsOn: '2026-12-20',
      },
    });
    expect(ad.status, ad.text).toBe(201);
    // The entry is there when the answer arrives; the push follows within seconds.
    const inbox = await t.request('GET', '/api/notification/inbox', { token: admin });
    expect(inbox.body.data.items[0]).toMatchObject({
      kind: 'ad_submitted',
      link: `/advertisement/details/${ad.body.data.id}`,
    });
    const { payload, message } = await payloadOf(adminDevice, since);
    expect(payload).toMatchObject({ title: 'An advertisement waits for approval', lang: 'en' });
    expect(message.headers.urgency).toBe('high');

    // The provider mutes decisions on ads: the approval reaches it no more.
    const mute = await t.request('PUT', '/api/notification/settings', {
      token: providerToken,
      body: { muted: ['ad_decided'] },
    });
    expect(mute.body.data.muted).toEqual(['ad_decided']);
    const before = push.received.filter((m) => m.id === providerDevice.id).length;
    const approved = await t.request('POST', '/api/adsApprove', {
      token: admin,
      body: { id: ad.body.data.id, status: 'approved' },
    });
    expect(approved.status).toBe(200);
    await settle();
    expect(push.received.filter((m) => m.id === providerDevice.id)).toHaveLength(before);
    const providerInbox = await t.request('GET', '/api/notification/inbox', { token: providerToken });
    expect(providerInbox.body.data.items.some((e: { kind: string }) => e.kind === 'ad_decided')).toBe(false);
    // A provider approves nothing: only its unread notifications would badge its icon.
    expect(providerInbox.body.data.approvals).toBe(0);
  });

  it('a provider writes to its own supervisors only', async () => {
    const [staff] = await t.db.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, DEMO.manager.email));
    const refused = await t.request('POST', '/api/notification', {
      token: providerToken,
      body: {
        title: { en: 'Hi', ar: 'مرحبًا' },
        body: { en: 'x', ar: 'x' },
        audienceType: 'users',
        audienceUserIds: [staff!.id],
      },
    });
    expect(refused.status).toBe(422);
    expect(Object.keys(refused.body.errors)).toEqual(['audienceUserIds']);
    const n = await draft(providerToken, { audienceType: 'all' });
    const sent = await t.request('POST', '/sendNotification', { token: providerToken, body: { id: n.id } });
    expect(sent.status, sent.text).toBe(200);
    const [provider] = await t.db.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, DEMO.provider.email));
    const supervisors = await t.db.db
      .select({ id: users.id, status: users.status })
      .from(users)
      .where(eq(users.providerId, provider!.id));
    expect(sent.body.data.recipients).toBe(supervisors.filter((s) => s.status === '1').length);
    // Staff's notifications are not the provider's to see.
    const list = await t.request('GET', '/api/notification?pageSize=100', { token: providerToken });
    expect(list.body.data.items.every((i: { providerId: number }) => i.providerId === provider!.id)).toBe(
      true,
    );
  });
});
