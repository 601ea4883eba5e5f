/**
 * The door screen's state (docs/decisions/0055-the-door.md): a scan is looked up on the device, a
 * group with several guests left asks how many came, then the admission is judged (./door-admit.ts)
 * and its verdict shown until the next scan, a tap or Enter. Admissions this device sent late that
 * came second to another device's, or that the server refused, are told here.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { onOutboxSent, useOutbox } from '@/app/outbox';
import { notify } from '@/app/notify';
import type { DoorState } from '@/contract/door';
import {
  admit,
  firstLook,
  lateVerdict,
  waitingOf,
  type Choice,
  type LateVerdict,
  type Verdict,
} from './door-admit';
import type { DoorDevice } from './door-device';
import { inputOf, type DoorInput } from './door-judge';

export function useDoorDesk(state: DoorState, device: DoorDevice) {
  const [verdict, setVerdict] = useState<Verdict | null>(null);
  const [choice, setChoice] = useState<Choice | null>(null);
  const [busy, setBusy] = useState(false);
  const [seconds, setSeconds] = useState<LateVerdict[]>([]);
  const outbox = useOutbox();
  const waiting = useMemo(() => waitingOf(outbox, state.event.id), [outbox, state.event.id]);
  const latest = useRef({ state, device });
  useEffect(() => {
    latest.current = { state, device };
  });

  useEffect(
    () =>
      onOutboxSent((entry, data) => {
        const second = lateVerdict(entry, data, state.event.id);
        if (second) setSeconds((shown) => [second, ...shown.filter((s) => s.id !== second.id)]);
      }),
    [state.event.id],
  );

  const run = useCallback(async (input: DoorInput, count: number) => {
    setBusy(true);
    try {
      setVerdict(await admit(input, count, latest.current.state, latest.current.device));
    } catch (error) {
      notify.error(error);
    } finally {
      setBusy(false);
    }
  }, []);

  /** A scan or a guest picked by name: one guest left admits at once; a group asks how many came. */
  const scan = useCallback(
    async (what: string | { bookingId: number }) => {
      const { state: now } = latest.current;
      const input = typeof what === 'string' ? inputOf(what, now.guests) : what;
      setVerdict(null);
      setChoice(null);
      const { choice: ask } = await firstLook(input, now, new Date());
      if (ask) setChoice(ask);
      else await run(input, 1);
    },
    [run],
  );

  const choose = useCallback(
    async (count: number) => {
      if (!choice) return;
      setChoice(null);
      await run(choice.input, count);
    },
    [choice, run],
  );

  return {
    verdict,
    choice,
    busy,
    waiting,
    seconds,
    scan,
    choose,
    cancelChoice: () => setChoice(null),
    dismiss: () => setVerdict(null),
    dismissSecond: (id: string) => setSeconds((shown) => shown.filter((s) => s.id !== id)),
  };
}
