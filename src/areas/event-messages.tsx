/**
 * The event's messages to its guests (docs/product.md, "Messages to guests"): its automatic
 * reminder, writing a message (event-message-compose.tsx), and each message with its mails counted
 * by state, opening to its recipients and failures with a retry of the failed.
 */
import { msg } from '@lingui/core/macro';
import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { REMINDER_HOURS, type GuestMessage } from '@/contract';
import { routes } from '@/contract/routes.gen';
import { notify } from '@/app/notify';
import { Alert, Button, TextField } from '@/components/ui';
import { call, errorMessage, newIdempotencyKey } from '@/lib/api';
import { EmailText, localizedText, venueTime } from '@/resources/cells';
import type { RenderContext } from '@/resources/types';
import { MailStateBadge } from './booking-mails';
import { DetailsCard } from './details-frame';
import { MessageComposer } from './event-message-compose';

/** While mails of a message wait in the queue (or a scheduled one came due), its counts are read again. */
const SENDING_REFRESH_MS = 3_000;
const stillSending = (messages: GuestMessage[] | undefined) =>
  messages?.some(
    (m) => m.counts.queued > 0 || (m.state === 'scheduled' && Date.parse(m.sendAt) <= Date.now()),
  );

const messagesQuery = (eventId: number) =>
  queryOptions({
    queryKey: ['event', 'messages', eventId] as const,
    queryFn: async ({ signal }) =>
      (await call(routes.eventMessages, { params: { id: eventId }, signal })).data,
    refetchInterval: (query) => (stillSending(query.state.data) ? SENDING_REFRESH_MS : false),
  });

/** The recipients of a message, read again whenever its counts move (the key holds them). */
const messageLogQuery = (eventId: number, { id: messageId, counts }: GuestMessage) =>
  queryOptions({
    queryKey: ['event', 'messages', eventId, messageId, counts.queued, counts.sent, counts.failed] as const,
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) =>
      (await call(routes.eventMessageRecipients, { params: { id: eventId, messageId }, signal })).data,
  });

const reminderQuery = (eventId: number) =>
  queryOptions({
    queryKey: ['event', 'reminder', eventId] as const,
    queryFn: async ({ signal }) =>
      (await call(routes.eventReminder, { params: { id: eventId }, signal })).data,
  });

const muted = 'text-sm text-slate-600 dark:text-slate-400';

function Reminder({ eventId, ctx }: { eventId: number; ctx: RenderContext }) {
  const { i18n } = ctx;
  const queryClient = useQueryClient();
  const reminder = useQuery(reminderQuery(eventId));
  const [hours, setHours] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const shown = hours ?? (reminder.data?.hours != null ? String(reminder.data.hours) : '');
  const save = async (value: number | null) => {
    setBusy(true);
    setError(undefined);
    try {
      const answer = await call(routes.eventReminderSave, {
        params: { id: eventId },
        body: { hours: value },
        idempotencyKey: newIdempotencyKey(),
      });
      notify.success(answer.message);
      setHours(null);
      await queryClient.invalidateQueries({ queryKey: reminderQuery(eventId).queryKey });
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="space-y-2" data-testid="event-reminder">
      <p className={muted} data-testid="reminder-state">
        {reminder.data?.hours != null
          ? i18n._(
              msg`Each guest gets a reminder ${i18n.number(reminder.data.hours)} hours before the start.`,
            )
          : i18n._(msg`No automatic reminder.`)}
      </p>
      <div className="flex flex-wrap items-end gap-2">
        <TextField
          label={i18n._(msg`Reminder, hours before the start`)}
          type="number"
          inputMode="numeric"
          min={REMINDER_HOURS.min}
          max={REMINDER_HOURS.max}
          value={shown}
          onChange={(e) => setHours(e.target.value)}
          error={error}
          className="w-56"
          data-testid="reminder-hours"
        />
        <Button
          variant="secondary"
          loading={busy}
          disabled={!shown}
          onClick={() => void save(Number(shown))}
          data-testid="reminder-save"
        >
          {i18n._(msg`Save reminder`)}
        </Button>
        {reminder.data?.hours != null && (
          <Button variant="ghost" disabled={busy} onClick={() => void save(null)}>
            {i18n._(msg`No reminder`)}
          </Button>
        )}
      </div>
    </div>
  );
}

function MessageLog({
  eventId,
  message,
  ctx,
}: {
  eventId: number;
  message: GuestMessage;
  ctx: RenderContext;
}) {
  const { i18n } = ctx;
  const queryClient = useQueryClient();
  const log = useQuery(messageLogQuery(eventId, message));
  const [busy, setBusy] = useState(false);
  const [key, setKey] = useState(newIdempotencyKey);
  const [error, setError] = useState<string | null>(null);
  const retry = async () => {
    setBusy(true);
    setError(null);
    try {
      const answer = await call(routes.eventMessageRetry, {
        params: { id: eventId, messageId: message.id },
        idempotencyKey: key,
      });
      notify.success(answer.message);
      setKey(newIdempotencyKey());
      await queryClient.invalidateQueries({ queryKey: messagesQuery(eventId).queryKey });
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  if (log.isPending) return <p className={muted}>{i18n._(msg`Loading…`)}</p>;
  const mails = log.data?.mails ?? [];
  return (
    <div className="mt-2 space-y-2" data-testid="message-log">
      {message.counts.failed > 0 && (
        <Button variant="secondary" loading={busy} onClick={() => void retry()} data-testid="message-retry">
          {i18n._(msg`Retry failed (${i18n.number(message.counts.failed)})`)}
        </Button>
      )}
      {error && <Alert kind="error">{error}</Alert>}
      {!mails.length ? (
        <p className={muted}>{i18n._(msg`No recipients yet.`)}</p>
      ) : (
        <ul className="divide-y divide-slate-200 dark:divide-slate-800">
          {mails.map((m) => (
            <li
              key={m.id}
              className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2 text-sm"
              data-testid="message-recipient"
            >
              <MailStateBadge status={m.state} ctx={ctx} />
              <span className="min-w-0 break-all">
                <EmailText value={m.to} />
              </span>
              {m.state === 'failed' && m.response && (
                <span
                  className="w-full text-xs break-words text-red-800 dark:text-red-300"
                  data-testid="mail-answer"
                >
                  {i18n._(msg`Mail server’s answer: ${m.response}`)}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function MessageRow({
  eventId,
  timeZone,
  message,
  ctx,
}: {
  eventId: number;
  timeZone: string;
  message: GuestMessage;
  ctx: RenderContext;
}) {
  const { i18n } = ctx;
  const [open, setOpen] = useState(false);
  const logId = useId();
  const { counts } = message;
  return (
    <li className="py-3" data-testid="event-message">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0 space-y-1">
          <p className="font-medium break-words">{localizedText(message.subject, ctx.language)}</p>
          <p className="text-xs text-slate-600 dark:text-slate-400">
            {message.state === 'scheduled'
              ? i18n._(msg`Scheduled for ${venueTime(message.sendAt, timeZone, ctx)}`)
              : i18n._(msg`Sent ${venueTime(message.sendAt, timeZone, ctx)}`)}
            {' · '}
            {i18n._(msg`by ${localizedText(message.by, ctx.language)}`)}
          </p>
          <p className="text-sm" data-testid="message-counts">
            {message.state === 'scheduled'
              ? i18n._(msg`${i18n.number(message.recipients)} guests now`)
              : i18n._(
                  msg`${i18n.number(message.recipients)} guests: ${i18n.number(counts.sent)} sent, ${i18n.number(counts.queued)} queued, ${i18n.number(counts.failed)} failed`,
                )}
          </p>
        </div>
        {message.state === 'queued' && (
          <Button
            variant="ghost"
            aria-expanded={open}
            aria-controls={logId}
            onClick={() => setOpen(!open)}
            data-testid="message-open"
          >
            {open ? i18n._(msg`Hide recipients`) : i18n._(msg`Recipients and failures`)}
          </Button>
        )}
      </div>
      <div id={logId}>{open && <MessageLog eventId={eventId} message={message} ctx={ctx} />}</div>
    </li>
  );
}

export function EventMessages({
  eventId,
  timeZone,
  ctx,
}: {
  eventId: number;
  timeZone: string;
  ctx: RenderContext;
}) {
  const { i18n } = ctx;
  const messages = useQuery(messagesQuery(eventId));
  const [writing, setWriting] = useState(false);
  return (
    <DetailsCard
      titleId="event-messages-title"
      title={i18n._(msg`Messages to guests`)}
      testId="event-messages"
    >
      <div className="space-y-4">
        <Reminder eventId={eventId} ctx={ctx} />
        {writing ? (
          <MessageComposer eventId={eventId} timeZone={timeZone} ctx={ctx} onDone={() => setWriting(false)} />
        ) : (
          <Button onClick={() => setWriting(true)} data-testid="message-write">
            {i18n._(msg`Write a message`)}
          </Button>
        )}
        {messages.isPending ? (
          <p className={muted}>{i18n._(msg`Loading…`)}</p>
        ) : !messages.data?.length ? (
          <p className={muted}>{i18n._(msg`No messages yet.`)}</p>
        ) : (
          <ul className="divide-y divide-slate-200 dark:divide-slate-800">
            {messages.data.map((m) => (
              <MessageRow key={m.id} eventId={eventId} timeZone={timeZone} message={m} ctx={ctx} />
            ))}
          </ul>
        )}
      </div>
    </DetailsCard>
  );
}
