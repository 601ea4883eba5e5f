/**
 * The audit trail in the app (docs/decisions/0017-audit-trail.md): a timeline of entries (who did
 * what, when, from where; each changed field as before → after with its label and values in the
 * reader's language), the History tab of every record, and an admin's Restore.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { RotateCcw } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import type { AuditEntryRecord, AuditQuery, Language } from '@/contract';
import { routes } from '@/contract/routes.gen';
import { notify } from '@/app/notify';
import { Alert, Button, Spinner } from '@/components/ui';
import { call, errorMessage } from '@/lib/api';
import { fieldLabel, shownValue, type AreaWords, type ValueLabels } from './audit-values';
import { dateTime, localizedText } from './cells';
import { ConfirmDialog } from '@/components/dialogs';
import type { RenderContext } from './types';

const auditKey = (query: AuditQuery) => ['audit', query] as const;

/** What an entry did, as the History tab and the Activity screen's filter say it. */
export const AUDIT_ACTION_LABELS: Record<AuditEntryRecord['action'], MessageDescriptor> = {
  create: msg`Created`,
  update: msg`Changed`,
  delete: msg`Deleted`,
  restore: msg`Restored`,
  sign_in: msg`Signed in`,
  sign_in_failed: msg`Sign-in failed`,
  sign_out: msg`Signed out`,
  notification_send: msg`Notification sent`,
  admit: msg`Admitted at the door`,
  lease_take: msg`Seat lease taken`,
  lease_return: msg`Seat lease returned`,
  two_factor_on: msg`Two-factor sign-in turned on`,
  two_factor_off: msg`Two-factor sign-in turned off`,
  two_factor_reset: msg`Two-factor sign-in reset`,
  recovery_codes_renewed: msg`New recovery codes`,
  passkey_add: msg`Passkey added`,
  passkey_rename: msg`Passkey renamed`,
  passkey_remove: msg`Passkey removed`,
  password_reset: msg`Password reset`,
  invite: msg`Invited`,
  invite_resend: msg`Invited again`,
  invite_revoke: msg`Invitation revoked`,
  invite_accept: msg`Invitation accepted`,
  guests_not_told: msg`Guests not told of a change`,
  guests_messaged: msg`Message to guests`,
  reminder_set: msg`Reminder set`,
};

/** A child row's entry names what it is ("Deleted · Supervisor"); the record's own rows need not. */
const PART_LABELS: Record<string, MessageDescriptor> = {
  event_supervisors: msg`Supervisor`,
  event_specialists: msg`Specialist`,
  provider_documents: msg`Document`,
  service_providers: msg`Business profile`,
};

function Change({
  entry,
  field,
  labels,
  values,
  ctx,
}: {
  entry: AuditEntryRecord;
  field: string;
  labels: Record<string, MessageDescriptor>;
  values: ValueLabels;
  ctx: RenderContext;
}) {
  const hasBefore = entry.before !== null && field in entry.before;
  const hasAfter = entry.after !== null && field in entry.after;
  return (
    <li className="flex flex-wrap items-baseline gap-x-2" data-field={field}>
      <span className="font-medium">{fieldLabel(field, labels, ctx)}:</span>
      {!hasBefore && !hasAfter ? (
        <span className="text-slate-600 dark:text-slate-400">{ctx.i18n._(msg`changed`)}</span>
      ) : (
        <>
          {hasBefore && (
            <del className="text-slate-600 dark:text-slate-400" data-testid="audit-before">
              {shownValue(entry.before![field], ctx, field, values)}
            </del>
          )}
          {hasBefore && hasAfter && (
            <span aria-hidden="true" className="rtl:rotate-180">
              →
            </span>
          )}
          {hasAfter && (
            <ins className="no-underline" data-testid="audit-after">
              {shownValue(entry.after![field], ctx, field, values)}
            </ins>
          )}
        </>
      )}
    </li>
  );
}

/** Who did it: the actor's name, or the system. */
const actorName = (entry: AuditEntryRecord, ctx: RenderContext) =>
  entry.actor
    ? localizedText(entry.actor.name, ctx.language) || `#${entry.actor.id}`
    : ctx.i18n._(msg`System`);

/** A trail without area words: labels every area shares, values as recorded. */
const NO_WORDS: AreaWords = { labels: {}, values: {} };

function AuditTimeline({
  entries,
  describeRecord,
  wordsFor,
  restore,
}: {
  entries: readonly AuditEntryRecord[];
  /** The words of each entry's area: a record's own (its History), or each entry's (Activity). */
  wordsFor?: (entry: AuditEntryRecord) => AreaWords | undefined;
  /** Names the record of each entry (the Activity screen). */
  describeRecord?: (entry: AuditEntryRecord) => ReactNode;
  restore?: (entry: AuditEntryRecord) => void;
}) {
  const { i18n } = useLingui();
  const ctx: RenderContext = { i18n, language: i18n.locale as Language };
  if (!entries.length)
    return <p className="text-slate-600 dark:text-slate-400">{i18n._(msg`No changes recorded yet.`)}</p>;
  return (
    <ol className="space-y-4" data-testid="audit-timeline">
      {entries.map((entry) => {
        const words = wordsFor?.(entry) ?? NO_WORDS;
        return (
          <li
            key={entry.id}
            className="border-s-2 border-indigo-300 ps-3"
            data-testid={`audit-entry-${entry.id}`}
          >
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="font-medium">
                {i18n._(AUDIT_ACTION_LABELS[entry.action])}
                {entry.table && PART_LABELS[entry.table] && ` · ${i18n._(PART_LABELS[entry.table]!)}`}
                {describeRecord && entry.recordId && (
                  <span className="ms-2 text-sm font-normal text-slate-600 dark:text-slate-400">
                    {describeRecord(entry)}
                  </span>
                )}
              </p>
              {restore && entry.restorable && (
                <Button
                  variant="secondary"
                  onClick={() => restore(entry)}
                  data-testid={`restore-${entry.id}`}
                >
                  <RotateCcw aria-hidden="true" className="size-4" />
                  {i18n._(msg`Restore`)}
                </Button>
              )}
            </div>
            <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
              {i18n._(msg`${actorName(entry, ctx)} on ${dateTime(entry.at, ctx)}`)}
              {entry.deviceAt && (
                <span className="ms-2">
                  {i18n._(msg`(made offline on ${dateTime(entry.deviceAt, ctx)})`)}
                </span>
              )}
              {entry.ip && <span className="ms-2 text-slate-500">· {entry.ip}</span>}
            </p>
            {entry.action !== 'create' && entry.fields.length > 0 && (
              <ul className="mt-2 space-y-1 text-sm">
                {entry.fields.map((field) => (
                  <Change
                    key={field}
                    entry={entry}
                    field={field}
                    labels={words.labels}
                    values={words.values}
                    ctx={ctx}
                  />
                ))}
              </ul>
            )}
          </li>
        );
      })}
    </ol>
  );
}

/** Pages of entries for `query`, newest first (a cursor per page). */
function useAuditEntries(query: Omit<AuditQuery, 'cursor'>) {
  return useInfiniteQuery({
    queryKey: auditKey(query),
    initialPageParam: undefined as string | undefined,
    queryFn: async ({ pageParam, signal }) =>
      (
        await call(routes.auditList, {
          signal,
          query: { ...query, ...(pageParam ? { cursor: pageParam } : {}) } as Record<string, string>,
        })
      ).data,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}

/** An admin's restore: asked first; the server's refusal stays in the dialog; then everything reloads. */
function useRestore() {
  const queryClient = useQueryClient();
  const [entry, setEntry] = useState<AuditEntryRecord | null>(null);
  const mutation = useMutation({
    mutationFn: (target: AuditEntryRecord) =>
      call(routes.auditRestore, { params: { id: target.id }, body: {} }),
    onSuccess: async (answer, target) => {
      notify.success(answer.message);
      setEntry(null);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['audit'] }),
        queryClient.invalidateQueries({ queryKey: [target.resource] }),
      ]);
    },
  });
  return {
    ask: (target: AuditEntryRecord) => {
      mutation.reset();
      setEntry(target);
    },
    dialog: (i18n: ReturnType<typeof useLingui>['i18n']) => (
      <ConfirmDialog
        open={entry !== null}
        onOpenChange={(open) => !open && setEntry(null)}
        title={i18n._(msg`Restore`)}
        description={i18n._(msg`Put the record back as it was before this change?`)}
        confirmLabel={i18n._(msg`Restore`)}
        error={mutation.isError ? errorMessage(mutation.error) : null}
        busy={mutation.isPending}
        onConfirm={() => entry && mutation.mutate(entry)}
      />
    ),
  };
}

/** The entries of `query` with "Load more", and Restore for admins. */
export function AuditEntries({
  query,
  describeRecord,
  wordsFor,
  canRestore,
}: {
  query: Omit<AuditQuery, 'cursor'>;
  wordsFor?: (entry: AuditEntryRecord) => AreaWords | undefined;
  describeRecord?: (entry: AuditEntryRecord) => ReactNode;
  canRestore: boolean;
}): ReactNode {
  const { i18n } = useLingui();
  const entries = useAuditEntries(query);
  const restore = useRestore();
  if (entries.isPending) return <Spinner />;
  if (entries.isError)
    return (
      <Alert kind="error">
        <p>{errorMessage(entries.error)}</p>
        <Button className="mt-3" onClick={() => void entries.refetch()}>
          {i18n._(msg`Retry`)}
        </Button>
      </Alert>
    );
  const items = entries.data.pages.flatMap((page) => page.items);
  return (
    <div className="space-y-4">
      <AuditTimeline
        entries={items}
        describeRecord={describeRecord}
        wordsFor={wordsFor}
        restore={canRestore ? restore.ask : undefined}
      />
      {canRestore && restore.dialog(i18n)}
      {entries.hasNextPage && (
        <Button
          variant="secondary"
          disabled={entries.isFetchingNextPage}
          onClick={() => void entries.fetchNextPage()}
        >
          {i18n._(msg`Load more`)}
        </Button>
      )}
    </div>
  );
}
