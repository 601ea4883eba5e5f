/**
 * /outbox (docs/decisions/0008-offline-outbox-and-cache.md): the changes made on this device that the server has not taken yet: what, when,
 * and their state. Waiting ones go out by themselves; a refused one shows the server's message
 * (retry or discard); a conflict shows the user's change next to the record as it is on the server
 * now, and the user chooses.
 */
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useQuery } from '@tanstack/react-query';
import { Inbox, RefreshCw, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { resources, type Language } from '@/contract';
import { discardEntry, flushOutbox, retryEntry, useOutbox, type OutboxEntry } from '@/app/outbox';
import { useConnection } from '@/app/connection';
import { BOOKING_STATUS_TEXT, PAYMENT_STATUS_TEXT } from '@/areas/booking-status';
import { Alert, Button } from '@/components/ui';
import { Badge, dateTime } from '@/resources/cells';
import { cardClass } from '@/resources/DetailsPage';
import { ConfirmDialog } from '@/components/dialogs';
import { detailQueryOptions, type BaseRecord } from '@/resources/queries';
import type { RenderContext } from '@/resources/types';

/** A field's value in words where the app has them (statuses), else as it is. */
function valueText(field: string, value: unknown, ctx: RenderContext): string {
  if (field === 'status' && typeof value === 'string' && value in BOOKING_STATUS_TEXT)
    return ctx.i18n._(BOOKING_STATUS_TEXT[value as keyof typeof BOOKING_STATUS_TEXT]);
  if (field === 'paymentStatus' && typeof value === 'string' && value in PAYMENT_STATUS_TEXT)
    return ctx.i18n._(PAYMENT_STATUS_TEXT[value as keyof typeof PAYMENT_STATUS_TEXT]);
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value)) return value.map((item) => valueText('', item, ctx)).join(', ');
  if (typeof value === 'object') {
    const text = value as Partial<Record<Language, string>>;
    if ('en' in text || 'ar' in text) return text[ctx.language] || text.en || text.ar || '—';
    return JSON.stringify(value);
  }
  return String(value);
}

export function OutboxPage() {
  const { i18n } = useLingui();
  const entries = useOutbox();
  const connection = useConnection();
  return (
    <section className="mx-auto max-w-4xl space-y-4" aria-labelledby="outbox-title" data-testid="outbox">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="outbox-title" className="text-2xl font-semibold">
          {i18n._(msg`Outbox`)}
        </h1>
        {entries.some((e) => e.state === 'queued') && (
          <Button variant="secondary" disabled={connection !== 'online'} onClick={() => void flushOutbox()}>
            <RefreshCw aria-hidden="true" className="size-4" />
            {i18n._(msg`Send now`)}
          </Button>
        )}
      </div>
      <p className="text-slate-700 dark:text-slate-300">
        {i18n._(
          msg`Changes made on this device that the server has not received yet. They are sent in order as soon as the connection allows.`,
        )}
      </p>
      {entries.length === 0 ? (
        <div className={`${cardClass} flex items-center gap-3`} data-testid="outbox-empty">
          <Inbox aria-hidden="true" className="size-6 text-slate-500" />
          <p>{i18n._(msg`Nothing is waiting: every change has reached the server.`)}</p>
        </div>
      ) : (
        <ol className="space-y-3">
          {entries.map((entry) => (
            <OutboxItem key={entry.id} entry={entry} />
          ))}
        </ol>
      )}
    </section>
  );
}

function OutboxItem({ entry }: { entry: OutboxEntry }) {
  const { i18n } = useLingui();
  const language = i18n.locale as Language;
  const ctx: RenderContext = { i18n, language };
  const [discarding, setDiscarding] = useState(false);
  const state = {
    queued: { tone: 'amber', text: msg`Waiting to be sent` },
    sending: { tone: 'amber', text: msg`Sending…` },
    failed: { tone: 'red', text: msg`Refused by the server` },
    conflict: { tone: 'red', text: msg`Changed by someone else` },
  } as const;
  return (
    <li className={cardClass} data-testid="outbox-entry" data-state={entry.state}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <p className="font-medium">{entry.summary}</p>
          <p className="text-sm text-slate-700 dark:text-slate-300">
            {i18n._(msg`Made ${dateTime(new Date(entry.createdAt).toISOString(), ctx)}`)}
          </p>
        </div>
        <Badge tone={state[entry.state].tone}>{i18n._(state[entry.state].text)}</Badge>
      </div>
      {entry.error && (
        <Alert kind="error" className="mt-3">
          <span data-testid="outbox-error">{entry.error}</span>
        </Alert>
      )}
      {entry.state === 'conflict' && <Conflict entry={entry} ctx={ctx} />}
      <div className="mt-3 flex flex-wrap gap-2">
        {entry.state === 'failed' && (
          <Button variant="secondary" onClick={() => void retryEntry(entry.id)} data-testid="outbox-retry">
            <RefreshCw aria-hidden="true" className="size-4" />
            {i18n._(msg`Try again`)}
          </Button>
        )}
        {entry.state !== 'sending' && (
          <Button variant="danger" onClick={() => setDiscarding(true)} data-testid="outbox-discard">
            <Trash2 aria-hidden="true" className="size-4" />
            {entry.state === 'conflict' ? i18n._(msg`Keep the server’s version`) : i18n._(msg`Discard`)}
          </Button>
        )}
      </div>
      <ConfirmDialog
        open={discarding}
        onOpenChange={setDiscarding}
        title={i18n._(msg`Discard this change?`)}
        description={i18n._(msg`${entry.summary} will not be sent. The record stays as it is on the server.`)}
        confirmLabel={i18n._(msg`Discard`)}
        danger
        onConfirm={() => {
          setDiscarding(false);
          void discardEntry(entry.id);
        }}
      />
    </li>
  );
}

/** The user's change next to the record as the server has it now; "apply mine" sends it over that version. */
function Conflict({ entry, ctx }: { entry: OutboxEntry; ctx: RenderContext }) {
  const { i18n } = ctx;
  const resource = resources.find((r) => r.key === entry.resource);
  const current = useQuery({
    ...detailQueryOptions<BaseRecord & Record<string, unknown>>(resource!, entry.recordId ?? 0),
    enabled: Boolean(resource && entry.recordId),
    staleTime: 0,
  });
  const fields = Object.keys(entry.patch ?? {});
  if (!resource || !entry.recordId || fields.length === 0) return null;
  if (!current.data)
    return (
      <p className="mt-3 text-sm">
        {current.isError ? i18n._(msg`The server’s version could not be loaded.`) : i18n._(msg`Loading…`)}
      </p>
    );
  const server = current.data;
  return (
    <div className="mt-3 overflow-x-auto" data-testid="outbox-conflict">
      <table className="w-full text-sm">
        <caption className="mb-2 text-start">
          {i18n._(
            msg`Changed on the server ${dateTime(server.updatedAt, ctx)}. Choose which version to keep.`,
          )}
        </caption>
        <thead>
          <tr>
            <th scope="col" className="py-1 pe-3 text-start font-semibold">
              {i18n._(msg`Field`)}
            </th>
            <th scope="col" className="py-1 pe-3 text-start font-semibold">
              {i18n._(msg`Your change`)}
            </th>
            <th scope="col" className="py-1 text-start font-semibold">
              {i18n._(msg`On the server now`)}
            </th>
          </tr>
        </thead>
        <tbody>
          {fields.map((field) => (
            <tr key={field}>
              <th scope="row" className="py-1 pe-3 text-start font-medium">
                {field === 'status'
                  ? i18n._(msg`Status`)
                  : field === 'paymentStatus'
                    ? i18n._(msg`Payment`)
                    : field}
              </th>
              <td className="py-1 pe-3" data-testid="conflict-mine">
                {valueText(field, entry.patch![field], ctx)}
              </td>
              <td className="py-1" data-testid="conflict-server">
                {valueText(field, server[field], ctx)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Button
        className="mt-3"
        onClick={() =>
          void retryEntry(entry.id, { body: { ...entry.request.body, version: server.version } })
        }
        data-testid="outbox-apply-mine"
      >
        {i18n._(msg`Apply my change`)}
      </Button>
    </div>
  );
}
