import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { MoreHorizontal, Trash2 } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { menuItemClass } from '@/components/menu';
import { MenuContent } from '@/components/menu-panel';
import { Button, cx } from '@/components/ui';
import { ActionItem } from './list/RowMenu';
import type { BaseRecord } from './queries';
import type { AreaAction } from './types';

/**
 * A record's destructive actions (reject, block, cancel…, and Delete) behind one "More" button of its
 * read view (docs/product.md §2, details), never beside its main action in solid red; each keeps the
 * test id and the offline reason of its button.
 */
export function MoreActions<T extends BaseRecord>({
  actions,
  reasonOf,
  onRun,
  onDelete,
}: {
  actions: readonly AreaAction<T>[];
  reasonOf: (action: AreaAction<T>) => string | null;
  onRun: (action: AreaAction<T>) => void;
  /** Absent: the record cannot be deleted. */
  onDelete?: () => void;
}) {
  const { i18n } = useLingui();
  if (actions.length === 0 && !onDelete) return null;
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <Button variant="secondary" data-testid="record-more" aria-label={i18n._(msg`More actions`)}>
          <MoreHorizontal aria-hidden="true" className="size-4" />
          {i18n._(msg`More`)}
        </Button>
      </DropdownMenu.Trigger>
      <MenuContent>
        {actions.map((action) => (
          <ActionItem
            key={action.id}
            action={action}
            reason={reasonOf(action)}
            onAction={onRun}
            testId={`action-${action.id}`}
          />
        ))}
        {onDelete && (
          <DropdownMenu.Item
            className={cx(menuItemClass, 'text-red-700 dark:text-red-400')}
            onSelect={onDelete}
            data-testid="action-delete"
          >
            <Trash2 aria-hidden="true" className="size-4" />
            {i18n._(msg`Delete`)}
          </DropdownMenu.Item>
        )}
      </MenuContent>
    </DropdownMenu.Root>
  );
}
