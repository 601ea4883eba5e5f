import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Link } from '@tanstack/react-router';
import { FileQuestion } from 'lucide-react';

/** An unknown path (shown inside the shell when signed in). */
export function NotFoundPage() {
  const { i18n } = useLingui();
  return (
    <section
      aria-labelledby="not-found-title"
      className="mx-auto max-w-lg py-12 text-center"
      data-testid="not-found"
    >
      <FileQuestion aria-hidden="true" className="mx-auto size-12 text-slate-600 dark:text-slate-400" />
      <h1 id="not-found-title" className="mt-4 text-2xl font-semibold">
        {i18n._(msg`Page not found`)}
      </h1>
      <p className="mt-2 text-slate-700 dark:text-slate-300">
        {i18n._(msg`There is no page at this address. Check the address or go back to the dashboard.`)}
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
