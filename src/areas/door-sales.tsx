/**
 * /event/door-sales/{id} (docs/product.md, "The door: door sales and seat leases"; ADR 0056): a
 * phone at an event's entrance takes a seat lease, sells within it (online, or offline through the
 * outbox), shows what it sold and what remains, and gives the rest back.
 */
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { Language } from '@/contract';
import { routes } from '@/contract/routes.gen';
import { useConnection } from '@/app/connection';
import { send, useOutbox } from '@/app/outbox';
import { NotFoundPage } from '@/components/error-pages/NotFoundPage';
import { Alert, Button, TextField } from '@/components/ui';
import { call, errorMessage } from '@/lib/api';
import { localizedText, venueTime } from '@/resources/cells';
import { parseId } from '@/resources/screens';
import type { RenderContext } from '@/resources/types';
import {
  keepLease,
  leaseLeft,
  reconcile,
  settleLease,
  useDevice,
  useKeptLease,
  type KeptLease,
} from './door-sales-device';
import { SaleForm } from './door-sales-form';

const eventQuery = (id: number) => ({
  queryKey: ['door-sales', id, 'event'] as const,
  queryFn: async ({ signal }: { signal: AbortSignal }) =>
    (await call(routes.doorState, { params: { id }, signal })).data.event,
});

export function Sales() {
  const params = useParams({ strict: false }) as { id?: string };
  const id = parseId(params.id);
  if (id === null) return <NotFoundPage />;
  return <SalesDesk eventId={id} />;
}

function SalesDesk({ eventId }: { eventId: number }) {
  const { i18n } = useLingui();
  const ctx: RenderContext = { i18n, language: i18n.locale as Language };
  const [device] = useDevice();
  const kept = useKeptLease(eventId);
  const online = useConnection() === 'online';
  const event = useQuery(eventQuery(eventId));
  const waiting = useOutbox().filter(
    (e) => e.endpoint === 'doorSale' && e.request.params?.id === eventId && e.state !== 'failed',
  );
  const leases = useQuery({
    queryKey: ['door-sales', eventId, 'leases', device.id],
    queryFn: async ({ signal }) => {
      // When it was asked: a change the device made after that is newer than the answer.
      const askedAt = Date.now();
      const query = { deviceId: device.id };
      return { ...(await call(routes.leaseList, { params: { id: eventId }, query, signal })).data, askedAt };
    },
    enabled: online,
  });
  // The server's word on the lease, once every sale of this device has reached it.
  const server = leases.data;
  const unsent = waiting.length > 0;
  useEffect(() => {
    if (server && !unsent) settleLease(eventId, server.leases[0], server.askedAt);
  }, [eventId, server, unsent]);
  if (event.isError && !event.data)
    return (
      <Alert kind="error" className="m-4">
        {errorMessage(event.error)}
      </Alert>
    );
  const e = event.data;
  return (
    <div className="mx-auto max-w-xl space-y-4 p-4" data-testid="door-sales">
      <header className="space-y-1">
        <p className="text-sm text-slate-600 dark:text-slate-400">{i18n._(msg`Door sales`)}</p>
        <h1 className="text-2xl font-semibold break-words">
          {e ? localizedText(e.title, ctx.language) : '…'}
        </h1>
        {e && <p className="text-sm">{venueTime(e.startsAt, e.timeZone, ctx)}</p>}
      </header>
      {!online && (
        <Alert kind="info">
          <p data-testid="door-sales-offline">
            {i18n._(
              msg`No connection: this device sells within its lease; the sales are sent when it returns.`,
            )}
          </p>
        </Alert>
      )}
      {kept ? (
        <LeaseCard eventId={eventId} lease={kept} waiting={waiting.length} online={online} />
      ) : (
        <TakeLease eventId={eventId} online={online} free={server?.free ?? null} />
      )}
      <SaleForm eventId={eventId} price={e?.price ?? null} lease={kept} online={online} />
    </div>
  );
}

function Figure({ label, value, testId }: { label: string; value: number; testId: string }) {
  const { i18n } = useLingui();
  return (
    <div className="rounded-md bg-slate-100 p-3 text-center dark:bg-slate-800">
      <dt className="text-sm text-slate-700 dark:text-slate-300">{label}</dt>
      <dd className="text-3xl font-semibold tabular-nums" data-testid={testId}>
        {i18n.number(value)}
      </dd>
    </div>
  );
}

function LeaseCard({
  eventId,
  lease,
  waiting,
  online,
}: {
  eventId: number;
  lease: KeptLease;
  waiting: number;
  online: boolean;
}) {
  const { i18n } = useLingui();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const giveBack = async () => {
    setBusy(true);
    setError(null);
    try {
      // Queued behind this device's unsent sales: the server hears them first.
      await send(
        'leaseReturn',
        { params: { id: eventId, leaseId: lease.id } },
        {
          summary: i18n._(msg`Return the unsold seats of lease ${String(lease.id)}`),
          resource: 'door-sales',
        },
      );
      keepLease(eventId, null);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section
      aria-labelledby="lease-title"
      className="space-y-3 rounded-lg border border-slate-300 p-4 dark:border-slate-700"
    >
      <h2 id="lease-title" className="text-lg font-semibold">
        {i18n._(msg`This device's lease`)}
      </h2>
      <dl className="grid grid-cols-3 gap-2">
        <Figure label={i18n._(msg`Seats`)} value={lease.seats} testId="lease-seats" />
        <Figure label={i18n._(msg`Sold`)} value={lease.sold} testId="lease-sold" />
        <Figure label={i18n._(msg`Remaining`)} value={leaseLeft(lease)} testId="lease-remaining" />
      </dl>
      {waiting > 0 && (
        <p className="text-sm" data-testid="door-sales-waiting">
          {i18n._(msg`Sales waiting to be sent: ${i18n.number(waiting)}`)}
        </p>
      )}
      {error && <Alert kind="error">{error}</Alert>}
      <Button variant="secondary" className="min-h-12 w-full text-base" loading={busy} onClick={giveBack}>
        {online ? i18n._(msg`Return the rest`) : i18n._(msg`Return the rest when back online`)}
      </Button>
    </section>
  );
}

function TakeLease({ eventId, online, free }: { eventId: number; online: boolean; free: number | null }) {
  const { i18n } = useLingui();
  const [device, rename] = useDevice();
  const [name, setName] = useState(device.name);
  const [seats, setSeats] = useState('10');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const take = async (event: React.FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      if (name.trim()) rename(name);
      const answer = await call(routes.leaseTake, {
        params: { id: eventId },
        body: { seats: Number(seats), deviceId: device.id },
      });
      keepLease(eventId, reconcile(null, answer.data));
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={take} className="space-y-3 rounded-lg border border-slate-300 p-4 dark:border-slate-700">
      <h2 className="text-lg font-semibold">{i18n._(msg`Take seats to sell`)}</h2>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {i18n._(msg`Seats taken by this device are kept for it: it can sell them even without a connection.`)}
      </p>
      {free !== null && (
        <p className="text-sm" data-testid="door-sales-free">
          {i18n._(msg`Free seats now: ${i18n.number(free)}`)}
        </p>
      )}
      <TextField
        label={i18n._(msg`Device name`)}
        value={name}
        maxLength={40}
        onChange={(e) => setName(e.target.value)}
      />
      <TextField
        label={i18n._(msg`Seats`)}
        type="number"
        inputMode="numeric"
        min={1}
        value={seats}
        onChange={(e) => setSeats(e.target.value)}
        className="text-lg"
      />
      {error && <Alert kind="error">{error}</Alert>}
      <Button type="submit" className="min-h-12 w-full text-base" loading={busy} disabled={!online}>
        {online ? i18n._(msg`Take seats`) : i18n._(msg`Take seats when back online`)}
      </Button>
    </form>
  );
}
