import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import type { ErrorComponentProps } from '@tanstack/react-router';
import { useRouter } from '@tanstack/react-router';
import { TriangleAlert } from 'lucide-react';
import { isChunkLoadError } from '@/app/lazy';
import { Button } from '../ui';

/**
 * A page that failed. A page part that could not be loaded (offline, a new version, the 120 s timeout)
 * offers a Reload; any other error offers to try again.
 */
export function RouteErrorPage({ error, reset }: ErrorComponentProps) {
  const { i18n } = useLingui();
  const router = useRouter();
  const chunk = isChunkLoadError(error);
  return (
    <section
      role="alert"
      className="mx-auto max-w-lg px-4 py-12 text-center"
      data-testid={chunk ? 'chunk-error' : 'route-error'}
    >
      <TriangleAlert aria-hidden="true" className="mx-auto size-12 text-red-700 dark:text-red-400" />
      <h1 className="mt-4 text-2xl font-semibold">
        {chunk ? i18n._(msg`This part of the app could not be loaded`) : i18n._(msg`Something went wrong`)}
      </h1>
      <p className="mt-2 text-slate-700 dark:text-slate-300">
        {chunk
          ? i18n._(msg`Check your connection, then reload the page.`)
          : i18n._(msg`The page ran into a problem. Try again, or reload the page.`)}
      </p>
      <div className="mt-6 flex justify-center gap-3">
        {!chunk && (
          <Button
            variant="secondary"
            onClick={() => {
              reset();
              void router.invalidate();
            }}
          >
            {i18n._(msg`Try again`)}
          </Button>
        )}
        <Button onClick={() => window.location.reload()}>{i18n._(msg`Reload`)}</Button>
      </div>
    </section>
  );
}
