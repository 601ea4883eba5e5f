/**
 * The door's verdict, for the whole room (docs/decisions/0055-the-door.md): the screen turns green,
 * amber or red with the guest and the reason in words, a short sound (WebAudio) and a vibration where
 * the device has them; a tap, Enter or the next scan dismisses it.
 */
import { msg, plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { CircleAlert, CircleCheck, CircleX } from 'lucide-react';
import { useEffect } from 'react';
import { cx } from '@/components/ui';
import type { Verdict } from './door-admit';
import { clockAt, REFUSAL_HINTS, REFUSAL_WORDS } from './door-words';

const TONES: Record<Verdict['kind'], { notes: number[]; vibrate: number[] }> = {
  admitted: { notes: [880, 1320], vibrate: [80] },
  already: { notes: [660, 660], vibrate: [80, 60, 80] },
  refused: { notes: [220], vibrate: [400] },
  unjudged: { notes: [440], vibrate: [200] },
};

let audio: AudioContext | null = null;

/** A short sound and a vibration for the verdict, where the device has them. */
export function signal(kind: Verdict['kind']) {
  const { notes, vibrate } = TONES[kind];
  if ('vibrate' in navigator) navigator.vibrate(vibrate);
  try {
    audio ??= new AudioContext();
    const start = audio.currentTime;
    const length = kind === 'refused' ? 0.45 : 0.12;
    notes.forEach((frequency, i) => {
      const oscillator = audio!.createOscillator();
      const gain = audio!.createGain();
      oscillator.type = kind === 'refused' ? 'square' : 'sine';
      oscillator.frequency.value = frequency;
      gain.gain.value = 0.15;
      oscillator.connect(gain).connect(audio!.destination);
      const at = start + i * (length + 0.05);
      oscillator.start(at);
      oscillator.stop(at + length);
    });
  } catch {
    // No sound on this device: the colour and the words say it.
  }
}

const STYLES: Record<Verdict['kind'], string> = {
  admitted: 'bg-emerald-700 text-white',
  already: 'bg-amber-400 text-slate-950',
  refused: 'bg-red-700 text-white',
  unjudged: 'bg-slate-700 text-white',
};

/** Admitted offline on the ticket's signature: its booking is newer than the kept list. */
function OnSignature({ count }: { count: number }) {
  const { i18n } = useLingui();
  return (
    <>
      <p className="text-5xl font-bold sm:text-7xl">{i18n._(msg`Admitted`)}</p>
      <p className="text-2xl font-semibold sm:text-3xl" data-testid="door-verdict-count">
        {i18n._(plural(count, { one: '# guest', other: '# guests' }))}
      </p>
      <p className="max-w-2xl text-xl" data-testid="door-verdict-basis">
        {i18n._(
          msg`On the ticket's signature, not on the list: the booking is newer than the list kept on this device. The ticket does not say how many guests it is for; admit the others when the list is current.`,
        )}
      </p>
      <p className="text-lg">{i18n._(msg`The server judges it again when the connection returns.`)}</p>
    </>
  );
}

function Lines({ verdict, timeZone }: { verdict: Verdict; timeZone: string }) {
  const { i18n } = useLingui();
  if (verdict.kind === 'unjudged')
    return (
      <>
        <p className="text-5xl font-bold sm:text-7xl">{i18n._(msg`Not judged`)}</p>
        <p className="max-w-2xl text-2xl sm:text-3xl">
          {i18n._(
            msg`This device does not keep the guest list offline. Connect to judge tickets, or switch on “Keep available offline” while connected.`,
          )}
        </p>
      </>
    );
  const name = verdict.guest?.name;
  if (verdict.kind === 'admitted') {
    const { count, guest } = verdict;
    if (!guest) return <OnSignature count={count} />;
    const tickets = guest.tickets;
    const left = tickets - guest.admitted;
    return (
      <>
        <p className="text-5xl font-bold sm:text-7xl">{i18n._(msg`Admitted`)}</p>
        <p className="text-3xl font-semibold sm:text-4xl">{name}</p>
        <p className="text-2xl sm:text-3xl" data-testid="door-verdict-count">
          {count === tickets
            ? i18n._(plural(count, { one: '# ticket', other: '# tickets' }))
            : i18n._(msg`${i18n.number(count)} of ${i18n.number(tickets)}`)}
        </p>
        {left > 0 && (
          <p className="text-xl">
            {i18n._(plural(left, { one: '# guest still to come', other: '# guests still to come' }))}
          </p>
        )}
        {verdict.queued && (
          <p className="text-lg">
            {i18n._(msg`Judged on this device; it will be sent when the connection returns.`)}
          </p>
        )}
      </>
    );
  }
  if (verdict.kind === 'already') {
    const at = clockAt(i18n, verdict.first.deviceAt, timeZone);
    const device = verdict.first.deviceName;
    return (
      <>
        <p className="text-5xl font-bold sm:text-7xl">{i18n._(msg`Already admitted`)}</p>
        {name && <p className="text-3xl font-semibold sm:text-4xl">{name}</p>}
        <p className="text-2xl sm:text-3xl">
          {device
            ? i18n._(msg`Already admitted at ${at} (device “${device}”)`)
            : i18n._(msg`Already admitted at ${at}`)}
        </p>
      </>
    );
  }
  return (
    <>
      <p className="text-5xl font-bold sm:text-7xl">{i18n._(REFUSAL_WORDS[verdict.reason])}</p>
      {name && <p className="text-3xl font-semibold sm:text-4xl">{name}</p>}
      <p className="text-2xl sm:text-3xl">{i18n._(REFUSAL_HINTS[verdict.reason])}</p>
    </>
  );
}

export function VerdictScreen({
  verdict,
  timeZone,
  onNext,
}: {
  verdict: Verdict;
  timeZone: string;
  onNext: () => void;
}) {
  const { i18n } = useLingui();
  useEffect(() => signal(verdict.kind), [verdict]);
  const Icon =
    verdict.kind === 'admitted'
      ? CircleCheck
      : verdict.kind === 'already' || verdict.kind === 'unjudged'
        ? CircleAlert
        : CircleX;
  return (
    <div
      role="alert"
      data-testid="door-verdict"
      data-verdict={verdict.kind}
      data-reason={verdict.kind === 'refused' ? verdict.reason : undefined}
      data-basis={verdict.kind === 'admitted' ? (verdict.guest ? 'list' : 'signature') : undefined}
      // Pressing anywhere dismisses; the scanner's field keeps the focus, so the next scan works too.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onNext}
      className={cx(
        'fixed inset-0 z-50 flex cursor-pointer flex-col items-center justify-center gap-4 p-6 text-center',
        STYLES[verdict.kind],
      )}
    >
      <Icon aria-hidden className="size-20 sm:size-28" />
      <Lines verdict={verdict} timeZone={timeZone} />
      {/* Its click reaches the screen's, which dismisses; pressing it keeps the focus in the scanner's field. */}
      <button
        type="button"
        onMouseDown={(event) => event.preventDefault()}
        className="mt-6 rounded-full border-2 border-current px-8 py-3 text-xl font-semibold"
      >
        {i18n._(msg`Next — tap or press Enter`)}
      </button>
    </div>
  );
}
