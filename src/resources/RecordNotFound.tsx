import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { FileQuestion } from 'lucide-react';
import { AppLink } from '@/components/AppLink';
import type { AreaConfig } from './types';

/**
 * A record that is not there (deleted, or an address that names no record): says so and offers its
 * area's list, where the general "Page not found" would send the reader to the dashboard.
 */
export function RecordNotFound({ area }: { area: Pick<AreaConfig, 'paths' | 'title'> }) {
  const { i18n } = useLingui();
  return (
    <section
      aria-labelledby="record-not-found-title"
      className="mx-auto max-w-lg py-12 text-center"
      data-testid="record-not-found"
    >
      <FileQuestion aria-hidden="true" className="mx-auto size-12 text-slate-600 dark:text-slate-400" />
      <h1 id="record-not-found-title" className="mt-4 text-2xl font-semibold">
        {i18n._(msg`This record does not exist`)}
      </h1>
      <p className="mt-2 text-slate-700 dark:text-slate-300">
        {i18n._(msg`It may have been deleted, or the address is wrong.`)}
      </p>
      <AppLink
        to={area.paths.list}
        className="mt-6 inline-block font-medium text-indigo-700 underline underline-offset-4 dark:text-indigo-300"
      >
        {i18n._(msg`Back to ${i18n._(area.title)}`)}
      </AppLink>
    </section>
  );
}
