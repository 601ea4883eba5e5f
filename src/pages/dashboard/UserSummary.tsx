import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Link } from '@tanstack/react-router';
import { ChevronRight } from 'lucide-react';
import { visibleNavigation } from '@/app/navigation';
import { roleLabel } from '@/app/roles';
import { displayName, useSession } from '@/app/session';
import { Avatar } from '@/components/Avatar';

/** Name, e-mail, role and the sections the user can manage, with links. */
export function UserSummary() {
  const { i18n } = useLingui();
  const session = useSession();
  const areas = visibleNavigation(session.permissions ?? []).filter((entry) => entry.kind === 'group');
  const name = displayName(session);

  return (
    <>
      <section
        aria-labelledby="summary-title"
        className="flex flex-wrap items-center gap-4 rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
      >
        <Avatar path={session.profileImage} size={64} />
        <div className="min-w-0 flex-1 basis-40">
          <h2 id="summary-title" className="text-xl font-semibold break-words">
            {i18n._(msg`Welcome, ${name}`)}
          </h2>
          <p className="break-all text-slate-700 dark:text-slate-300">{session.email}</p>
          <p className="mt-1">
            <span className="rounded bg-indigo-100 px-2 py-0.5 text-sm font-medium text-indigo-900 dark:bg-indigo-900 dark:text-indigo-100">
              {roleLabel(i18n, session.role)}
            </span>
          </p>
        </div>
        <Link
          to="/profile"
          className="rounded-md border border-slate-300 px-3 py-2 text-sm font-medium hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800"
        >
          {i18n._(msg`My Profile`)}
        </Link>
      </section>

      <section aria-labelledby="areas-title" className="space-y-3">
        <h2 id="areas-title" className="text-lg font-semibold">
          {i18n._(msg`What you can manage`)}
        </h2>
        {areas.length === 0 ? (
          <p className="text-slate-700 dark:text-slate-300">
            {i18n._(msg`Your account has no management areas yet. Ask an administrator for access.`)}
          </p>
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {areas.map((area) => {
              if (area.kind !== 'group') return null;
              const Icon = area.icon;
              return (
                <li
                  key={area.id}
                  className="rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
                >
                  <h3 className="flex items-center gap-2 font-semibold">
                    <Icon aria-hidden="true" className="size-5 text-indigo-700 dark:text-indigo-300" />
                    {i18n._(area.label)}
                  </h3>
                  <ul className="mt-2 space-y-1">
                    {area.children.map((child) => (
                      <li key={child.id}>
                        <Link
                          to={child.to}
                          className="inline-flex items-center gap-1 text-sm font-medium text-indigo-700 underline-offset-4 hover:underline dark:text-indigo-300"
                        >
                          {i18n._(child.label)}
                          <ChevronRight aria-hidden="true" className="size-4 rtl:rotate-180" />
                        </Link>
                      </li>
                    ))}
                  </ul>
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </>
  );
}
