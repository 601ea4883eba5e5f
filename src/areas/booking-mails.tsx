/**
 * A booking's delivery log (docs/product.md, "What guests are told"): every mail queued for its
 * guest, newest first, with its state, tries and times, and a failure's answer from the mail server.
 */
import { msg } from '@lingui/core/macro';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BookingMail, MailState } from '@/contract';
import { routes } from '@/contract/routes.gen';
import { call } from '@/lib/api';
import { dateTime, EmailText, statusBadge } from '@/resources/cells';
import type { RenderContext } from '@/resources/types';
import { DetailsCard } from './details-frame';

/** Under the resource's key, so that every booking write refreshes it. */
const bookingMailsQuery = (id: number) =>
  queryOptions({
    queryKey: ['booking', 'mails', id] as const,
    queryFn: async ({ signal }) => (await call(routes.bookingMails, { params: { id }, signal })).data,
  });

export const MailStateBadge = statusBadge<MailState>(
  { queued: msg`Queued`, sending: msg`Sending`, sent: msg`Sent`, failed: msg`Failed` },
  { queued: 'grey', sending: 'amber', sent: 'green', failed: 'red' },
  'mail-state',
);

const KIND_TEXT: Record<BookingMail['kind'], ReturnType<typeof msg>> = {
  event_cancelled: msg`Event cancelled`,
  event_changed: msg`Event changed`,
  message: msg`Message from staff`,
  reminder: msg`Reminder`,
  event_reinstated: msg`Event back on`,
};

export function BookingMails({ bookingId, ctx }: { bookingId: number; ctx: RenderContext }) {
  const { i18n } = ctx;
  const mails = useQuery(bookingMailsQuery(bookingId));
  return (
    <DetailsCard titleId="mails-title" title={i18n._(msg`Mails to the guest`)} testId="booking-mails">
      {mails.isPending ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">{i18n._(msg`Loading…`)}</p>
      ) : !mails.data?.length ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">{i18n._(msg`No mails yet.`)}</p>
      ) : (
        <ul className="divide-y divide-slate-200 dark:divide-slate-800">
          {mails.data.map((m) => (
            <li key={m.id} className="py-2 text-sm" data-testid="booking-mail">
              <p className="flex flex-wrap items-center gap-2">
                <MailStateBadge status={m.state} ctx={ctx} />
                <span className="font-medium">{i18n._(KIND_TEXT[m.kind])}</span>
              </p>
              <p className="mt-1 break-words">{m.subject}</p>
              <p className="mt-1 text-slate-700 dark:text-slate-300">
                <EmailText value={m.to} />
              </p>
              <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">
                {i18n._(msg`Queued ${dateTime(m.createdAt, ctx)}`)}
                {m.sentAt && ` · ${i18n._(msg`Sent ${dateTime(m.sentAt, ctx)}`)}`}
                {' · '}
                {i18n._(msg`Tries: ${i18n.number(m.attempts)}`)}
                {m.nextAttemptAt &&
                  m.attempts > 0 &&
                  ` · ${i18n._(msg`Next try ${dateTime(m.nextAttemptAt, ctx)}`)}`}
              </p>
              {m.state === 'failed' && m.response && (
                <p
                  className="mt-1 text-xs break-words text-red-800 dark:text-red-300"
                  data-testid="mail-answer"
                >
                  {i18n._(msg`Mail server’s answer: ${m.response}`)}
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
    </DetailsCard>
  );
}
