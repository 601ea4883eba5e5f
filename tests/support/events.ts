/**
 * Events the server tests make through the API, as staff make them: an event like one of the
 * owner's approved events (its category and venue), created, submitted and approved.
 */
import { expect } from 'vitest';
import type { Call } from './kit';

type Rec = Record<string, unknown> & { id: number; version: number };

export interface EventFields {
  title: { en: string; ar: string };
  startsAt: string;
  endsAt: string;
  price: number;
  capacity: number;
  supervisorIds?: number[];
}

/** The body of a new event of `owner` with `fields`, on the category and venue of one of its approved events. */
export const eventBody = async (call: Call, token: string, owner: number, fields: EventFields) => {
  const base = (await call('GET', `/api/event?providerId=${owner}&status=approved&pageSize=10`, token)).body
    .data.items[0] as Rec;
  return {
    description: base.description,
    categoryId: base.categoryId,
    providerId: owner,
    countryId: base.countryId,
    cityId: base.cityId,
    locationId: base.locationId,
    ...fields,
  };
};

/** A new event of `owner`, approved by `token` (staff's), as its record. */
export const approvedEvent = async (call: Call, token: string, owner: number, fields: EventFields) => {
  const created = await call('POST', '/api/event', token, await eventBody(call, token, owner, fields));
  expect(created.status, created.text).toBe(201);
  const id = created.body.data.id as number;
  expect((await call('POST', '/api/event/update-status', token, { id, status: 'pending' })).status).toBe(200);
  const approved = await call('POST', '/api/event/approve', token, { id, status: 'approved', reason: null });
  expect(approved.status, approved.text).toBe(200);
  return (await call('GET', `/api/event/${id}`, token)).body.data as Rec;
};
