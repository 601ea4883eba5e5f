import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { RefreshCw } from 'lucide-react';
import { useEffect, useState } from 'react';
import { afterFirstScreen } from '@/app/first-screen';
import type * as PwaRegister from '@/pwa/register';
import { Button } from './ui';

/** What the prompt uses of the service worker module. */
type PwaModule = Pick<typeof PwaRegister, 'onNeedRefresh' | 'applyUpdate'>;
// Not before the first screen is shown, like the registration itself (app/first-screen.ts).
const loadPwa = (): Promise<PwaModule> => afterFirstScreen().then(() => import('@/pwa/register'));

/**
 * "A new version is available — Reload" (DESIGN.md §5). The service worker module is loaded on demand,
 * the same instance that main.tsx registered with.
 */
export function UpdatePrompt({ load = loadPwa }: { load?: () => Promise<PwaModule> }) {
  const { i18n } = useLingui();
  const [pwa, setPwa] = useState<PwaModule | null>(null);
  const [visible, setVisible] = useState(false);
  const [updating, setUpdating] = useState(false);

  useEffect(() => {
    let unsubscribe: (() => void) | undefined;
    let cancelled = false;
    load().then(
      (module) => {
        if (cancelled) return;
        setPwa(module);
        unsubscribe = module.onNeedRefresh(() => setVisible(true));
      },
      () => undefined,
    );
    return () => {
      cancelled = true;
      unsubscribe?.();
    };
  }, [load]);

  if (!visible || !pwa) return null;
  return (
    <div
      role="status"
      data-testid="update-prompt"
      className="fixed inset-x-2 bottom-2 z-50 mx-auto flex max-w-md flex-wrap items-center gap-3 rounded-lg border border-indigo-300 bg-white p-3 shadow-lg sm:inset-x-auto sm:end-4 sm:bottom-4 dark:border-indigo-700 dark:bg-slate-900"
    >
      <RefreshCw aria-hidden="true" className="size-5 text-indigo-700 dark:text-indigo-300" />
      <p className="min-w-0 flex-1 text-sm">{i18n._(msg`A new version is available.`)}</p>
      <div className="flex gap-2">
        <Button variant="ghost" onClick={() => setVisible(false)}>
          {i18n._(msg`Later`)}
        </Button>
        <Button
          loading={updating}
          onClick={() => {
            setUpdating(true);
            void pwa.applyUpdate().finally(() => setUpdating(false));
          }}
        >
          {i18n._(msg`Reload`)}
        </Button>
      </div>
    </div>
  );
}
