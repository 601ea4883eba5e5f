/**
 * The door device's name ("Gate B") and its random id, kept in localStorage: named once, shown on the
 * other devices' verdicts and on the door log, changeable (docs/decisions/0055-the-door.md).
 */
import { useCallback, useSyncExternalStore } from 'react';

const KEY = 'ebo.door.device';

export interface DoorDevice {
  id: string;
  name: string;
}

const ID = /^[A-Za-z0-9_-]{8,64}$/;

const newId = () => crypto.randomUUID().replace(/-/g, '');

const read = (): DoorDevice | null => {
  try {
    const kept = JSON.parse(localStorage.getItem(KEY) ?? 'null') as Partial<DoorDevice> | null;
    if (kept && typeof kept.id === 'string' && ID.test(kept.id) && typeof kept.name === 'string' && kept.name)
      return { id: kept.id, name: kept.name };
  } catch {
    // unreadable: named again
  }
  return null;
};

let current: DoorDevice | null | undefined;
const listeners = new Set<() => void>();
const snapshot = () => (current === undefined ? (current = read()) : current);
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The device's name and id (null until it is named), and the way to (re)name it. */
export function useDoorDevice(): [DoorDevice | null, (name: string) => void] {
  const device = useSyncExternalStore(subscribe, snapshot, snapshot);
  const rename = useCallback((name: string) => {
    current = { id: snapshot()?.id ?? newId(), name: name.trim().slice(0, 40) };
    localStorage.setItem(KEY, JSON.stringify(current));
    listeners.forEach((listener) => listener());
  }, []);
  return [device, rename];
}
