import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Eye, MoreHorizontal, Pencil, Trash2 } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import type { Language } from '@/contract';
import { AppLink } from '@/components/AppLink';
import { menuItemClass } from '@/components/menu';
import { MenuContent } from '@/components/menu-panel';
import { cx } from '@/components/ui';
import { useActionContext, useNeedsServer } from '../actions';
import type { BaseRecord } from '../queries';
import type { AreaAction, AreaConfig } from '../types';

export function RowMenu<T extends BaseRecord>({
  area,
  row,
  onDelete,
  onAction,
}: {
  area: AreaConfig<T>;
  row: T;
  onDelete: () => void;
  onAction: (action: NonNullable<AreaConfig<T>['actions']>[number]) => void;
}) {
  const { i18n } = useLingui();
  const language = i18n.locale as Language;
  const context = useActionContext();
  const needsServer = useNeedsServer();
  const name = area.recordName(row, { i18n, language });
  const extras = (area.actions ?? []).filter((action) => action.visible?.(row, context) ?? true);
  const canRemove = Boolean(area.resource.endpoints.remove) && (area.canRemove?.(row, context) ?? true);
  const canEdit = Boolean(area.paths.edit) && (area.canEdit?.(row) ?? true);
  // No menu is ever empty: a row with nothing to do has no actions button.
  if (!area.paths.details && !canEdit && extras.length === 0 && !canRemove) return null;
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <button
          type="button"
          aria-label={i18n._(msg`Actions for ${name}`)}
          data-testid="row-actions"
          className="inline-flex size-10 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 data-[state=open]:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800 dark:data-[state=open]:bg-slate-800"
        >
          <MoreHorizontal aria-hidden="true" className="size-5" />
        </button>
      </DropdownMenu.Trigger>
      <MenuContent>
        {area.paths.details && (
          <DropdownMenu.Item asChild className={menuItemClass}>
            <AppLink to={area.paths.details(row.id)}>
              <Eye aria-hidden="true" className="size-4" />
              {i18n._(msg`View`)}
            </AppLink>
          </DropdownMenu.Item>
        )}
        {area.paths.edit && canEdit && (
          <DropdownMenu.Item asChild className={menuItemClass}>
            <AppLink to={area.paths.edit(row.id, row)}>
              <Pencil aria-hidden="true" className="size-4" />
              {i18n._(msg`Edit`)}
            </AppLink>
          </DropdownMenu.Item>
        )}
        {extras.map((action) => (
          <ActionItem
            key={action.id}
            action={action}
            reason={needsServer(action)}
            onAction={onAction}
            testId={`row-action-${action.id}`}
          />
        ))}
        {canRemove && (
          <DropdownMenu.Item
            className={cx(menuItemClass, 'text-red-700 dark:text-red-400')}
            onSelect={onDelete}
          >
            <Trash2 aria-hidden="true" className="size-4" />
            {i18n._(msg`Delete`)}
          </DropdownMenu.Item>
        )}
      </MenuContent>
    </DropdownMenu.Root>
  );
}

/** An area's action in a menu; without the server one it needs is disabled, its reason under it (ADR 0076). */
export function ActionItem<T extends BaseRecord>({
  action,
  reason,
  onAction,
  testId,
}: {
  action: AreaAction<T>;
  reason: string | null;
  onAction: (action: AreaAction<T>) => void;
  testId: string;
}) {
  const { i18n } = useLingui();
  const Icon = action.icon;
  return (
    <DropdownMenu.Item
      disabled={reason !== null}
      className={cx(
        menuItemClass,
        action.danger && 'text-red-700 dark:text-red-400',
        reason && 'flex-wrap opacity-70',
      )}
      onSelect={() => onAction(action)}
      data-testid={testId}
    >
      {Icon && <Icon aria-hidden="true" className="size-4" />}
      {i18n._(action.label)}
      {reason && (
        <span className="basis-full text-xs font-normal text-slate-600 dark:text-slate-300">{reason}</span>
      )}
    </DropdownMenu.Item>
  );
}
