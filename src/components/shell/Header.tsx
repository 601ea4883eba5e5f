import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Link } from '@tanstack/react-router';
import { Menu } from 'lucide-react';
import { HeaderSearch } from '@/components/HeaderSearch';
import { LanguageSwitcher } from '@/components/LanguageSwitcher';
import { NotificationBell } from '@/components/NotificationBell';
import { ProfileMenu } from '@/components/ProfileMenu';
import { ThemeToggle } from '@/components/ThemeToggle';

export interface HeaderProps {
  sidebarId: string;
  sidebarOpen: boolean;
  onToggleSidebar: () => void;
}

/** Logo, sidebar toggle, search box, language switcher, theme toggle and profile menu (docs/product.md §2). */
export function Header({ sidebarId, sidebarOpen, onToggleSidebar }: HeaderProps) {
  const { i18n } = useLingui();
  return (
    <header className="sticky top-0 z-30 flex print:hidden h-16 items-center gap-2 border-b border-slate-200 bg-white/95 px-2 backdrop-blur sm:px-4 dark:border-slate-800 dark:bg-slate-900/95">
      <button
        type="button"
        onClick={onToggleSidebar}
        aria-label={i18n._(msg`Toggle sidebar`)}
        aria-expanded={sidebarOpen}
        aria-controls={sidebarId}
        className="inline-flex size-10 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
      >
        <Menu aria-hidden="true" className="size-5" />
      </button>
      <Link
        to="/"
        className="flex items-center gap-2 rounded-md px-1 py-1 font-semibold"
        aria-label={i18n._(msg`Events Back Office, go to the dashboard`)}
      >
        <img src={`${import.meta.env.BASE_URL}logo.svg`} alt="" width={32} height={32} className="size-8" />
        <span className="hidden sm:inline">{i18n._(msg`Events Back Office`)}</span>
      </Link>
      <HeaderSearch />
      <div className="ms-auto flex items-center gap-1">
        <NotificationBell />
        <LanguageSwitcher />
        <ThemeToggle />
        <ProfileMenu />
      </div>
    </header>
  );
}
