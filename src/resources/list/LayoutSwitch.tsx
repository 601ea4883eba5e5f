/**
 * The switch between a list's table and its other layouts (the events' calendar,
 * docs/decisions/0070-the-events-calendar.md): two pressed-or-not buttons, the choice kept in the
 * URL (`view=`) so that a link and a saved view reopen it.
 */
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Table2 } from 'lucide-react';
import type { ListLayout } from '@/contract';
import { Button } from '@/components/ui';
import type { BaseRecord } from '../queries';
import type { AreaConfig } from '../types';
import type { SetListSearch } from './useListSearch';
import { LAYOUT_KEY } from './view-state';

export function LayoutSwitch<T extends BaseRecord>({
  area,
  layout,
  setSearch,
}: {
  area: AreaConfig<T>;
  layout: ListLayout | undefined;
  setSearch: SetListSearch;
}) {
  const { i18n } = useLingui();
  const layouts = Object.entries(area.layouts ?? {}) as [
    ListLayout,
    NonNullable<AreaConfig['layouts']>[ListLayout],
  ][];
  if (!layouts.length) return null;
  const choices = [
    { key: undefined, label: i18n._(msg`Table`), Icon: Table2 },
    ...layouts.map(([key, page]) => ({ key, label: i18n._(page!.label), Icon: page!.icon })),
  ];
  return (
    <div role="group" aria-label={i18n._(msg`Layout`)} className="inline-flex" data-testid="layout-switch">
      {choices.map(({ key, label, Icon }, i) => (
        <Button
          key={key ?? 'table'}
          variant={layout === key ? 'primary' : 'secondary'}
          aria-pressed={layout === key}
          data-testid={`layout-${key ?? 'table'}`}
          className={i === 0 ? 'rounded-e-none' : 'rounded-s-none border-s-0'}
          onClick={() => setSearch({ [LAYOUT_KEY]: key, page: undefined })}
        >
          <Icon aria-hidden="true" className="size-4" />
          {label}
        </Button>
      ))}
    </div>
  );
}
