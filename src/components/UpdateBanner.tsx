import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { Button } from './ui';

/** The banner of UpdatePrompt: loaded only when a new version waits. */
export function UpdateBanner({ onLater, onReload }: { onLater: () => void; onReload: () => Promise<void> }) {
  const { i18n } = useLingui();
  const [updating, setUpdating] = useState(false);
  return (
    <div
      role="status"
      data-testid="update-prompt"
      className="fixed inset-x-2 bottom-2 z-50 mx-auto flex max-w-md flex-wrap items-center gap-3 rounded-lg border border-indigo-300 bg-white p-3 shadow-lg sm:inset-x-auto sm:end-4 sm:bottom-4 dark:border-indigo-700 dark:bg-slate-900"
    >
      <RefreshCw aria-hidden="true" className="size-5 text-indigo-700 dark:text-indigo-300" />
      <p className="min-w-0 flex-1 text-sm">{i18n._(msg`A new version is available.`)}</p>
      <div className="flex gap-2">
        <Button variant="ghost" onClick={onLater}>
          {i18n._(msg`Later`)}
        </Button>
        <Button
          loading={updating}
          onClick={() => {
            setUpdating(true);
            void onReload().finally(() => setUpdating(false));
          }}
        >
          {i18n._(msg`Reload`)}
        </Button>
      </div>
    </div>
  );
}
