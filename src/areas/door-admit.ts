/**
 * Admitting at the door (docs/decisions/0055-the-door.md): online, the server judges
 * (`POST /api/booking/admit` with an Idempotency-Key); offline or out of reach, the device judges
 * from its kept list (./door-judge.ts) and the admission waits in the outbox (src/app/outbox.ts)
 * under the same key, sent exactly once when the connection returns. A device that does not keep
 * the event's list (./door-keep.ts) does not judge offline
 * (docs/decisions/0059-door-list-accounts-and-leases.md).
 */
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { connectionState, isUnreachable } from '@/app/connection';
import { enqueue, flushOutbox, outboxEntries, type OutboxEntry } from '@/app/outbox';
import type { AdmitBody, AdmitResult, DoorGuest, DoorRefusal, DoorState } from '@/contract/door';
import { routes } from '@/contract/routes.gen';
import { call, newIdempotencyKey } from '@/lib/api';
import { bookingOfBody, lookUp, type DoorInput, type LookUp, type WaitingAdmission } from './door-judge';
import type { DoorDevice } from './door-device';
import { keepsOffline } from './door-keep';

export type Verdict =
  | {
      kind: 'admitted';
      /** Null when admitted on the ticket's signature alone (a booking newer than the kept list). */
      guest: DoorGuest | null;
      count: number;
      queued: boolean;
    }
  | { kind: 'already'; guest: DoorGuest | null; first: { deviceName: string; deviceAt: string } }
  | { kind: 'refused'; reason: DoorRefusal; guest: DoorGuest | null }
  /** Offline on a device that does not keep the event's list: nothing judged, nothing queued. */
  | { kind: 'unjudged' };

/** A group with more than one guest left: how many came now (all of them unless staff say fewer). */
export interface Choice {
  input: DoorInput;
  guest: DoorGuest;
  left: number;
}

const isAdmission = (entry: OutboxEntry, eventId: number) =>
  entry.endpoint === 'bookingAdmit' &&
  (entry.request.body as Partial<AdmitBody> | undefined)?.eventId === eventId &&
  (entry.state === 'queued' || entry.state === 'sending');

/** This device's admissions to `eventId` waiting to be sent. */
export const waitingOf = (entries: readonly OutboxEntry[], eventId: number): WaitingAdmission[] =>
  entries.filter((entry) => isAdmission(entry, eventId)).flatMap(waitingEntry);

/** An outbox entry's admission, read once per entry (its ticket's claims are parsed). */
const waitingCache = new WeakMap<OutboxEntry, WaitingAdmission[]>();
const waitingEntry = (entry: OutboxEntry): WaitingAdmission[] => {
  let read = waitingCache.get(entry);
  if (!read) {
    const body = entry.request.body as AdmitBody & { at: string };
    const bookingId = bookingOfBody(body);
    read =
      bookingId === null ? [] : [{ bookingId, count: body.count, at: body.at, deviceName: body.deviceName }];
    waitingCache.set(entry, read);
  }
  return read;
};

const verdictOfResult = (result: AdmitResult, count: number): Verdict =>
  result.verdict === 'admitted'
    ? { kind: 'admitted', guest: result.guest!, count, queued: false }
    : result.verdict === 'already'
      ? { kind: 'already', guest: result.guest, first: result.first! }
      : { kind: 'refused', reason: result.reason ?? 'invalid', guest: result.guest };

const verdictOfLook = (look: Exclude<LookUp, { kind: 'open' | 'unlisted' }>): Verdict =>
  look.kind === 'already'
    ? { kind: 'already', guest: look.guest, first: look.first }
    : { kind: 'refused', reason: look.reason, guest: look.guest };

/** The first step of a scan: the device's look-up, and whether staff must say how many came. */
export async function firstLook(
  input: DoorInput,
  state: DoorState,
  at: Date,
): Promise<{ look: LookUp; choice: Choice | null }> {
  const look = await lookUp(input, state, waitingOf(outboxEntries(), state.event.id), at);
  return {
    look,
    choice: look.kind === 'open' && look.left > 1 ? { input, guest: look.guest, left: look.left } : null,
  };
}

/** Kept in the outbox: the server hears of it, and judges it again, when the connection returns. */
const queue = (body: AdmitBody & { at: string }, key: string, state: DoorState, summary: string) =>
  enqueue({
    id: key,
    endpoint: 'bookingAdmit',
    request: { body },
    summary,
    resource: 'door',
    recordId: state.event.id,
    patch: null,
    identity: null,
  });

/** Judged on the device and kept in the outbox (the server hears of it when the connection returns). */
async function admitOffline(
  body: AdmitBody & { at: string },
  key: string,
  state: DoorState,
  look: LookUp,
): Promise<Verdict> {
  if (look.kind === 'unlisted') {
    // On the ticket's signature alone, for the guests it names (./door-judge.ts).
    const count = look.count;
    void queue(
      { ...body, count },
      key,
      state,
      // The booking's number as a reference (as written), the count in the reader's digits.
      i18n._(msg`Door: ticket of booking ${String(look.bookingId)} admitted on its signature (${count})`),
    );
    return { kind: 'admitted', guest: null, count, queued: true };
  }
  if (look.kind !== 'open') return verdictOfLook(look);
  if (body.count > look.left) return { kind: 'refused', reason: 'count', guest: look.guest };
  // In the outbox at once (the next scan counts it); its copy on the device's disk follows, the
  // outbox's writes in order, and the verdict does not wait for it (docs/decisions/0060-an-admission-in-three-statements.md).
  void queue(body, key, state, i18n._(msg`Door: ${look.guest.code} admitted (${body.count})`));
  const guest = { ...look.guest, admitted: look.guest.admitted + body.count };
  return { kind: 'admitted', guest, count: body.count, queued: true };
}

/**
 * Admits `count` guests of `input` as this device, now: online the server's verdict; offline (or
 * when the call finds no server) the device's, with the admission queued.
 */
export async function admit(
  input: DoorInput,
  count: number,
  state: DoorState,
  device: DoorDevice,
): Promise<Verdict> {
  const at = new Date();
  const body = {
    ...input,
    eventId: state.event.id,
    count,
    deviceId: device.id,
    deviceName: device.name,
    at: at.toISOString(),
  };
  const key = newIdempotencyKey();
  if (connectionState() === 'online') {
    // This device's earlier admissions first: the server counts them before this one.
    if (waitingOf(outboxEntries(), state.event.id).length) await flushOutbox();
    try {
      const answer = await call(routes.bookingAdmit, { body, idempotencyKey: key });
      return verdictOfResult(answer.data, count);
    } catch (error) {
      if (!isUnreachable(error)) throw error;
    }
  }
  // Offline, a device that does not keep the list does not judge from what it still holds.
  if (!keepsOffline(state.event.id)) return { kind: 'unjudged' };
  const look = await lookUp(input, state, waitingOf(outboxEntries(), state.event.id), at);
  return admitOffline(body, key, state, look);
}

/** The server's word on an admission this device sent late, when it is not what the device said. */
export type LateVerdict =
  /** Another device had admitted first. */
  | { id: string; guest: DoorGuest | null; first: { deviceName: string; deviceAt: string } }
  /** Refused (an admission on the ticket's signature whose booking was cancelled since…). */
  | { id: string; guest: DoorGuest | null; reason: DoorRefusal; bookingId: number | null };

/** The server's answer to an admission this device sent late, if it says other than "admitted". */
export const lateVerdict = (entry: OutboxEntry, data: unknown, eventId: number): LateVerdict | null => {
  if (entry.endpoint !== 'bookingAdmit') return null;
  const body = entry.request.body as Partial<AdmitBody> | undefined;
  const result = data as AdmitResult | undefined;
  if (body?.eventId !== eventId || !result) return null;
  if (result.verdict === 'already' && result.first)
    return { id: entry.id, guest: result.guest, first: result.first };
  if (result.verdict === 'refused')
    return {
      id: entry.id,
      guest: result.guest,
      reason: result.reason ?? 'invalid',
      bookingId: bookingOfBody(body),
    };
  return null;
};
