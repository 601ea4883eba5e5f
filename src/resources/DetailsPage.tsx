/**
 * The generic read view: the record as a definition list, its related data (sections an area adds)
 * and its actions (edit, the area's extras, delete).
 */
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Pencil } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import type { Language } from '@/contract';
import { NotFoundPage } from '@/components/error-pages/NotFoundPage';
import { Alert, Button, buttonClass } from '@/components/ui';
import { ApiError, errorMessage } from '@/lib/api';
import { primaryAction, useActionContext, useNeedsServer, useRecordActions } from './actions';
import { AppLink } from '@/components/AppLink';
import { DataAge } from '@/components/DataAge';
import { NotSavedHere, useNotSavedHere } from './NotSavedHere';
import { detailQueryOptions, failedToLoad, type BaseRecord } from './queries';
import type { AreaAction, AreaConfig, DetailItem, RenderContext } from './types';
import { BackToList } from './BackToList';
import { RecordHistory } from './RecordHistory';
import { RecordNotFound } from './RecordNotFound';
import { MoreActions } from './MoreActions';
import { RecordSummary } from './RecordSummary';

export const cardClass =
  'rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900';

/** A record's fields as label / value pairs. */
export function DefinitionList<T extends BaseRecord>({
  items,
  row,
  ctx,
}: {
  items: readonly DetailItem<T>[];
  row: T;
  ctx: RenderContext;
}) {
  return (
    <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-[max-content_1fr]">
      {items.map((item, index) => (
        <div key={index} className="contents">
          <dt className="font-medium text-slate-700 dark:text-slate-300">{ctx.i18n._(item.label)}</dt>
          <dd className="min-w-0 break-words">{item.value(row, ctx)}</dd>
        </div>
      ))}
    </dl>
  );
}

const bone = 'block animate-pulse rounded bg-slate-200 dark:bg-slate-700';

/**
 * A record's screen while it loads: the layout of `RecordView` (back link, heading, actions) and a
 * card of `rows` label / value pairs as placeholders, so nothing moves when the record arrives.
 */
export function DetailsSkeleton({ rows = 6 }: { rows?: number }) {
  const { i18n } = useLingui();
  return (
    <section className="mx-auto max-w-5xl space-y-4" data-testid="details-skeleton" aria-busy="true">
      <span className="sr-only" role="status">
        {i18n._(msg`Loading…`)}
      </span>
      <span aria-hidden="true" className={`${bone} h-4 w-24`} />
      <div aria-hidden="true" className="flex flex-wrap items-center justify-between gap-3">
        <span className={`${bone} h-8 w-64 max-w-full`} />
        <span className={`${bone} h-10 w-24`} />
      </div>
      <div aria-hidden="true" className={cardClass}>
        <div className="grid gap-x-6 gap-y-3 sm:grid-cols-[max-content_1fr]">
          {Array.from({ length: rows }, (_, i) => (
            <div key={i} className="contents">
              <span className={`${bone} h-4 w-28`} />
              <span className={`${bone} h-4 w-full max-w-72`} />
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}

/** The error or not-found state of a record that could not be read (of `area`: its list is offered). */
export function RecordLoadError({
  error,
  retry,
  area,
}: {
  error: unknown;
  retry: () => void;
  area?: Pick<AreaConfig, 'paths' | 'title'>;
}) {
  const { i18n } = useLingui();
  if (error instanceof ApiError && error.status === 404)
    return area ? <RecordNotFound area={area} /> : <NotFoundPage />;
  return (
    <div className="mx-auto max-w-lg">
      <Alert kind="error">
        <p>{errorMessage(error)}</p>
        <Button className="mt-3" onClick={retry}>
          {i18n._(msg`Retry`)}
        </Button>
      </Alert>
    </div>
  );
}

const tabClass = (active: boolean) =>
  `min-h-10 border-b-2 px-4 py-2 text-sm font-medium ${
    active
      ? 'border-indigo-600 text-indigo-700 dark:text-indigo-300'
      : 'border-transparent text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-slate-100'
  }`;

/** The record's Details (its content) and History (its audit trail) tabs. */
function RecordTabs<T extends BaseRecord>({
  area,
  row,
  children,
}: {
  area: AreaConfig<T>;
  row: T;
  children: ReactNode;
}) {
  const { i18n } = useLingui();
  const [tab, setTab] = useState<'details' | 'history'>('details');
  return (
    <>
      <div role="tablist" className="flex gap-1 border-b border-slate-200 dark:border-slate-800">
        <button
          type="button"
          role="tab"
          id="tab-details"
          aria-selected={tab === 'details'}
          aria-controls="tabpanel-details"
          className={tabClass(tab === 'details')}
          onClick={() => setTab('details')}
        >
          {i18n._(msg`Details`)}
        </button>
        <button
          type="button"
          role="tab"
          id="tab-history"
          aria-selected={tab === 'history'}
          aria-controls="tabpanel-history"
          className={tabClass(tab === 'history')}
          onClick={() => setTab('history')}
          data-testid="tab-history"
        >
          {i18n._(msg`History`)}
        </button>
      </div>
      {tab === 'details' ? (
        <div role="tabpanel" id="tabpanel-details" aria-labelledby="tab-details" className="space-y-4">
          {children}
        </div>
      ) : (
        <div role="tabpanel" id="tabpanel-history" aria-labelledby="tab-history">
          <RecordHistory area={area} row={row} />
        </div>
      )}
    </>
  );
}

/** An area's action that is not destructive (those wait under "More"); without the server one it needs is disabled, described by the reasons below (ADR 0076). */
function ActionButton<T extends BaseRecord>({
  action,
  primary,
  reason,
  onRun,
}: {
  action: AreaAction<T>;
  primary: boolean;
  reason: string | null;
  onRun: () => void;
}) {
  const { i18n } = useLingui();
  const Icon = action.icon;
  return (
    <Button
      variant={primary ? 'primary' : 'secondary'}
      onClick={onRun}
      disabled={reason !== null}
      aria-describedby={reason ? 'actions-need-server' : undefined}
      data-testid={`action-${action.id}`}
    >
      {Icon && <Icon aria-hidden="true" className="size-4" />}
      {i18n._(action.label)}
    </Button>
  );
}

/** Why the disabled actions wait for the server, written out (a phone has no hover). */
function NeedsServer({ reasons }: { reasons: Map<string, string[]> }) {
  const { i18n } = useLingui();
  if (reasons.size === 0) return null;
  return (
    <div
      id="actions-need-server"
      className="space-y-1 text-sm text-amber-800 dark:text-amber-300"
      data-testid="actions-need-server"
    >
      {[...reasons].map(([reason, labels]) => (
        <p key={reason}>{i18n._(msg`${labels.join(i18n._(msg`, `))}: ${reason}`)}</p>
      ))}
    </div>
  );
}

/** The labels of the actions that wait for the server, by the reason they wait. */
function reasonsOf<T extends BaseRecord>(
  actions: readonly AreaAction<T>[],
  needsServer: (action: AreaAction<T>) => string | null,
  i18n: I18n,
) {
  const reasons = new Map<string, string[]>();
  for (const action of actions) {
    const reason = needsServer(action);
    if (reason) reasons.set(reason, [...(reasons.get(reason) ?? []), i18n._(action.label)]);
  }
  return reasons;
}

/** Heading, back link, the record's actions and its content. */
export function RecordView<T extends BaseRecord>({
  area,
  row,
  updatedAt,
  children,
}: {
  area: AreaConfig<T>;
  row: T;
  /** When the data on screen was fetched (its age shows when it is old or offline). */
  updatedAt?: number;
  children: ReactNode;
}) {
  const { i18n } = useLingui();
  const language = i18n.locale as Language;
  const navigate = useNavigate();
  const context = useActionContext();
  const { askDelete, start, dialogs } = useRecordActions(area, {
    onDeleted: () => void navigate({ to: area.paths.list as '/' }),
  });
  const name = area.recordName(row, { i18n, language });
  const extras = (area.actions ?? []).filter((action) => action.visible?.(row, context) ?? true);
  const canRemove = Boolean(area.resource.endpoints.remove) && (area.canRemove?.(row, context) ?? true);
  const main = primaryAction(extras);
  // Without the server the actions it must take are disabled, why written under them (ADR 0076).
  const needsServer = useNeedsServer();
  const reasons = reasonsOf(extras, needsServer, i18n);
  return (
    <section
      className="mx-auto max-w-5xl space-y-4"
      aria-labelledby="details-title"
      data-testid={`details-${area.resource.key}`}
    >
      <BackToList area={area} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <h1 id="details-title" className="text-2xl font-semibold break-words">
            {name}
          </h1>
          <RecordSummary area={area} row={row} />
          {updatedAt !== undefined && <DataAge updatedAt={updatedAt} />}
        </div>
        <div className="flex flex-wrap gap-2">
          {area.paths.edit && (area.canEdit?.(row) ?? true) && (
            <AppLink
              to={area.paths.edit(row.id, row)}
              className={buttonClass(main ? 'secondary' : 'primary')}
              data-testid="record-edit"
            >
              <Pencil aria-hidden="true" className="size-4" />
              {i18n._(msg`Edit`)}
            </AppLink>
          )}
          {extras
            .filter((action) => !action.danger)
            .map((action) => (
              <ActionButton
                key={action.id}
                action={action}
                primary={action === main}
                reason={needsServer(action)}
                onRun={() => start(action, row)}
              />
            ))}
          <MoreActions
            actions={extras.filter((action) => action.danger)}
            reasonOf={needsServer}
            onRun={(action) => start(action, row)}
            onDelete={canRemove ? () => askDelete(row) : undefined}
          />
        </div>
      </div>
      <NeedsServer reasons={reasons} />
      <RecordTabs area={area} row={row}>
        {children}
      </RecordTabs>
      {dialogs}
    </section>
  );
}

/** The read view of one record (areas without their own details page content). */
export function DetailsPage<T extends BaseRecord>({ area, id }: { area: AreaConfig<T>; id: number }) {
  const { i18n } = useLingui();
  const language = i18n.locale as Language;
  const detail = useQuery(detailQueryOptions<T>(area.resource, id));
  const notSaved = useNotSavedHere(detail);
  if (notSaved) return <NotSavedHere onRetry={() => void detail.refetch()} />;
  if (detail.isPending) return <DetailsSkeleton rows={(area.details ?? area.columns).length} />;
  if (failedToLoad(detail) || detail.data === undefined)
    return <RecordLoadError error={detail.error} retry={() => void detail.refetch()} area={area} />;
  const items: readonly DetailItem<T>[] =
    area.details ?? area.columns.map((column) => ({ label: column.header, value: column.cell }));
  const Sections = area.DetailsSections;
  return (
    <RecordView area={area} row={detail.data} updatedAt={detail.dataUpdatedAt}>
      <section className={cardClass} aria-label={i18n._(msg`Details`)}>
        <DefinitionList items={items} row={detail.data} ctx={{ i18n, language }} />
      </section>
      {Sections && <Sections row={detail.data} />}
    </RecordView>
  );
}
