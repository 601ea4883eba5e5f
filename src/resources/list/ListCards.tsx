import { useLingui } from '@lingui/react';
import type { Language } from '@/contract';
import { RecordCard } from '@/components/RecordCard';
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
          <AreaCard
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

function AreaCard<T extends BaseRecord>({
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
  const recordName = area.recordName(row, ctx);
  return (
    <RecordCard
      data-testid="list-row"
      data-layout="card"
      data-row-id={row.id}
      data-row-name={recordName}
      title={title.cell(row, ctx)}
      to={recordPath(area, row)}
      status={status?.cell(row, ctx)}
      fields={fields.map((field) => ({
        id: field.id,
        label: ctx.i18n._(field.header),
        value: field.cell(row, ctx),
      }))}
      before={
        selection && (
          <span className="flex min-h-6 items-center">
            <SelectRow selection={selection} id={row.id} name={recordName} />
          </span>
        )
      }
      after={<RowMenu area={area} row={row} onDelete={onDelete} onAction={onAction} />}
    />
  );
}
