/** The views menu's content (./ViewsMenu.tsx): the views, the active one checked, then the actions. */
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Check, Star, Users } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import type { SavedView } from '@/contract';
import { menuItemClass } from '@/components/menu';
import { cx } from '@/components/ui';

export interface Entry {
  key: string;
  label: string;
  testId: string;
  onSelect: () => void;
  disabled?: boolean;
}

const labelClass = 'px-2 py-1 text-xs font-semibold text-slate-600 dark:text-slate-400';

/** The menu's content: the views (the active one checked), then the actions. */
export function ViewsPanel({
  list,
  active,
  actions,
  online,
  loading,
  phone,
  onApply,
  closeSheet,
}: {
  list: SavedView[];
  active: SavedView | undefined;
  actions: Entry[];
  online: boolean;
  loading: boolean;
  phone: boolean;
  onApply: (view: SavedView) => void;
  closeSheet: () => void;
}) {
  const { i18n } = useLingui();
  const Item = phone ? SheetItem : MenuItem;
  return (
    <>
      {!phone && <DropdownMenu.Label className={labelClass}>{i18n._(msg`Saved views`)}</DropdownMenu.Label>}
      {list.length === 0 && (
        <p className="px-2 py-1 text-sm text-slate-600 dark:text-slate-400" data-testid="views-empty">
          {loading ? i18n._(msg`Loading…`) : i18n._(msg`No saved views yet.`)}
        </p>
      )}
      <div role="group" aria-label={i18n._(msg`Saved views`)}>
        {list.map((view) => {
          const owner = i18n.locale === 'ar' ? view.ownerName.ar : view.ownerName.en;
          return (
            <Item
              key={view.id}
              testId={`view-${view.id}`}
              checked={view.id === active?.id}
              onSelect={() => onApply(view)}
            >
              <span className="min-w-0 flex-1 truncate">{view.name}</span>
              {view.isDefault && (
                <Star aria-label={i18n._(msg`Opens the list`)} className="size-4 shrink-0 text-amber-600" />
              )}
              {view.shared && (
                <Users
                  aria-label={view.mine ? i18n._(msg`Shared`) : i18n._(msg`Shared by ${owner}`)}
                  className="size-4 shrink-0 text-slate-500"
                />
              )}
            </Item>
          );
        })}
      </div>
      {phone ? (
        <hr className="border-slate-200 dark:border-slate-700" />
      ) : (
        <DropdownMenu.Separator className="my-1 h-px bg-slate-200 dark:bg-slate-700" />
      )}
      {actions.map((entry) => (
        <Item
          key={entry.key}
          testId={entry.testId}
          disabled={entry.disabled}
          onSelect={() => {
            closeSheet();
            entry.onSelect();
          }}
        >
          {entry.label}
        </Item>
      ))}
      {!online && (
        <p className="px-2 py-1 text-xs text-amber-800 dark:text-amber-300" data-testid="views-offline">
          {i18n._(msg`Saving and changing views needs a connection. Saved views still open offline.`)}
        </p>
      )}
    </>
  );
}

interface ItemProps {
  testId: string;
  checked?: boolean;
  disabled?: boolean;
  onSelect: () => void;
  children: React.ReactNode;
}

function MenuItem({ testId, checked, disabled, onSelect, children }: ItemProps) {
  return (
    <DropdownMenu.Item
      className={cx(
        menuItemClass,
        'relative ps-8 data-[disabled]:cursor-not-allowed data-[disabled]:opacity-60',
      )}
      data-testid={testId}
      disabled={disabled}
      onSelect={onSelect}
      {...(checked === undefined ? {} : { 'aria-current': checked ? 'true' : undefined })}
    >
      {checked && <Check aria-hidden="true" className="absolute start-2 size-4" />}
      {children}
    </DropdownMenu.Item>
  );
}

function SheetItem({ testId, checked, disabled, onSelect, children }: ItemProps) {
  return (
    <button
      type="button"
      className="relative flex min-h-11 w-full items-center gap-2 rounded-md px-2 ps-8 text-start text-sm hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-60 dark:hover:bg-slate-800"
      data-testid={testId}
      disabled={disabled}
      aria-current={checked ? 'true' : undefined}
      onClick={onSelect}
    >
      {checked && <Check aria-hidden="true" className="absolute start-2 size-4" />}
      {children}
    </button>
  );
}
