/**
 * What a door-sales phone keeps (docs/decisions/0056-door-sales-without-an-e-mail.md): its id and
 * name, shared with the door screen under `ebo.door.device` as `{ id, name }`, and its seat lease
 * per event (id, seats, sold), so that it sells within the lease with no connection. No customer's
 * details are kept here: a sale not yet sent waits in the sealed outbox (src/app/outbox.ts).
 */
import { useCallback, useSyncExternalStore } from 'react';
import { getSession } from '@/app/session';
import type { SeatLease } from '@/contract/door-sales';

const DEVICE_KEY = 'ebo.door.device';
const leaseKey = (eventId: number) => `ebo.door.lease.${eventId}`;
const ID = /^[A-Za-z0-9_-]{8,64}$/;

export interface Device {
  id: string;
  /** Empty until the device is named ("Gate B"). */
  name: string;
}

/** The device's lease as the device counts it: every sale it made within it, sent or not. */
export interface KeptLease {
  id: number;
  eventId: number;
  deviceId: string;
  seats: number;
  sold: number;
  expiresAt: string;
  /** When the device last changed it (ms): an older answer of the server does not undo it. */
  keptAt: number;
  /**
   * Whose it is (the signed-in e-mail when it was kept): a lease is its taker's, so another user of
   * this device does not sell within it (docs/decisions/0059-door-list-accounts-and-leases.md).
   */
  user?: string;
}

const currentUser = () => getSession().email.trim().toLowerCase();

const readJson = <T>(key: string): T | null => {
  try {
    return JSON.parse(localStorage.getItem(key) ?? 'null') as T | null;
  } catch {
    return null;
  }
};

const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

let device: Device | undefined;
const readDevice = (): Device => {
  if (device) return device;
  const kept = readJson<Partial<Device>>(DEVICE_KEY);
  const id =
    typeof kept?.id === 'string' && ID.test(kept.id) ? kept.id : crypto.randomUUID().replace(/-/g, '');
  device = { id, name: typeof kept?.name === 'string' ? kept.name : '' };
  if (kept?.id !== id) localStorage.setItem(DEVICE_KEY, JSON.stringify(device));
  return device;
};

/** The device (its id made and kept on first use) and the way to name it. */
export function useDevice(): [Device, (name: string) => void] {
  const current = useSyncExternalStore(subscribe, readDevice, readDevice);
  const rename = useCallback((name: string) => {
    device = { id: readDevice().id, name: name.trim().slice(0, 40) };
    localStorage.setItem(DEVICE_KEY, JSON.stringify(device));
    emit();
  }, []);
  return [current, rename];
}

const leases = new Map<number, KeptLease | null>();
/** The device's lease at the event, if the signed-in user took it. */
const readLease = (eventId: number): KeptLease | null => {
  if (!leases.has(eventId)) leases.set(eventId, readJson<KeptLease>(leaseKey(eventId)));
  const kept = leases.get(eventId) ?? null;
  return kept && kept.user === currentUser() ? kept : null;
};

/** Keeps (or, with null, forgets) the signed-in user's lease at the event on this device. */
export const keepLease = (eventId: number, lease: Omit<KeptLease, 'keptAt' | 'user'> | null) => {
  const kept = lease && { ...lease, keptAt: Date.now(), user: currentUser() };
  leases.set(eventId, kept);
  if (kept) localStorage.setItem(leaseKey(eventId), JSON.stringify(kept));
  else localStorage.removeItem(leaseKey(eventId));
  emit();
};

export const useKeptLease = (eventId: number): KeptLease | null =>
  useSyncExternalStore(
    subscribe,
    () => readLease(eventId),
    () => readLease(eventId),
  );

/** Seats the kept lease may still sell now (none once the event has ended). */
export const leaseLeft = (lease: KeptLease | null, now = Date.now()): number =>
  lease && Date.parse(lease.expiresAt) > now ? Math.max(0, lease.seats - lease.sold) : 0;

/**
 * The kept lease after the server's word: the server's lease with the larger sold count (sales
 * not yet sent count on the device only); forgotten when the server holds it no longer.
 */
export const reconcile = (
  kept: KeptLease | null,
  server: SeatLease | undefined,
): Omit<KeptLease, 'keptAt' | 'user'> | null => {
  if (!server) return null;
  const { id, eventId, deviceId, seats, expiresAt } = server;
  const sold = kept && kept.id === id ? Math.max(kept.sold, server.sold) : server.sold;
  return { id, eventId, deviceId, seats, sold, expiresAt };
};

/** Keeps the lease as the server held it when asked at `askedAt` (`reconcile`), unless changed here since. */
export const settleLease = (eventId: number, server: SeatLease | undefined, askedAt: number) => {
  const kept = readLease(eventId);
  if (!kept || kept.keptAt < askedAt) keepLease(eventId, reconcile(kept, server));
};
