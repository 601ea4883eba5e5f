/**
 * A screen whose data was never saved on this device, while the server cannot be reached
 * (docs/architecture.md §5: pages show the persisted copy offline; without one there is nothing to
 * show). After a few seconds of waiting it says so, links to the lists that are saved here, and the
 * screen loads by itself once the connection returns (paused queries resume; unreachable ones are
 * retried, src/app/connection.ts).
 */
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useQueryClient, type FetchStatus } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { isUnreachable, useConnection } from '@/app/connection';
import { NAV_ITEMS, visibleNavigation } from '@/app/navigation';
import { useSession } from '@/app/session';
import { AppLink } from '@/components/AppLink';
import type { ApiError } from '@/lib/api';
import { Alert, Button } from '@/components/ui';
import type { Resource } from '@/contract';
import { resources } from '@/contract/areas/registry';
import { listQueryOptions } from './queries';
import { toListQuery } from './search';

/** How long a screen without data waits for the network before it says it is not saved here. */
export const NOT_SAVED_AFTER_MS = 3_000;

interface QueryLike {
  data: unknown;
  error: unknown;
  fetchStatus: FetchStatus;
}

/**
 * No answer came (offline, or the server cannot be reached): a proxy's 502/504 count; the server's
 * own 503 (database busy) is an answer, shown with its message and a Retry (src/lib/api.ts).
 */
const noAnswer = (error: unknown) => isUnreachable(error) && (error as ApiError).status !== 503;

/** True when `query` has no data and cannot get any now (offline, paused or the server unreachable). */
export function useNotSavedHere(query: QueryLike): boolean {
  const connection = useConnection();
  const empty = query.data === undefined;
  const failed = empty && noAnswer(query.error);
  const answered = query.error != null && !noAnswer(query.error);
  const waiting = empty && !answered && (connection !== 'online' || query.fetchStatus === 'paused');
  const [late, setLate] = useState(false);
  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(() => setLate(true), NOT_SAVED_AFTER_MS);
    // The wait ends (data, or online again): a later wait counts from its own start.
    return () => {
      clearTimeout(timer);
      setLate(false);
    };
  }, [waiting]);
  return failed || (waiting && late);
}

const RESOURCES = new Map<string, Resource>(resources.map((resource) => [resource.key, resource]));

/**
 * The lists of the sidebar (those the user may open) saved on this device as their link opens them:
 * an area's first page in its default order (a list seen only filtered, as the dashboard's widgets
 * read it, would open unsaved). Lists of no resource (Activity): any page of theirs.
 */
function useSavedLists() {
  const { permissions } = useSession();
  const client = useQueryClient();
  const saved = new Set(
    client
      .getQueryCache()
      .findAll({ predicate: (q) => q.queryKey[1] === 'list' && q.state.data !== undefined })
      .map((q) => String(q.queryKey[0]))
      .filter((key) => {
        const resource = RESOURCES.get(key);
        return (
          !resource ||
          client.getQueryData(listQueryOptions(resource, toListQuery(resource, {})).queryKey) !== undefined
        );
      }),
  );
  const open = new Set(
    visibleNavigation(permissions ?? []).flatMap((entry) =>
      entry.kind === 'item' ? [entry.id] : entry.children.map((child) => child.id),
    ),
  );
  return NAV_ITEMS.filter((item) => open.has(item.id) && saved.has(item.resource ?? item.id));
}

export function NotSavedHere({ onRetry }: { onRetry: () => void }) {
  const { i18n } = useLingui();
  const lists = useSavedLists();
  return (
    <div className="mx-auto max-w-lg p-4" data-testid="not-saved-here" role="status">
      <Alert kind="info">
        <p className="font-medium">{i18n._(msg`This screen is not saved on this device`)}</p>
        <p className="mt-1">{i18n._(msg`It loads when the connection returns.`)}</p>
        {lists.length > 0 ? (
          <>
            <p className="mt-3">{i18n._(msg`Saved on this device:`)}</p>
            <ul className="mt-1 list-disc ps-5" data-testid="saved-lists">
              {lists.map((item) => (
                <li key={item.id}>
                  <AppLink to={item.to} className="font-medium underline">
                    {i18n._(item.label)}
                  </AppLink>
                </li>
              ))}
            </ul>
          </>
        ) : (
          <p className="mt-3">{i18n._(msg`Nothing is saved on this device yet.`)}</p>
        )}
        <Button variant="secondary" className="mt-3" onClick={onRetry}>
          {i18n._(msg`Retry`)}
        </Button>
      </Alert>
    </div>
  );
}
