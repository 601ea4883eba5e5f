import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Link } from '@tanstack/react-router';
import { ShieldX } from 'lucide-react';

/** A route whose permission the user lacks (docs/architecture.md §4: shown instead of the page). */
export function NoAccessPage() {
  const { i18n } = useLingui();
  return (
    <section
      aria-labelledby="no-access-title"
      className="mx-auto max-w-lg py-12 text-center"
      data-testid="no-access"
    >
      <ShieldX aria-hidden="true" className="mx-auto size-12 text-amber-600 dark:text-amber-400" />
      <h1 id="no-access-title" className="mt-4 text-2xl font-semibold">
        {i18n._(msg`No access`)}
      </h1>
      <p className="mt-2 text-slate-700 dark:text-slate-300">
        {i18n._(
          msg`Your account does not have permission to open this page. Ask an administrator if you need it.`,
        )}
      </p>
      <Link
        to="/"
        className="mt-6 inline-block font-medium text-indigo-700 underline underline-offset-4 dark:text-indigo-300"
      >
        {i18n._(msg`Back to the dashboard`)}
      </Link>
    </section>
  );
}
