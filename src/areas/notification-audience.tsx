/**
 * Whom a notification reaches (docs/product.md, the Notification Manager): counted by the server as
 * sending would resolve it, under the form's audience, in Send now's confirmation and on a
 * notification's read view before it is sent; once sent, the view lists its recipients.
 */
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useQuery } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import type { AudienceType, Language } from '@/contract';
import { routes } from '@/contract/routes.gen';
import { call } from '@/lib/api';
import { Alert } from '@/components/ui';
import { cardClass } from '@/resources/DetailsPage';
import { dateTime, localizedText } from '@/resources/cells';
import type { Notification } from './notification';

interface Audience {
  audienceType: AudienceType;
  audienceRoles: string[];
  audienceUserIds: number[];
}

/** An audience that names someone (an empty one is refused by the form before it is counted). */
const named = (a: Partial<Audience>): a is Audience =>
  a.audienceType === 'all' ||
  (a.audienceType === 'roles' && (a.audienceRoles?.length ?? 0) > 0) ||
  (a.audienceType === 'users' && (a.audienceUserIds?.length ?? 0) > 0);

/** How many people the audience reaches now; null while unknown (loading, offline, not named yet). */
function useAudienceCount(audience: Partial<Audience>): number | null {
  const body = named(audience)
    ? {
        audienceType: audience.audienceType,
        audienceRoles: audience.audienceType === 'roles' ? audience.audienceRoles : [],
        audienceUserIds: audience.audienceType === 'users' ? audience.audienceUserIds : [],
      }
    : null;
  const count = useQuery({
    queryKey: ['notification', 'audience', body],
    queryFn: async ({ signal }) =>
      (await call(routes.notificationAudience, { body: body as never, signal })).data.count,
    enabled: body !== null,
  });
  return body === null ? null : (count.data ?? null);
}

/** "Reaches 12 people now", or a warning when it reaches nobody. */
function AudienceCount({ count }: { count: number | null }) {
  const { i18n } = useLingui();
  if (count === null) return null;
  if (count === 0)
    return (
      <Alert kind="error">
        <p data-testid="audience-count" data-count={0}>
          {i18n._(
            msg`This audience reaches nobody now: no active account matches it. Nothing would be sent.`,
          )}
        </p>
      </Alert>
    );
  return (
    <p data-testid="audience-count" data-count={count} className="text-sm text-slate-700 dark:text-slate-300">
      {i18n._(msg`Reaches ${i18n.number(count)} people now.`)}
    </p>
  );
}

/** Under the form's fields: the audience being written, counted. */
export function AudienceFormNote() {
  const [audienceType, audienceRoles, audienceUserIds] = useWatch({
    name: ['audienceType', 'audienceRoles', 'audienceUserIds'],
  }) as [AudienceType, string[], number[]];
  return <AudienceCount count={useAudienceCount({ audienceType, audienceRoles, audienceUserIds })} />;
}

/** In Send now's confirmation. */
export function AudienceConfirmDetail({ row }: { row: Notification }) {
  const { i18n } = useLingui();
  const count = useAudienceCount(row);
  if (count === null) return null;
  return (
    <strong data-testid="audience-count" data-count={count}>
      {count === 0
        ? i18n._(msg`It reaches nobody now: edit its audience first.`)
        : i18n._(msg`It reaches ${i18n.number(count)} people now.`)}
    </strong>
  );
}

/** The read view's section: the count before sending, the recipients after. */
export function NotificationAudienceSection({ row }: { row: Notification }) {
  const { i18n } = useLingui();
  const sent = row.status === 'sent' || row.status === 'failed';
  return (
    <section className={cardClass} aria-labelledby="recipients-title" data-testid="notification-recipients">
      <h2 id="recipients-title" className="mb-3 text-lg font-semibold">
        {i18n._(msg`Recipients`)}
      </h2>
      {sent ? <RecipientList row={row} /> : <PendingCount row={row} />}
    </section>
  );
}

function PendingCount({ row }: { row: Notification }) {
  return <AudienceCount count={useAudienceCount(row)} />;
}

function RecipientList({ row }: { row: Notification }) {
  const { i18n } = useLingui();
  const language = i18n.locale as Language;
  const ctx = { i18n, language };
  const list = useQuery({
    queryKey: ['notification', 'recipients', row.id, row.version],
    queryFn: async ({ signal }) =>
      (await call(routes.notificationRecipients, { params: { id: row.id }, signal })).data.items,
  });
  if (list.data === undefined)
    return list.isError ? (
      <p className="text-sm">{i18n._(msg`The recipients cannot be loaded now.`)}</p>
    ) : null;
  if (list.data.length === 0)
    return (
      <p className="text-sm">{i18n._(msg`It reached nobody: no active account matched its audience.`)}</p>
    );
  return (
    <>
      <p className="mb-3 text-sm text-slate-700 dark:text-slate-300">
        {i18n._(msg`Sent to ${i18n.number(list.data.length)} people.`)}
      </p>
      <ul className="divide-y divide-slate-100 dark:divide-slate-800" data-testid="recipient-list">
        {list.data.map((person) => (
          <li
            key={person.userId}
            data-testid="recipient"
            className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2"
          >
            <span className="min-w-0 [overflow-wrap:anywhere]">
              <span className="font-medium">{localizedText(person.name, language)}</span>{' '}
              <bdi className="text-sm text-slate-600 dark:text-slate-400">{person.email}</bdi>
            </span>
            <span className="text-sm text-slate-700 dark:text-slate-300">
              {person.readAt
                ? i18n._(msg`Read ${dateTime(person.readAt, ctx)}`)
                : i18n._(msg`Delivered in the app, not read yet`)}
              {' · '}
              {person.devices > 0
                ? i18n._(msg`pushed to ${i18n.number(person.devices)} devices`)
                : i18n._(msg`no device to push to`)}
            </span>
          </li>
        ))}
      </ul>
    </>
  );
}
