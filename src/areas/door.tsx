/**
 * /event/door/{id} (docs/decisions/0055-the-door.md): staff at an event's entrance admit guests by
 * camera, hardware scanner (a keyboard wedge types the code and Enter), typed code, or by name or
 * phone; the verdict fills the screen. The door state is kept on the device with the rest of the
 * user's data (the persisted query cache, docs/decisions/0008-offline-outbox-and-cache.md), so the
 * screen judges offline too, and the live stream keeps its counters current.
 */
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { Camera, CameraOff, ClipboardList, Pencil, Ticket } from 'lucide-react';
import { AppLink } from '@/components/AppLink';
import { useEffect, useRef, useState } from 'react';
import { useConnection } from '@/app/connection';
import type { DoorState, Language } from '@/contract';
import { Alert, Button, inputClass } from '@/components/ui';
import { cardClass } from '@/resources/DetailsPage';
import { localizedText, venueTime } from '@/resources/cells';
import { parseId } from '@/resources/screens';
import { DoorCamera } from './door-camera';
import { warmDecoder } from './door-decoder';
import { useDoorDesk } from './door-desk';
import { DoorAccounts } from './door-accounts';
import { useDoorDevice, type DoorDevice } from './door-device';
import { doorQuery, useKeepOffline } from './door-keep';
import { DoorLog, GuestSearch } from './door-lists';
import { ChoosePanel, NameDevice } from './door-parts';
import { DoorStatus, SecondNotices } from './door-status';
import { VerdictScreen } from './door-verdict';
import { LoadedDetails } from './details-frame';

/** @public The route's component (src/routes/_app/event/door/$id.tsx). */
export function Door() {
  const params = useParams({ strict: false }) as { id?: string };
  const id = parseId(params.id);
  const door = useQuery({ ...doorQuery(id ?? 0), enabled: id !== null });
  const [device, rename] = useDoorDevice();
  const [renaming, setRenaming] = useState(false);
  return (
    <LoadedDetails id={id} details={door}>
      {(state) => (
        <div className="space-y-4" data-testid="door">
          <DoorHeader state={state} device={device} onRename={() => setRenaming(true)} />
          {!device || renaming ? (
            <section className={cardClass}>
              <NameDevice
                current={device?.name}
                onName={(name) => {
                  rename(name);
                  setRenaming(false);
                }}
                onCancel={device ? () => setRenaming(false) : undefined}
              />
            </section>
          ) : (
            <DoorDesk state={state} device={device} updatedAt={door.dataUpdatedAt} />
          )}
          <DoorAccounts eventId={state.event.id} />
        </div>
      )}
    </LoadedDetails>
  );
}

const SIDE_LINK =
  'inline-flex min-h-10 items-center gap-2 rounded-md border border-slate-300 px-3 py-2 text-sm font-medium hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800';

function DoorHeader({
  state,
  device,
  onRename,
}: {
  state: DoorState;
  device: DoorDevice | null;
  onRename: () => void;
}) {
  const { i18n } = useLingui();
  const language = i18n.locale as Language;
  const { event } = state;
  const ctx = { i18n, language };
  return (
    <header className="flex flex-wrap items-start justify-between gap-3">
      <div className="space-y-1">
        <p className="text-sm text-slate-600 dark:text-slate-300">{i18n._(msg`Door`)}</p>
        <h1 className="text-2xl font-semibold">{localizedText(event.title, language)}</h1>
        <p className="text-sm">
          {venueTime(event.startsAt, event.timeZone, ctx)} · {localizedText(event.locationName, language)}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        {device && (
          <Button variant="secondary" onClick={onRename} data-testid="door-device">
            <Pencil aria-hidden className="size-4" />
            {i18n._(msg`Device: ${device.name}`)}
          </Button>
        )}
        {/* The event's other door screens (docs/decisions/0055-the-door.md). */}
        <AppLink to={`/event/door-list/${event.id}`} className={SIDE_LINK} data-testid="door-to-list">
          <ClipboardList aria-hidden className="size-4" />
          {i18n._(msg`Door list`)}
        </AppLink>
        <AppLink to={`/event/door-sales/${event.id}`} className={SIDE_LINK} data-testid="door-to-sales">
          <Ticket aria-hidden className="size-4" />
          {i18n._(msg`Door sales`)}
        </AppLink>
      </div>
    </header>
  );
}

function Counters({ state, waiting }: { state: DoorState; waiting: number }) {
  const { i18n } = useLingui();
  return (
    <section className={cardClass} aria-labelledby="door-counters-title">
      <h2 id="door-counters-title" className="text-sm font-medium text-slate-600 dark:text-slate-300">
        {i18n._(msg`Admitted / expected`)}
      </h2>
      <p className="text-5xl font-bold tabular-nums" data-testid="door-counters">
        <span data-testid="door-admitted">{i18n.number(state.admitted + waiting)}</span>
        <span className="text-slate-500"> / </span>
        <span data-testid="door-expected">{i18n.number(state.expected)}</span>
      </p>
    </section>
  );
}

type Desk = ReturnType<typeof useDoorDesk>;

/** The scanner's field (a hardware scanner types into it, then Enter), typed codes, and the camera. */
function ScanCard({ desk }: { desk: Desk }) {
  const { i18n } = useLingui();
  const connection = useConnection();
  const [camera, setCamera] = useState(false);
  const [text, setText] = useState('');
  const field = useRef<HTMLInputElement>(null);
  const { verdict, choice, dismiss } = desk;
  useEffect(() => {
    if (connection === 'online') warmDecoder();
  }, [connection]);
  // Enter anywhere (outside the scanner's field, which takes it itself) dismisses the verdict.
  useEffect(() => {
    if (!verdict) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Enter' || event.target === field.current) return;
      event.preventDefault();
      dismiss();
      field.current?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [verdict, dismiss]);
  useEffect(() => {
    if (!choice && !verdict) field.current?.focus();
  }, [choice, verdict]);
  return (
    <section className={`${cardClass} space-y-3`} aria-labelledby="door-scan-title">
      <h2 id="door-scan-title" className="text-lg font-semibold">
        {i18n._(msg`Scan a ticket`)}
      </h2>
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          const scanned = text.trim();
          setText('');
          if (scanned) void desk.scan(scanned);
          else dismiss();
        }}
      >
        <label className="min-w-0 flex-1 basis-56 space-y-1">
          <span className="block text-sm font-medium">{i18n._(msg`Ticket or booking code`)}</span>
          <input
            ref={field}
            value={text}
            onChange={(event) => setText(event.target.value)}
            className={inputClass(false)}
            data-testid="door-code"
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            dir="ltr"
          />
        </label>
        <Button type="submit" loading={desk.busy}>
          {i18n._(msg`Admit`)}
        </Button>
        <Button
          variant="secondary"
          aria-pressed={camera}
          onClick={() => setCamera((on) => !on)}
          data-testid="door-camera-toggle"
        >
          {camera ? <CameraOff aria-hidden className="size-4" /> : <Camera aria-hidden className="size-4" />}
          {camera ? i18n._(msg`Stop the camera`) : i18n._(msg`Camera`)}
        </Button>
      </form>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        {i18n._(msg`A hardware scanner types into this field; Enter admits.`)}
      </p>
      {camera && <DoorCamera onCode={(code) => void desk.scan(code)} paused={Boolean(choice) || desk.busy} />}
    </section>
  );
}

function DoorDesk({ state, device, updatedAt }: { state: DoorState; device: DoorDevice; updatedAt: number }) {
  const { i18n } = useLingui();
  const desk = useDoorDesk(state, device);
  const connection = useConnection();
  const keep = useKeepOffline(state.event.id);
  const { verdict, choice, dismiss } = desk;
  const waitingCount = desk.waiting.reduce((sum, w) => sum + w.count, 0);
  return (
    <>
      <DoorStatus
        eventId={state.event.id}
        asOf={state.asOf}
        updatedAt={updatedAt}
        waiting={desk.waiting.length}
      />
      <SecondNotices notices={desk.seconds} timeZone={state.event.timeZone} onDismiss={desk.dismissSecond} />
      {connection !== 'online' && (
        <Alert kind="info">
          {keep
            ? i18n._(msg`Offline: tickets are judged on this device from the kept list.`)
            : i18n._(msg`Offline: this device does not keep the guest list, so tickets are not judged.`)}
        </Alert>
      )}
      {/* On a phone the counters come first; on a desktop they head the second column. */}
      <div className="grid items-start gap-4 lg:grid-cols-[3fr_2fr]">
        <div className="lg:col-start-2 lg:row-start-1">
          <Counters state={state} waiting={waitingCount} />
        </div>
        <div className="lg:col-start-1 lg:row-start-1">
          <ScanCard desk={desk} />
        </div>
        <section className={`${cardClass} lg:col-start-1 lg:row-start-2`} aria-label={i18n._(msg`Guests`)}>
          <GuestSearch
            guests={state.guests}
            waiting={desk.waiting}
            onAdmit={(bookingId) => void desk.scan({ bookingId })}
          />
        </section>
        <section className={`${cardClass} lg:col-start-2 lg:row-start-2`} aria-labelledby="door-log-title">
          <h2 id="door-log-title" className="mb-2 text-lg font-semibold">
            {i18n._(msg`Door log`)}
          </h2>
          <DoorLog
            log={state.log}
            timeZone={state.event.timeZone}
            waiting={desk.waiting}
            guests={state.guests}
          />
        </section>
      </div>
      {choice && (
        <ChoosePanel choice={choice} onChoose={(n) => void desk.choose(n)} onCancel={desk.cancelChoice} />
      )}
      {verdict && <VerdictScreen verdict={verdict} timeZone={state.event.timeZone} onNext={dismiss} />}
    </>
  );
}
