import { useLingui } from '@lingui/react';
import type { Language } from '@/contract';
import { AppLink } from '@/components/AppLink';
import type { BaseRecord } from '../queries';
import type { ListSearch } from '../search';
import { SelectRow } from '../bulk/SelectBoxes';
import type { Selection } from '../bulk/useSelection';
import type { AreaAction, AreaConfig, RenderContext } from '../types';
import { EmptyCard, SkeletonCards } from './ListStates';
import { recordPath } from './record-path';
import { RowMenu } from './RowMenu';
import type { SetListSearch } from './useListSearch';

const STATUS_IDS = ['status', 'active'];

/** The columns a card shows: its title (the first column), its status badge and its key fields. */
export function cardColumns<T extends BaseRecord>(area: AreaConfig<T>) {
  const [title, ...rest] = area.columns;
  const statusId = area.card?.status ?? rest.find((c) => STATUS_IDS.includes(c.id))?.id;
  const status = rest.find((c) => c.id === statusId);
  const fields = area.card
    ? area.card.fields.flatMap((id) => rest.filter((c) => c.id === id))
    : rest.filter((c) => c !== status && !c.hiddenByDefault).slice(0, 3);
  return { title: title!, status, fields };
}

interface ListCardsProps<T extends BaseRecord> {
  area: AreaConfig<T>;
  rows: readonly T[];
  title: string;
  busy: boolean;
  pending: boolean;
  pageSize: number;
  search: ListSearch;
  setSearch: SetListSearch;
  onDelete: (row: T) => void;
  onAction: (action: AreaAction<T>, row: T) => void;
  /** Check boxes of the rows (bulk actions). */
  selection?: Selection;
}

/** The current page as cards (phones, docs/product.md §2 lists): no sideways scrolling. */
export function ListCards<T extends BaseRecord>({
  area,
  rows,
  title,
  busy,
  pending,
  pageSize,
  search,
  setSearch,
  onDelete,
  onAction,
  selection,
}: ListCardsProps<T>) {
  const { i18n } = useLingui();
  const ctx: RenderContext = { i18n, language: i18n.locale as Language };
  return (
    <ul
      aria-label={title}
      aria-busy={busy || undefined}
      data-testid="list-cards"
      className="divide-y divide-slate-100 dark:divide-slate-800"
    >
      {pending ? (
        <SkeletonCards count={Math.min(pageSize, 5)} />
      ) : rows.length === 0 ? (
        <EmptyCard resource={area.resource} search={search} setSearch={setSearch} />
      ) : (
        rows.map((row) => (
          <RecordCard
            key={row.id}
            area={area}
            row={row}
            ctx={ctx}
            selection={selection}
            onDelete={() => onDelete(row)}
            onAction={(action) => onAction(action, row)}
          />
        ))
      )}
    </ul>
  );
}

function RecordCard<T extends BaseRecord>({
  area,
  row,
  ctx,
  selection,
  onDelete,
  onAction,
}: {
  area: AreaConfig<T>;
  row: T;
  ctx: RenderContext;
  selection?: Selection;
  onDelete: () => void;
  onAction: (action: AreaAction<T>) => void;
}) {
  const { title, status, fields } = cardColumns(area);
  const path = recordPath(area, row);
  const name = title.cell(row, ctx);
  const recordName = area.recordName(row, ctx);
  return (
    <li
      data-testid="list-row"
      data-layout="card"
      data-row-id={row.id}
      data-row-name={recordName}
      className="flex items-start gap-2 p-3 data-[active=true]:outline-2 data-[active=true]:-outline-offset-2 data-[active=true]:outline-indigo-500"
    >
      {selection && (
        <span className="flex min-h-6 items-center">
          <SelectRow selection={selection} id={row.id} name={recordName} />
        </span>
      )}
      <div className="min-w-0 flex-1 space-y-1">
        <div className="flex flex-wrap items-start gap-x-2 gap-y-1">
          <div className="min-w-0 flex-1 [overflow-wrap:anywhere]">
            {path ? (
              <AppLink
                to={path}
                data-testid="record-link"
                className="block text-indigo-700 hover:underline dark:text-indigo-300"
              >
                {name}
              </AppLink>
            ) : (
              name
            )}
          </div>
          {status && <div className="shrink-0">{status.cell(row, ctx)}</div>}
        </div>
        {fields.length > 0 && (
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-0.5 text-sm">
            {fields.map((field) => (
              <div key={field.id} className="contents">
                <dt className="text-slate-600 dark:text-slate-400">{ctx.i18n._(field.header)}</dt>
                <dd className="min-w-0 [overflow-wrap:anywhere]">{field.cell(row, ctx)}</dd>
              </div>
            ))}
          </dl>
        )}
      </div>
      <RowMenu area={area} row={row} onDelete={onDelete} onAction={onAction} />
    </li>
  );
}
