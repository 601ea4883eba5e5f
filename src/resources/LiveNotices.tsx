/**
 * What the live stream changed, said on the screen instead of redrawing it under the user
 * (docs/decisions/0019-live-updates-and-many-processes.md): an open list offers "N new or changed —
 * show"; an open form says "Changed by … — review" before its user saves over it.
 */
import { msg, plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { RefreshCw } from 'lucide-react';
import { useEffect } from 'react';
import type { Language } from '@/contract/common';
import { markEditing, useLiveCount, useLiveRecordChange } from '@/app/live-store';
import { Alert, Button } from '@/components/ui';

export function LiveListNotice({
  resource,
  since,
  onShow,
}: {
  resource: string;
  /** When the list's data was fetched: only later changes count. */
  since: number;
  onShow: () => void;
}) {
  const { i18n } = useLingui();
  const count = useLiveCount(resource, since);
  if (count === 0) return null;
  return (
    <div role="status" className="flex justify-center" data-testid="live-list-notice">
      <Button variant="secondary" onClick={onShow}>
        <RefreshCw aria-hidden className="size-4" />
        {i18n._(msg`${plural(count, { one: '# new or changed', other: '# new or changed' })} — show`)}
      </Button>
    </div>
  );
}

/** Holds the record open (the stream does not reload it) and says when someone else changed it. */
export function LiveFormNotice({
  resource,
  id,
  version,
  onReview,
}: {
  resource: string;
  id: number | undefined;
  version: number | undefined;
  onReview: () => void;
}) {
  const { i18n } = useLingui();
  useEffect(() => (id === undefined ? undefined : markEditing(resource, id)), [resource, id]);
  const change = useLiveRecordChange(resource, id, version);
  if (!change) return null;
  const name = change.actor?.name[i18n.locale as Language] ?? i18n._(msg`another user`);
  return (
    <Alert kind="info">
      <div className="flex flex-wrap items-center gap-3" data-testid="live-form-notice">
        <p>
          {change.action === 'delete'
            ? i18n._(msg`Deleted by ${name}.`)
            : i18n._(msg`Changed by ${name} since you opened it.`)}
        </p>
        {change.action !== 'delete' && (
          <Button variant="secondary" onClick={onReview}>
            {i18n._(msg`Review the latest version`)}
          </Button>
        )}
      </div>
    </Alert>
  );
}
