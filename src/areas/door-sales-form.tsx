/**
 * The quick sale of the door-sales screen (src/areas/door-sales.tsx): name, phone, tickets, cash or
 * card. Within the device's lease a sale is counted on the device at once and sent through the
 * outbox (now, or when the connection returns, exactly once); beyond it, it is refused here.
 */
import { msg } from '@lingui/core/macro';
import type { I18n } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Language } from '@/contract';
import type { DoorSale } from '@/contract/door-sales';
import { routes } from '@/contract/routes.gen';
import { send, useOutbox } from '@/app/outbox';
import { Stepper } from '@/components/Stepper';
import { Alert, Button, cx, TextField } from '@/components/ui';
import { ApiError, call, errorMessage, newIdempotencyKey } from '@/lib/api';
import { Ltr } from '@/resources/cells';
import type { RenderContext } from '@/resources/types';
import { money } from './booking-status';
import { keepLease, leaseLeft, settleLease, useDevice, type KeptLease } from './door-sales-device';

type Payment = 'cash' | 'card';
const MAX_TICKETS = 20;

interface Sold {
  key: string;
  name: string;
  tickets: number;
  payment: Payment;
  /** The booking's code once the server has it; null while the sale waits in the outbox. */
  code: string | null;
}

const big = 'min-h-14 text-lg';

/** What the form says after a try: the refusal (and its fields) or the answer. */
interface Said {
  error: string | null;
  errors: Record<string, string>;
  notice: string | null;
}

export function SaleForm({
  eventId,
  price,
  lease,
  online,
}: {
  eventId: number;
  price: number | null;
  lease: KeptLease | null;
  online: boolean;
}) {
  const { i18n } = useLingui();
  const ctx: RenderContext = { i18n, language: i18n.locale as Language };
  const client = useQueryClient();
  const [device] = useDevice();
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const [tickets, setTickets] = useState(1);
  const [payment, setPayment] = useState<Payment>('cash');
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState<Said>({ error: null, errors: {}, notice: null });
  const [sold, setSold] = useState<Sold[]>([]);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const refused = refusalOf(i18n, lease, tickets, online);
    setSaid({ error: refused, errors: {}, notice: null });
    if (refused) return;
    const key = newIdempotencyKey();
    const body = {
      ...(lease ? { leaseId: lease.id } : {}),
      customerName: name,
      customerPhone: phone,
      tickets,
      payment,
      deviceId: device.id,
      ...(device.name ? { deviceName: device.name } : {}),
      at: new Date().toISOString(),
    };
    setBusy(true);
    try {
      const summary = i18n._(msg`Door sale: ${tickets} × ${name}`);
      const answer = await sellOnce(eventId, lease, body, key, summary);
      setSold((list) => [{ key, name, tickets, payment, code: answer.code }, ...list].slice(0, 10));
      setSaid({ error: null, errors: {}, notice: answer.message });
      setName('');
      setPhone('');
      setTickets(1);
      void client.invalidateQueries({ queryKey: ['door-sales', eventId, 'leases'] });
    } catch (err) {
      const errors = err instanceof ApiError ? err.fieldErrors : {};
      setSaid({ error: errorMessage(err), errors, notice: null });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <form
        onSubmit={submit}
        className="space-y-3 rounded-lg border border-slate-300 p-4 dark:border-slate-700"
      >
        <h2 className="text-lg font-semibold">{i18n._(msg`Sell tickets`)}</h2>
        <CustomerFields name={name} phone={phone} errors={said.errors} onName={setName} onPhone={setPhone} />
        <TicketStepper tickets={tickets} onChange={setTickets} />
        <PaymentChoice payment={payment} onChange={setPayment} />
        {said.error && <Alert kind="error">{said.error}</Alert>}
        {said.notice && <Alert kind="success">{said.notice}</Alert>}
        <Button type="submit" className={cx(big, 'w-full')} loading={busy}>
          {price === null
            ? i18n._(msg`Sell`)
            : i18n._(msg`Sell ${i18n.number(tickets)} for ${money(price * tickets, ctx)}`)}
        </Button>
      </form>
      <LastSales sold={sold} />
    </>
  );
}

/** Why the device refuses a sale by itself: beyond its lease, or no lease and no connection. */
const refusalOf = (i18n: I18n, lease: KeptLease | null, tickets: number, online: boolean) => {
  const left = leaseLeft(lease);
  if (lease && tickets > left)
    return online
      ? i18n._(msg`This device can sell ${left} more; take more seats to sell more.`)
      : i18n._(msg`This device can sell ${left} more; take more seats when back online.`);
  if (!lease && !online) return i18n._(msg`Take seats while online to sell without a connection.`);
  return null;
};

/**
 * One sale: within the lease it is counted on the device at once (the next sale is judged against
 * what is left) and goes through the outbox; without a lease it needs the server now.
 */
async function sellOnce(
  eventId: number,
  lease: KeptLease | null,
  body: Record<string, unknown>,
  key: string,
  summary: string,
): Promise<{ message: string; code: string | null }> {
  if (!lease) {
    const answer = await call(routes.doorSale, {
      params: { id: eventId },
      body: body as never,
      idempotencyKey: key,
    });
    return { message: answer.message, code: answer.data.code };
  }
  keepLease(eventId, { ...lease, sold: lease.sold + (body.tickets as number) });
  try {
    const answer = await send(
      'doorSale',
      { params: { id: eventId }, body },
      { summary, resource: 'door-sales', idempotencyKey: key },
    );
    const data = answer.data as DoorSale | undefined;
    if (data?.lease) settleLease(eventId, data.lease, Date.now());
    return { message: answer.message, code: data?.code ?? null };
  } catch (err) {
    keepLease(eventId, lease);
    throw err;
  }
}

const bigInput = '[&_input]:min-h-12 [&_input]:text-lg';

function CustomerFields(props: {
  name: string;
  phone: string;
  errors: Record<string, string>;
  onName: (name: string) => void;
  onPhone: (phone: string) => void;
}) {
  const { i18n } = useLingui();
  return (
    <>
      <TextField
        label={i18n._(msg`Name`)}
        value={props.name}
        required
        autoComplete="off"
        error={props.errors.customerName}
        onChange={(e) => props.onName(e.target.value)}
        className={bigInput}
      />
      <TextField
        label={i18n._(msg`Phone`)}
        type="tel"
        dir="ltr"
        value={props.phone}
        required
        autoComplete="off"
        error={props.errors.customerPhone}
        onChange={(e) => props.onPhone(e.target.value)}
        className={bigInput}
      />
    </>
  );
}

function PaymentChoice({ payment, onChange }: { payment: Payment; onChange: (way: Payment) => void }) {
  const { i18n } = useLingui();
  return (
    <fieldset className="space-y-1">
      <legend className="text-sm font-medium">{i18n._(msg`Paid by`)}</legend>
      <div className="grid grid-cols-2 gap-2">
        {(['cash', 'card'] as const).map((way) => (
          <Button
            key={way}
            variant={payment === way ? 'primary' : 'secondary'}
            aria-pressed={payment === way}
            className={big}
            onClick={() => onChange(way)}
          >
            {way === 'cash' ? i18n._(msg`Cash`) : i18n._(msg`Card`)}
          </Button>
        ))}
      </div>
    </fieldset>
  );
}

function TicketStepper({ tickets, onChange }: { tickets: number; onChange: (n: number) => void }) {
  const { i18n } = useLingui();
  return (
    <div className="space-y-1">
      <p className="text-sm font-medium" id="door-sale-tickets">
        {i18n._(msg`Tickets`)}
      </p>
      <Stepper
        value={tickets}
        onChange={onChange}
        max={MAX_TICKETS}
        fewer={i18n._(msg`One ticket fewer`)}
        more={i18n._(msg`One ticket more`)}
        labelledBy="door-sale-tickets"
        countTestId="sale-tickets"
        className="gap-3"
        buttonClassName={big}
        countClassName="min-w-12 text-3xl font-semibold"
      />
    </div>
  );
}

function LastSales({ sold }: { sold: Sold[] }) {
  const { i18n } = useLingui();
  // A sale sent from the outbox since: no longer waiting (its code is on the booking).
  const waiting = new Set(useOutbox().map((entry) => entry.id));
  if (!sold.length) return null;
  return (
    <section aria-labelledby="last-sales" className="space-y-2">
      <h2 id="last-sales" className="text-lg font-semibold">
        {i18n._(msg`Last sales`)}
      </h2>
      <ul className="divide-y divide-slate-200 rounded-lg border border-slate-300 dark:divide-slate-700 dark:border-slate-700">
        {sold.map((sale) => (
          <li key={sale.key} className="flex items-center justify-between gap-2 p-3" data-testid="last-sale">
            <span className="flex min-w-0 flex-wrap gap-x-3 break-words">
              <span>{sale.name}</span>
              <span>{i18n._(msg`× ${i18n.number(sale.tickets)}`)}</span>
              <span>{sale.payment === 'cash' ? i18n._(msg`Cash`) : i18n._(msg`Card`)}</span>
            </span>
            <span className="shrink-0 text-sm">
              {sale.code ? (
                <Ltr>{sale.code}</Ltr>
              ) : waiting.has(sale.key) ? (
                i18n._(msg`Waiting to be sent`)
              ) : (
                i18n._(msg`Sent`)
              )}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
