import './styles.css';
import { I18nProvider } from '@lingui/react';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { activateLanguage, applyDocumentLanguage, i18n } from '@/app/i18n';
import { showFlashNotice } from '@/app/language';
import { watchConnection } from '@/app/connection';
import { persistOptions, queryClient } from '@/app/query';
import { hydrateSession } from '@/app/session';
import { initTheme } from '@/app/theme';
import { configureApi } from '@/lib/api';
import { router } from './router';

initTheme();

async function boot() {
  // Session, permissions and language come from IndexedDB before the first render (the boot spinner
  // of index.html shows meanwhile); <html lang dir> are set before anything is painted in the language.
  const session = await hydrateSession();
  applyDocumentLanguage(session.language);
  await activateLanguage(session.language);

  configureApi({
    onUnauthorized: () => {
      void router.navigate({ to: '/login' });
    },
  });

  watchConnection(queryClient);
  // The outbox loads beside the first screen (the login page does not need it).
  const outbox = import('@/app/outbox').then((module) => {
    module.startOutbox(queryClient);
    return module;
  });

  const container = document.getElementById('root');
  if (!container) throw new Error('The #root element is missing from index.html');
  createRoot(container).render(
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <PersistQueryClientProvider
          client={queryClient}
          persistOptions={persistOptions}
          onSuccess={() => {
            void queryClient.resumePausedMutations();
            // The queued writes show over the restored data, then go out when they can.
            void outbox.then((module) => module.loadOutbox());
          }}
        >
          <RouterProvider router={router} />
        </PersistQueryClientProvider>
      </I18nProvider>
    </StrictMode>,
  );
  showFlashNotice();

  if (import.meta.env.PROD) {
    void import('./pwa/register').then(({ registerServiceWorker }) => registerServiceWorker());
  }
}

void boot();
