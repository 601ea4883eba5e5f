import { lazy, Suspense, useEffect, useState } from 'react';
import { afterFirstScreen } from '@/app/first-screen';
import type * as PwaRegister from '@/pwa/register';

// Its banner is not part of any first load: it loads when a new version waits.
const UpdateBanner = lazy(() =>
  import('./UpdateBanner').then(({ UpdateBanner }) => ({ default: UpdateBanner })),
);

/** What the prompt uses of the service worker module. */
type PwaModule = Pick<typeof PwaRegister, 'onNeedRefresh' | 'applyUpdate'>;
// Not before the first screen is shown, like the registration itself (app/first-screen.ts).
const loadPwa = (): Promise<PwaModule> => afterFirstScreen().then(() => import('@/pwa/register'));

/**
 * "A new version is available — Reload" (docs/architecture.md §5). The service worker module is loaded on demand,
 * the same instance that main.tsx registered with.
 */
export function UpdatePrompt({ load = loadPwa }: { load?: () => Promise<PwaModule> }) {
  const [pwa, setPwa] = useState<PwaModule | null>(null);
  const [visible, setVisible] = useState(false);

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
    <Suspense fallback={null}>
      <UpdateBanner onLater={() => setVisible(false)} onReload={() => pwa.applyUpdate()} />
    </Suspense>
  );
}
