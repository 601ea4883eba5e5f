/**
 * Records the browser journeys make through the API beside the browser (tests/support/suite.ts
 * `api`): a demo account's session, and an approved event placed as another one is.
 */
import { expect } from 'vitest';
import { DEMO_PASSWORD } from './app-server';
import type { Suite } from './suite';

/** A session of `email` (the demo password), signed in through the API. */
export const apiToken = async (suite: Suite, email: string): Promise<string> =>
  (await suite.api<{ token: string }>('/api/login', null, { email, password: DEMO_PASSWORD })).body.token;

/** An event from the API's list: the place and words a new one is made like. */
export type EventRow = Record<string, unknown>;

/**
 * An event in `base`'s category and place, made, submitted and approved by `admin`: its title,
 * provider, times and seats as given, 50.00 a ticket. Returns its id.
 */
export async function approvedEventLike(
  suite: Suite,
  admin: string,
  base: EventRow,
  event: {
    title: { en: string; ar: string };
    providerId: unknown;
    startsAt: number;
    endsAt: number;
    capacity: number;
  },
): Promise<number> {
  const created = await suite.api<{ data: { id: number } }>('/api/event', admin, {
    title: event.title,
    description: base.description,
    categoryId: base.categoryId,
    providerId: event.providerId,
    countryId: base.countryId,
    cityId: base.cityId,
    locationId: base.locationId,
    startsAt: new Date(event.startsAt).toISOString(),
    endsAt: new Date(event.endsAt).toISOString(),
    price: 5000,
    capacity: event.capacity,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = created.body.data.id;
  expect((await suite.api('/api/event/update-status', admin, { id, status: 'pending' })).status).toBe(200);
  expect(
    (await suite.api('/api/event/approve', admin, { id, status: 'approved', reason: null })).status,
  ).toBe(200);
  return id;
}
