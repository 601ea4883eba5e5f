/**
 * The sidebar of docs/product.md §2: entries from the navigation table, hidden without permission, groups that
 * expand and collapse (and open by themselves on a child's path), active item by path, "Loading"
 * until the permissions are known.
 */
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Link } from '@tanstack/react-router';
import { ChevronDown } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { groupOfPath, isActivePath, visibleNavigation, type NavEntry, type NavItem } from '@/app/navigation';
import type { Role } from '@/contract/plain';
import { cx } from './ui';

export interface SidebarProps {
  pathname: string;
  /** `null` while the permissions load. */
  permissions: readonly string[] | null;
  /** The signed-in role: a service provider also gets "My business". */
  role?: Role | null;
  /** Called after a link is followed (the phone drawer closes). */
  onNavigate?: () => void;
}

const linkClass = (active: boolean, nested: boolean) =>
  cx(
    'flex min-h-10 w-full items-center gap-3 rounded-md px-3 py-2 text-sm font-medium transition-colors',
    nested && 'ps-10',
    active
      ? 'bg-indigo-600 text-white'
      : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white',
  );

export function Sidebar({ pathname, permissions, role, onNavigate }: SidebarProps) {
  const { i18n } = useLingui();
  const entries = useMemo(() => visibleNavigation(permissions ?? [], role), [permissions, role]);
  const [open, setOpen] = useState<ReadonlySet<string>>(() => {
    const group = groupOfPath(pathname, entries);
    return new Set(group ? [group.id] : []);
  });

  // A group opens by itself when the current path comes to belong to one of its children.
  const activeGroupId = groupOfPath(pathname, entries)?.id;
  const [seenGroupId, setSeenGroupId] = useState(activeGroupId);
  if (activeGroupId !== seenGroupId) {
    setSeenGroupId(activeGroupId);
    if (activeGroupId && !open.has(activeGroupId)) setOpen(new Set([...open, activeGroupId]));
  }

  const toggle = (id: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <nav data-testid="sidebar" aria-label={i18n._(msg`Main navigation`)} className="flex flex-col gap-1 p-3">
      {permissions === null ? (
        <p role="status" className="px-3 py-2 text-sm text-slate-700 dark:text-slate-300">
          {i18n._(msg`Loading`)}
        </p>
      ) : (
        <ul className="flex flex-col gap-1">
          {entries.map((entry) => (
            <li key={entry.id}>
              <SidebarEntry
                entry={entry}
                pathname={pathname}
                expanded={open.has(entry.id)}
                onToggle={() => toggle(entry.id)}
                onNavigate={onNavigate}
              />
            </li>
          ))}
        </ul>
      )}
    </nav>
  );
}

function SidebarEntry({
  entry,
  pathname,
  expanded,
  onToggle,
  onNavigate,
}: {
  entry: NavEntry;
  pathname: string;
  expanded: boolean;
  onToggle: () => void;
  onNavigate: (() => void) | undefined;
}) {
  const { i18n } = useLingui();
  const listId = useId();
  const Icon = entry.icon;

  // A group that would hold a single link is that link, with the group's icon.
  if (entry.kind === 'item' || entry.children.length === 1) {
    return (
      <SidebarLink
        item={entry.kind === 'item' ? entry : entry.children[0]!}
        pathname={pathname}
        onNavigate={onNavigate}
        icon={<Icon aria-hidden="true" className="size-5 shrink-0" />}
      />
    );
  }

  const containsActive = entry.children.some((child) => isActivePath(pathname, child));
  return (
    <>
      <button
        type="button"
        aria-expanded={expanded}
        aria-controls={listId}
        onClick={onToggle}
        className={cx(
          'flex min-h-10 w-full items-center gap-3 rounded-md px-3 py-2 text-start text-sm font-medium transition-colors',
          containsActive
            ? 'text-indigo-800 dark:text-indigo-200'
            : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white',
        )}
      >
        <Icon aria-hidden="true" className="size-5 shrink-0" />
        <span className="flex-1">{i18n._(entry.label)}</span>
        <ChevronDown
          aria-hidden="true"
          className={cx('size-4 shrink-0 transition-transform', expanded && 'rotate-180')}
        />
      </button>
      <ul id={listId} hidden={!expanded} className="mt-1 flex flex-col gap-1">
        {entry.children.map((child) => (
          <li key={child.id}>
            <SidebarLink item={child} pathname={pathname} onNavigate={onNavigate} nested />
          </li>
        ))}
      </ul>
    </>
  );
}

function SidebarLink({
  item,
  pathname,
  onNavigate,
  nested = false,
  icon,
}: {
  item: NavItem;
  pathname: string;
  onNavigate: (() => void) | undefined;
  nested?: boolean;
  icon?: React.ReactNode;
}) {
  const { i18n } = useLingui();
  const active = isActivePath(pathname, item);
  return (
    <Link
      to={item.to}
      aria-current={active ? 'page' : undefined}
      data-active={active || undefined}
      activeOptions={{ exact: true }}
      onClick={onNavigate}
      className={linkClass(active, nested)}
    >
      {icon}
      <span>{i18n._(item.label)}</span>
    </Link>
  );
}
